"""Turn moves other than playing: draw, pass, accept a penalty, challenge, choose a colour or swap target."""

from __future__ import annotations

from typing import NamedTuple

from bot.engine.actions import Accept, Challenge, ChooseColour, ChooseSwap, Draw, Pass
from bot.engine.cards import Colour
from bot.engine.checks import chain_mode, drawn_playable, fairly_playable, has_cover, playable_cards
from bot.engine.drawing import draw_cards, draw_until_playable
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import (
    CardReturned,
    Challenged,
    ColourChosen,
    ColourReverted,
    DrawReason,
    Event,
    Passed,
    PenaltyVoided,
    Skipped,
)
from bot.engine.rules import DrawRule, Rules
from bot.engine.scoring import end_round, end_stalled_round
from bot.engine.sevens import swap_hands
from bot.engine.state import DecisionKind, GameState, Stage
from bot.engine.turns import begin_turn, give_turn, open_uno_window, require_seated, require_turn

CHALLENGE_EXTRA = 2
EXTREME_CHALLENGE_EXTRA = 4
WILD_DRAW_FOUR_PENALTY = 4
RESTRICTED_WILD_BASE = WILD_DRAW_FOUR_PENALTY  # a restricted plain Wild is challenged as a +4 would be


class ChallengeStakes(NamedTuple):
    """What a challenge of the black card on the table costs: the penalty the challenger would take without
    one (0 for a restricted plain Wild), the cards its player takes if it was a bluff, and those the
    challenger takes if it was fair."""

    penalty: int
    guilty: int
    fair: int


def challenge_extra(rules: Rules) -> int:
    """The cards a fair card's challenger takes beyond the penalty they challenged (RULES.md section 4)."""
    return EXTREME_CHALLENGE_EXTRA if rules.extreme_challenge else CHALLENGE_EXTRA


def challenge_stakes(state: GameState) -> ChallengeStakes:
    extra = challenge_extra(state.rules)
    if state.stage is Stage.PENALTY:
        return ChallengeStakes(state.penalty, state.penalty, state.penalty + extra)
    return ChallengeStakes(0, RESTRICTED_WILD_BASE, RESTRICTED_WILD_BASE + extra)


def draw(state: GameState, events: list[Event], action: Draw) -> None:
    player = action.player
    require_turn(state, player)
    if state.stage is Stage.PENALTY:
        raise IllegalAction(Reason.PENALTY_PENDING)
    if state.stage is Stage.DRAWN:
        raise IllegalAction(Reason.ALREADY_DRAWN)
    cover = state.cover
    if cover and has_cover(state, player):
        raise IllegalAction(Reason.CANNOT_DRAW_CAN_COVER)
    begin_turn(state, events, player)
    state.jump_closed = not cover  # drawing to cover one's own 8 is not the next player's turn yet
    state.challenge = None
    chains = state.chain, state.skip_chain
    state.chain = 0
    state.skip_chain = 0
    if cover:
        # Covering never reshuffles the discards: an 8 covered by an 8 could otherwise cycle forever.
        drawn = draw_until_playable(
            state,
            events,
            player,
            DrawReason.COVER,
            lambda c: fairly_playable(state, player, c),
            reshuffle=False,
        )
        if drawn and has_cover(state, player):
            return
        state.cover = False
        if not state.hands[player]:  # an 8 that was the last card and nothing left to cover it with
            end_round(state, events, player, action.now)
            return
        if drawn:  # from an empty hand back to one card (the pile spent): one card and no call (else a no-op)
            open_uno_window(state, player, action.now)
    elif state.rules.draw_rule is DrawRule.UNTIL_PLAYABLE:
        drawn = draw_until_playable(
            state, events, player, DrawReason.TURN, lambda c: fairly_playable(state, player, c)
        )
    else:
        drawn = draw_cards(state, events, player, 1, DrawReason.TURN)
    if drawn and not cover and drawn_playable(state, player, drawn[-1]):
        state.stage = Stage.DRAWN
        state.drawn_card = drawn[-1]
        state.stall = 0
        # The card just drawn still extends a draw or skip chain the player could extend: it lands on the
        # same sequence (RULES.md: the next player extends it). Passing ends the chain.
        state.chain, state.skip_chain = chains
        return
    # A stalled turn: nothing to draw and nothing the player could have played (an eight they could not cover
    # counts as nothing). A player who drew instead of playing keeps the round going.
    stuck = not drawn and (cover or not playable_cards(state, player))
    state.stall = state.stall + 1 if stuck else 0
    events.append(Passed(player))
    give_turn(state, state.next_player(player))
    if state.stall >= len(state.players):
        end_stalled_round(state, events, action.now)


