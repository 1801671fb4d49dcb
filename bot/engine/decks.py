"""The four decks of RULES.md section 1. Card ids are indexes into the deck tuple."""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from bot.engine.cards import COLOURS, Card, Colour, Kind


class DeckName(StrEnum):
    CLASSIC = "classic"
    CLASSIC_BLANK = "classic_blank"
    H2O = "h2o"
    MINECRAFT = "minecraft"


_EXTRA_CARDS: dict[DeckName, tuple[Kind, ...]] = {
    DeckName.CLASSIC: (),
    DeckName.CLASSIC_BLANK: (Kind.BLANK,) * 4,
    DeckName.H2O: (Kind.DOWNPOUR_ONE,) * 2 + (Kind.DOWNPOUR_TWO,) * 2,
    DeckName.MINECRAFT: (Kind.CREEPER,) * 4,
}


@cache
def deck_cards(name: DeckName) -> tuple[Card, ...]:
    specs: list[tuple[Kind, Colour | None, int]] = []
    for colour in COLOURS:
        specs.append((Kind.NUMBER, colour, 0))
        for number in range(1, 10):
            specs += [(Kind.NUMBER, colour, number)] * 2
        for kind in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO):
            specs += [(kind, colour, -1)] * 2
    specs += [(Kind.WILD, None, -1)] * 4 + [(Kind.WILD_DRAW_FOUR, None, -1)] * 4
    specs += [(kind, None, -1) for kind in _EXTRA_CARDS[name]]
    return tuple(
        Card(id=index, kind=kind, colour=colour, number=number)
        for index, (kind, colour, number) in enumerate(specs)
    )


def find_card(name: DeckName, code: str, exclude: frozenset[int] = frozenset()) -> Card:
    """First card of the deck with this code whose id is not excluded (handy in tests and tools)."""
    for card in deck_cards(name):
        if card.code == code and card.id not in exclude:
            return card
    raise KeyError(code)
