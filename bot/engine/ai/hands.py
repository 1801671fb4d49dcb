"""What the computer player reads off the hands: the cards of a list of ids, and a hand about to go out."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.cards import Card
from bot.engine.state import GameState

LOW_HAND = 3  # an opponent with this many cards or fewer is about to go out


def cards(state: GameState, ids: Sequence[int]) -> list[Card]:
    deck = state.deck
    return [deck[cid] for cid in ids]