def pass_turn(state: GameState, events: list[Event], action: Pass) -> None:
    player = action.player
    require_turn(state, player)
    if state.stage is Stage.PENALTY:
        raise IllegalAction(Reason.PENALTY_PENDING)
    if state.stage is Stage.PLAY:
        raise IllegalAction(Reason.MUST_DRAW_FIRST)
    assert state.drawn_card is not None
    if state.rules.force_play and fairly_playable(state, player, state.drawn_card):
        raise IllegalAction(Reason.MUST_PLAY_DRAWN)
    state.chain = 0
    state.skip_chain = 0
    events.append(Passed(player))
    give_turn(state, state.next_player(player))


def accept(state: GameState, events: list[Event], action: Accept) -> None:
    player = action.player
    require_turn(state, player)
    if state.stage is not Stage.PENALTY:
        raise IllegalAction(Reason.NO_PENALTY)
    begin_turn(state, events, player)
    draw_cards(state, events, player, state.penalty, DrawReason.PENALTY)
    events.append(Skipped(player))
    # An extreme draw chain goes on after its victim drew: a jumper may still extend it (seed 000).
    state.jump_closed = not chain_mode(state)
    state.challenge = None
    state.skip_chain = 0
    give_turn(state, state.next_player(player))


def challenge(state: GameState, events: list[Event], action: Challenge) -> None:
    """RULES.md section 4. A challenge of a card whose player has left still stands (RULES.md is silent):
    withdrawn, a bluffer's leaving would make their penalty stick. Fair, it costs the challenger as ever;
    a bluff's cards are void, and said so (the stack, under stacking); under extreme_challenge the colour
    reverts, and said so, and the card stays on the pile (the hand it would go back to is gone)."""
    player = action.player
    require_turn(state, player)
    info = state.challenge
    if info is None or state.stage is Stage.DRAWN:
        raise IllegalAction(Reason.NOTHING_TO_CHALLENGE)
    begin_turn(state, events, player)
    state.jump_closed = True
    state.challenge = None
    stakes = challenge_stakes(state)
    challenged = info.player
    present = challenged in state.hands
    hand = tuple(state.hands[challenged]) if present else ()
    events.append(Challenged(player, challenged, info.guilty, hand))
    if not info.guilty:
        draw_cards(state, events, player, stakes.fair, DrawReason.CHALLENGE)
        events.append(Skipped(player))
        give_turn(state, state.next_player(player))
        return
    if state.rules.extreme_challenge:
        # a leaver's hand is under the draw pile: their card stays, as after a reshuffle
        returned = present and _take_back(state, events, challenged, info.card, info.previous_top)
        undone = info.previous_colour if info.previous_colour is not state.colour else None
        state.colour = info.previous_colour
        if undone is not None and not returned:  # its card still on top: only this tells the colour undone
            events.append(ColourReverted(undone))
    if present:
        draw_cards(state, events, challenged, stakes.guilty, DrawReason.CHALLENGE)
    else:  # the bluffer left: their cards are void, and the table is told so
        events.append(PenaltyVoided(challenged, stakes.guilty))
    give_turn(state, player)


def _take_back(state: GameState, events: list[Event], player: int, card: int, previous_top: int) -> bool:
    """Extreme challenge: the guilty card returns to the hand and the previous top card shows again. If the
    discard pile was reshuffled meanwhile (the previous top is gone), the card stays where it is. Whether it
    returned."""
    if len(state.discard) >= 2 and state.discard[-1] == card and state.discard[-2] == previous_top:
        state.writable_discard().pop()
        state.writable_hand(player).append(card)
        events.append(CardReturned(player, card))
        return True
    return False


def choose_colour(
    state: GameState, events: list[Event], action: ChooseColour, for_timeout: bool = False
) -> None:
    """`for_timeout`: the turn timer chooses for the player (the event says so)."""
    _require_decision(state, action.player, DecisionKind.COLOUR)
    if not isinstance(action.colour, Colour):
        raise IllegalAction(Reason.INVALID_COLOUR)
    state.colour = action.colour
    state.decision = None
    state.decider = None
    events.append(ColourChosen(action.player, action.colour, for_timeout=for_timeout))


def choose_swap(state: GameState, events: list[Event], action: ChooseSwap) -> None:
    _require_decision(state, action.player, DecisionKind.SWAP)
    if action.target == action.player or action.target not in state.hands:
        raise IllegalAction(Reason.INVALID_TARGET)
    state.decision = None
    state.decider = None
    swap_hands(state, events, action.player, action.target, action.now)


def _require_decision(state: GameState, player: int, kind: DecisionKind) -> None:
    require_seated(state, player)
    if state.decision is not kind:
        raise IllegalAction(Reason.NO_DECISION)
    if state.decider != player:
        raise IllegalAction(Reason.NOT_YOUR_TURN)


def most_held_colour(state: GameState, player: int) -> Colour:
    """The colour the player holds most of (ties: red, yellow, green, blue); the colour in force if none."""
    counts = dict.fromkeys(Colour, 0)
    for cid in state.hands.get(player, []):
        colour = state.card(cid).colour
        if colour is not None:
            counts[colour] += 1
    best = max(counts.values())
    if best == 0 and state.colour is not None:
        return state.colour
    return next(colour for colour in Colour if counts[colour] == best)
