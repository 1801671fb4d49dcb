"""The computer player's pending decisions, once its card is down: the colour of a black card, the player a
7 swaps hands with."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Action, ChooseColour, ChooseSwap
from bot.engine.cards import COLOURS, Colour
from bot.engine.state import DecisionKind, GameState

from .hands import cards


def decide(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    if state.decision is DecisionKind.COLOUR:
        colour = best_colour(state, me)
        return next(a for a in legal if isinstance(a, ChooseColour) and a.colour == colour)
    swaps = [a for a in legal if isinstance(a, ChooseSwap)]
    order = state.others_in_turn_order(me)
    return min(swaps, key=lambda a: (len(state.hands[a.target]), order.index(a.target)))


def best_colour(state: GameState, me: int) -> Colour:
    """The colour held most (then most points of it, then red, yellow, green, blue)."""
    count = dict.fromkeys(COLOURS, 0)
    points = dict.fromkeys(COLOURS, 0)
    for card in cards(state, state.hands[me]):
        if card.colour is not None:
            count[card.colour] += 1
            points[card.colour] += card.points
    return max(COLOURS, key=lambda c: (count[c], points[c], -COLOURS.index(c)))
