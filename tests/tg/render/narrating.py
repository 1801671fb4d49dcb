"""The table's narration of events alone (the table narrates the lines `recent_moves.in_lines` makes, each
with `line_of`, through one Narrator: `recent_lines`): what the tests read it through, as a phone shows it
(`spaced`; where a line may wrap, its cards and counts held whole: tests/tg/render/test_news_on_a_phone)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import events as ev
from bot.engine.decks import DeckName
from bot.tg.render.narration import line_of
from bot.tg.render.narrator import Narrator
from bot.tg.render.views import Seat
from tests.narrow_phone import spaced


def narrate(
    event: ev.Event,
    seats: Mapping[int, Seat],
    lang: str,
    deck: DeckName = DeckName.CLASSIC,
) -> str | None:
    """One plain HTML line for the table, or None for an event that needs none. `deck`: the match's deck,
    so that card ids of extra cards (H2O, Minecraft, blank) are named right."""
    return narrate_line([event], seats, lang, deck)


def narrate_line(
    events: Sequence[ev.Event],
    seats: Mapping[int, Seat],
    lang: str,
    deck: DeckName = DeckName.CLASSIC,
) -> str | None:
    """`line_of` for one line alone, with a Narrator of its own."""
    line = line_of(Narrator(seats, lang, deck), events)
    return None if line is None else spaced(line)
