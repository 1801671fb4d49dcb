"""The seats, cards and events the narration's tests (tests/tg/render/test_narration*.py) tell."""

from bot.engine import events as ev
from bot.engine.cards import Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import Event
from bot.service.recent_moves import in_lines
from bot.tg.render import Seat
from tests.tg.render.narrating import narrate_line

SEATS = {1: Seat(1, "Ann"), 2: Seat(2, "<Bob>"), 3: Seat(-3, "Robo", is_computer=True)}
SEATS_OF_THREE = {1: Seat(1, "Ann"), 2: Seat(2, "Bob"), 3: Seat(3, "Cleo")}


def a_card(code: str) -> int:
    """The card of `code`: the classic cards are the H2O deck's first, so "D2" names its Downpour too."""
    return next(card.id for card in deck_cards(DeckName.H2O) if card.code == code)


def first_of(kind: Kind, deck: DeckName) -> int:
    return next(c.id for c in deck_cards(deck) if c.kind is kind)


def table_lines(events: list[Event], lang: str) -> list[str | None]:
    """The table's recent lines for `events`, as the group reads them."""
    return [narrate_line(line, {1: Seat(1, "Ann"), 2: Seat(2, "Bob")}, lang) for line in in_lines(events)]


def ann_drew(count: int, reason: ev.DrawReason) -> ev.CardsDrawn:
    return ev.CardsDrawn(1, count, tuple(range(count)), reason)


def bob_drew(count: int, reason: ev.DrawReason) -> ev.CardsDrawn:
    return ev.CardsDrawn(2, count, tuple(range(count)), reason)


def bobs_creepers(count: int) -> list[Event]:
    return [ev.CreeperRevealed(2, card) for card in range(count)]
