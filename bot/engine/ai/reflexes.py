"""The computer player's reflexes, in turn or not: slap, call "UNO!" (or now and then forget to), catch."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Action, CallUno, Catch, Slap
from bot.engine.cards import Card, Kind
from bot.engine.state import GameState

from .chance import mix
from .hands import cards

# A computer left with one card by its own play plays it without calling "UNO!" first, and stays silent
# while it can be caught, one time in FORGET_UNO_ONE_IN (by the round, the card kept and the others' card
# counts: the same before the play and during its catch window; see may_forget).
FORGET_UNO_ONE_IN = 8


def reflex(state: GameState, me: int, legal: Sequence[Action], catch: bool) -> Action | None:
    """Slap at once (its window is the shortest), call "UNO!" as soon as one card is left (unless it forgot
    while it can be caught), catch anyone who has not called."""
    slap = next((action for action in legal if isinstance(action, Slap)), None)
    if slap is not None:
        return slap
    hand = state.hands[me]
    for action in legal:
        if isinstance(action, CallUno) and len(hand) == 1:
            laid = cards(state, state.discard[-2:])
            if me in state.catchable and may_forget(state, laid) and forgets_uno(state, me, hand[0]):
                continue
            return action
        # A window whose deadline has passed is shut though its Timeout has yet to come (a restart's grace):
        # a catch into it would be a false catch.
        if catch and isinstance(action, Catch) and any(p != me for p in state.catchable_at(action.now)):
            return action
    return None


def may_forget(state: GameState, laid: Sequence[Card]) -> bool:
    """Whether a player left one card may forget "UNO!", `laid` being the discard pile's top cards (the top
    last): only after an ordinary play of their own, as people forget. A jump-in (an identical card on top;
    so also an identical card played in turn) cannot call first and calls at once; so does a player handed
    one card by a 7-0 swap or pass."""
    top = laid[-1]
    changes_hands = state.rules.seven_zero and top.kind is Kind.NUMBER and top.number in (0, 7)
    return not changes_hands and not (len(laid) > 1 and top.identical(laid[-2]))


def forgets_uno(state: GameState, me: int, kept: int) -> bool:
    """Whether the player left with the card `kept` forgets "UNO!" (see FORGET_UNO_ONE_IN)."""
    others = sum(len(state.hands[p]) for p in state.players if p != me)
    return mix(state.round_no, me, kept, others) % FORGET_UNO_ONE_IN == 0
