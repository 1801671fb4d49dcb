"""Cards: colours, kinds, points and short codes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Colour(StrEnum):
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"


COLOURS: tuple[Colour, ...] = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)


class Kind(StrEnum):
    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_TWO = "draw_two"
    WILD = "wild"
    WILD_DRAW_FOUR = "wild_draw_four"
    DOWNPOUR_ONE = "downpour_one"
    DOWNPOUR_TWO = "downpour_two"
    CREEPER = "creeper"
    BLANK = "blank"


ACTION_KINDS = frozenset({Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO})

_COLOUR_CODE = {Colour.RED: "R", Colour.YELLOW: "Y", Colour.GREEN: "G", Colour.BLUE: "B"}
_KIND_CODE = {
    Kind.SKIP: "S",
    Kind.REVERSE: "R",
    Kind.DRAW_TWO: "+2",
    Kind.WILD: "W",
    Kind.WILD_DRAW_FOUR: "W4",
    Kind.DOWNPOUR_ONE: "D1",
    Kind.DOWNPOUR_TWO: "D2",
    Kind.CREEPER: "CR",
    Kind.BLANK: "BL",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. `id` is its index in the deck: stable and unique within a game."""

    id: int
    kind: Kind
    colour: Colour | None = None
    number: int = -1

    @property
    def points(self) -> int:
        if self.kind is Kind.NUMBER:
            return self.number
        return 20 if self.kind in ACTION_KINDS else 50

    @property
    def dealer_rank(self) -> int:
        """Value when drawing for the dealer: action and black cards count as 0."""
        return self.number if self.kind is Kind.NUMBER else 0

    @property
    def code(self) -> str:
        """Short label for logs and tests: R5, Y+2, GS, BR, W, W4, D1, CR, BL."""
        if self.colour is None:
            return _KIND_CODE[self.kind]
        colour = _COLOUR_CODE[self.colour]
        if self.kind is Kind.NUMBER:
            return f"{colour}{self.number}"
        return colour + _KIND_CODE[self.kind]

    def identical(self, other: Card) -> bool:
        """Same colour and same symbol (jump-in); black cards are never identical."""
        return (
            self.colour is not None
            and self.colour == other.colour
            and self.kind == other.kind
            and self.number == other.number
        )
