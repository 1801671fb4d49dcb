"""Playing cards: validation by situation (ordinary, after a draw, on a penalty, jump-in), then effects."""

from __future__ import annotations

from bot.engine import effects
from bot.engine.actions import Play
from bot.engine.cards import Card, Kind
from bot.engine.checks import chain_mode, check_ordinary, check_stack, jump_in_open
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import CardPlayed, ColourChosen, Event
from bot.engine.rules import JumpIn, Stacking
from bot.engine.scoring import end_round
from bot.engine.situation import Mode, Situation
from bot.engine.state import DecisionKind, GameState, Stage
from bot.engine.turns import begin_turn, require_seated


def play(state: GameState, events: list[Event], action: Play) -> None:
    player = action.player
    require_seated(state, player)
    if state.decision is not None:
        raise IllegalAction(Reason.DECISION_PENDING)
    ids = (action.card, *action.extra) if action.extra else (action.card,)
    hand = state.hands[player]
    if action.card not in hand or (
        action.extra and (len(set(ids)) != len(ids) or any(cid not in hand for cid in action.extra))
    ):
        raise IllegalAction(Reason.CARD_NOT_IN_HAND)
    card = state.card(action.card)
    if action.colour is not None and (action.extra or card.colour is not None):
        raise IllegalAction(Reason.INVALID_COLOUR)
    mode, bluff = classify(state, player, card, action.extra)
    situation = Situation(
        mode=mode,
        bluff=bluff,
        victim=state.turn if state.stage is Stage.PENALTY else None,
        penalty=state.penalty,
        previous_top=state.top,
        previous_colour=state.colour,
    )
    # An 8 played as the last card still had to be covered; a jump-in takes that duty, and the hand is empty.
    emptied = state.turn if mode is Mode.JUMP_IN and state.cover and not state.hands[state.turn] else None
    begin_turn(state, events, player)
    jump = mode is Mode.JUMP_IN
    hand = state.writable_hand(player)
    discard = state.writable_discard()
    for cid in ids:
        hand.remove(cid)
        discard.append(cid)
        events.append(CardPlayed(player, cid, jump))
    last = state.card(ids[-1])
    if last.colour is not None:
        state.colour = last.colour
    state.stall = 0
    state.jump_closed = False
    state.drawn_card = None
    state.cover = False
    state.challenge = None
    if emptied is not None:
        end_round(state, events, emptied, action.now)
        return
    effects.after_play(state, events, player, last, situation, action.now)
    if action.colour is not None and state.decision is DecisionKind.COLOUR and state.decider == player:
        state.colour = action.colour
        state.decision = None
        state.decider = None
        events.append(ColourChosen(player, action.colour))


def classify(state: GameState, player: int, card: Card, extra: tuple[int, ...]) -> tuple[Mode, bool]:
    """Which kind of play this is, raising if it is illegal; also whether a restricted card is a bluff."""
    if player != state.turn:
        if state.rules.jump_in is JumpIn.OFF:
            raise IllegalAction(Reason.NOT_YOUR_TURN)
        _check_jump_in(state, card, extra)
        return Mode.JUMP_IN, False
    if state.stage is Stage.PENALTY:
        if extra:
            raise IllegalAction(Reason.INVALID_MULTI_PLAY)
        identical = card.identical(state.top)
        if chain_mode(state):
            if not identical:
                raise IllegalAction(Reason.PENALTY_PENDING)
            return Mode.PASS_ON, False
        if identical and state.rules.jump_in is not JumpIn.OFF and state.rules.stacking is Stacking.OFF:
            return Mode.JUMP_IN, False
        return Mode.STACK, check_stack(state, player, card)
    if state.stage is Stage.DRAWN:
        if card.id != state.drawn_card or extra:
            raise IllegalAction(Reason.ONLY_DRAWN_CARD)
        return Mode.ORDINARY, check_ordinary(state, player, card)
    bluff = check_ordinary(state, player, card)
    if extra:
        _check_multi_play(state, card, extra)
    return Mode.ORDINARY, bluff


def _check_jump_in(state: GameState, card: Card, extra: tuple[int, ...]) -> None:
    if extra:
        raise IllegalAction(Reason.INVALID_MULTI_PLAY)
    # A card that is not identical could never jump in: saying it was too late would suggest it could have.
    if not card.identical(state.top):
        raise IllegalAction(Reason.NOT_IDENTICAL)
    if not jump_in_open(state):
        raise IllegalAction(Reason.JUMP_IN_CLOSED)


def _check_multi_play(state: GameState, first: Card, extra: tuple[int, ...]) -> None:
    if not state.rules.multi_play:
        raise IllegalAction(Reason.MULTI_PLAY_OFF)
    if first.kind is not Kind.NUMBER:
        raise IllegalAction(Reason.INVALID_MULTI_PLAY)
    for cid in extra:
        other = state.card(cid)
        if other.kind is not Kind.NUMBER or other.number != first.number:
            raise IllegalAction(Reason.INVALID_MULTI_PLAY)
