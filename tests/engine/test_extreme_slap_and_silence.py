"""RULES.md section 7, UNO Extreme's zero slap (who draws four: the last to slap, the only one, everyone
who did not; a new 0, a round won meanwhile) and seven silence (the first to speak draws four; its end with
its player's next move, a later 7, a swap, a round won)."""

import pytest

from bot.engine import (
    BreakSilence,
    ChooseSwap,
    Draw,
    IllegalAction,
    Play,
    Reason,
    Rules,
    Slap,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
)
from bot.engine.events import CardsDrawn, DrawReason, SilenceBroken, SilenceEnded, SilenceStarted, SlapStarted

from .helpers import act, card_id, given

SLAP = Rules(zero_slap=True)


def test_zero_slap_the_last_to_slap_draws_four() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, events = act(state, Play(1, card_id(state, 1, "R0"), 1000))
    assert SlapStarted(6000) in events and state.slap_deadline == 6000
    assert Slap(3, 1000) in legal_actions(state, 3)
    state, _ = act(state, Slap(2, 1100), Slap(1, 1200))
    with pytest.raises(IllegalAction) as error:
        apply(state, Slap(2, 1250))
    assert error.value.reason is Reason.ALREADY_SLAPPED
    state, _ = act(state, Slap(3, 1300))
    assert len(state.hands[3]) == 6 and len(state.hands[2]) == 2 and state.slap_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Slap(2, 1400))
    assert error.value.reason is Reason.NO_SLAP_WINDOW


def test_zero_slap_at_the_deadline_the_last_to_slap_and_everyone_who_did_not_draw_four() -> None:
    hands = {1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2", 4: "Y8 Y2"}
    state = given(hands, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1500), Slap(3, 1600))
    with pytest.raises(IllegalAction):
        apply(state, Timeout(TimeoutKind.SLAP, 5999))
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3, 4)] == [2, 6, 6, 6]
    reasons = {e.player: e.reason for e in events if isinstance(e, CardsDrawn)}
    assert reasons == {3: DrawReason.SLAP, 2: DrawReason.NO_SLAP, 4: DrawReason.NO_SLAP}  # each told apart


def test_zero_slap_the_only_one_to_slap_draws_four_as_the_last_told_apart() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(2, 1500))
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3)] == [6, 6, 6]
    reasons = {e.player: e.reason for e in events if isinstance(e, CardsDrawn)}
    assert reasons == {2: DrawReason.SLAP_ALONE, 1: DrawReason.NO_SLAP, 3: DrawReason.NO_SLAP}


def test_zero_slap_nobody_slapped_everyone_draws_four() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000))
    state, _ = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3)] == [6, 6, 6]


def test_a_new_zero_restarts_the_slap_and_forgets_who_slapped_the_last() -> None:
    state = given({1: "R0 G1 G2", 2: "B0 B1 B2", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1100))
    state, _ = act(state, Play(2, card_id(state, 2, "B0"), 1200))
    assert state.slapped == [] and state.slap_pending == [1, 2, 3]
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6200))
    drawn = [(e.player, e.count, e.reason) for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [(p, 4, DrawReason.NO_SLAP) for p in (1, 2, 3)]


def test_a_round_won_during_a_slap_leaves_no_slap_to_time_out() -> None:
    state = given({1: "R0 G1 G2", 2: "R5", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Play(2, card_id(state, 2, "R5"), 1100))
    assert state.round_over and state.slap_pending == [] and state.slap_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


SILENCE = Rules(seven_silence=True)


def test_seven_silence_the_first_to_speak_draws_four() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SILENCE)
    state, events = act(state, Play(1, card_id(state, 1, "R7")))
    assert SilenceStarted(1) in events and state.silence_holder == 1
    state, events = apply(state, BreakSilence(3))
    assert SilenceBroken(3) in events and len(state.hands[3]) == 6 and state.silence_holder is None
    with pytest.raises(IllegalAction) as error:
        apply(state, BreakSilence(2))
    assert error.value.reason is Reason.NO_SILENCE


def test_a_round_won_during_a_silence_ends_it() -> None:
    state = given({1: "R7 G1 G2", 2: "R5", 3: "B8 B2"}, "R3", rules=SILENCE)
    state, _ = act(state, Play(1, card_id(state, 1, "R7")), Play(2, card_id(state, 2, "R5")))
    assert state.round_over and state.silence_holder is None  # no silence shown over the pause


def test_seven_silence_ends_with_the_players_next_move_and_a_later_seven_extends_it() -> None:
    hands = {1: "R7 G1 G2", 2: "B7 B1 B3", 3: "B8 B2 B4"}
    state = given(hands, "R3", rules=SILENCE, draw="Y1 Y2")
    state, _ = act(state, Play(1, card_id(state, 1, "R7")), Play(2, card_id(state, 2, "B7")))
    assert state.silence_holder == 2
    state, events = act(state, Draw(3), Draw(1))
    assert state.silence_holder == 2 and SilenceEnded() not in events
    state, events = act(state, Play(2, card_id(state, 2, "B1")))
    assert SilenceEnded() in events and state.silence_holder is None


def test_seven_silence_outlasts_the_swap_its_player_chooses() -> None:
    # choosing whom to swap with is part of the 7's move, not the player's next move
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SILENCE.changed(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    state, events = act(state, ChooseSwap(1, 3))
    assert SilenceEnded() not in events and state.silence_holder == 1
    state, events = apply(state, BreakSilence(2))
    assert SilenceBroken(2) in events and len(state.hands[2]) == 6
