"""Illegal actions raise `IllegalAction` with a reason code the UI translates into an alert."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    MATCH_OVER = "match_over"
    ROUND_OVER = "round_over"  # between rounds only Leave and Timeout(NEXT_ROUND) are accepted
    NOT_A_PLAYER = "not_a_player"
    NOT_YOUR_TURN = "not_your_turn"
    DECISION_PENDING = "decision_pending"  # someone must first choose a colour or a swap target
    NO_DECISION = "no_decision"  # nothing of that kind to decide now
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_NOT_PLAYABLE = "card_not_playable"
    BLACK_ON_BLACK = "black_on_black"
    WILD_NOT_ALLOWED = "wild_not_allowed"  # a restricted black card while holding the colour in force
    ONLY_DRAWN_CARD = "only_drawn_card"
    MUST_PLAY_DRAWN = "must_play_drawn"
    ALREADY_DRAWN = "already_drawn"
    MUST_DRAW_FIRST = "must_draw_first"
    CANNOT_DRAW_CAN_COVER = "cannot_draw_can_cover"
    PENALTY_PENDING = "penalty_pending"  # stack, challenge or accept first
    CANNOT_STACK = "cannot_stack"
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"
    NO_PENALTY = "no_penalty"
    INVALID_COLOUR = "invalid_colour"
    INVALID_TARGET = "invalid_target"
    JUMP_IN_CLOSED = "jump_in_closed"
    NOT_IDENTICAL = "not_identical"
    MULTI_PLAY_OFF = "multi_play_off"
    INVALID_MULTI_PLAY = "invalid_multi_play"
    CANNOT_CALL_UNO = "cannot_call_uno"
    NO_SLAP_WINDOW = "no_slap_window"
    ALREADY_SLAPPED = "already_slapped"
    NO_SILENCE = "no_silence"
    TIMEOUT_NOT_DUE = "timeout_not_due"


class IllegalAction(Exception):
    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.value)
        self.reason = reason
