"""The table's narration of single events: every event type narrates, in both languages, on one line (or,
for a few, on none); what stays private (the cards drawn, a challenged hand); the words of counts, penalties
and cards (the match's deck's, declined in Russian as the object), hands swapped between two, many winners."""

import dataclasses
import typing
from enum import Enum

import pytest

from bot.engine import events as ev
from bot.engine.cards import Colour, Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.events import EVENT_TYPES, Event
from bot.service.recent_moves import told
from bot.tg.render import Seat
from bot.tg.render.cards import card_label
from bot.tg.render.narration import NARRATORS
from tests.heavy_names import heaviest_allowed
from tests.tg.render.checks import check_text
from tests.tg.render.games import RULE_SETS, random_match
from tests.tg.render.narrating import narrate
from tests.tg.render.narration_events import SEATS, SEATS_OF_THREE, first_of

SILENT = {
    ev.CatchWindowClosed,
    ev.DealerChosen,
    ev.Slapped,
}  # the round's first line names the dealer; the slap window who is still to slap


def _sample_value(hint: object) -> object:
    origin = typing.get_origin(hint)
    if hint is int:
        return 2
    if hint is bool:
        return True
    if origin is tuple:
        return (1, 2, 3)
    if origin is dict:
        return {1: 0, 2: 25, 3: 40}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return next(iter(hint))
    raise AssertionError(f"no sample for {hint}")


def sample(kind: type[Event]) -> Event:
    """An instance of any event type, built from its field types (so new event types need no test change)."""
    hints = typing.get_type_hints(kind)
    values = {field.name: _sample_value(hints[field.name]) for field in dataclasses.fields(kind)}
    return kind(**values)


def test_every_event_type_has_a_narrator() -> None:
    assert set(EVENT_TYPES) <= set(NARRATORS)


@pytest.mark.parametrize("kind", EVENT_TYPES, ids=lambda kind: kind.__name__)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_event_narrates_in_both_languages(kind: type[Event], lang: str) -> None:
    line = narrate(sample(kind), SEATS, lang)
    if kind in SILENT:
        assert line is None
        return
    assert line is not None and "\n" not in line
    check_text(line)
    assert "&lt;Bob&gt;" in line or "<Bob>" not in line


@pytest.mark.parametrize("kind", sorted(SILENT, key=str), ids=lambda kind: kind.__name__)
def test_what_prints_nothing_is_not_kept_for_the_table(kind: type[Event]) -> None:
    """An event with no line took one of the table's recent lines for nothing (the catch window closing)."""
    assert told([sample(kind)]) == []


def test_events_of_real_matches_narrate() -> None:
    seen: set[type[Event]] = set()
    for rules in RULE_SETS.values():
        for _, events in random_match(rules, seed=3, players=4, steps=300):
            for event in events:
                seen.add(type(event))
                for lang in ("en", "ru"):
                    line = narrate(event, SEATS, lang, rules.deck)
                    assert line is None or check_text(line)
    assert len(seen) > 20


def test_drawn_cards_are_private() -> None:
    cards = (40, 41, 42)
    deck = deck_cards(DeckName.CLASSIC)
    for lang, expected in (("en", "draws 3 cards"), ("ru", "берёт 3 карты")):
        line = narrate(ev.CardsDrawn(1, 3, cards, ev.DrawReason.TURN), SEATS, lang)
        assert line is not None and expected in line
        assert not any(card_label(deck[c], lang) in line for c in cards)


def test_challenged_hand_is_never_narrated() -> None:
    deck = deck_cards(DeckName.CLASSIC)
    hand = (5, 60, 100)
    for guilty in (True, False):
        line = narrate(ev.Challenged(1, 2, guilty, hand), SEATS, "en")
        assert line is not None and ("bluff" if guilty else "fair") in line
        assert not any(card_label(deck[c], "en") in line for c in hand)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "берёт 1 карту"),
        (2, "берёт 2 карты"),
        (4, "берёт 4 карты"),
        (5, "берёт 5 карт"),
        (11, "берёт 11 карт"),
        (21, "берёт 21 карту"),
    ],
)
def test_russian_plurals_in_accusative(count: int, expected: str) -> None:
    line = narrate(ev.CardsDrawn(1, count, (), ev.DrawReason.UNO), SEATS, "ru")
    assert line is not None and expected in line


@pytest.mark.parametrize(
    ("lang", "count", "said"),
    [
        ("en", 4, "Ann takes 4 cards as a penalty."),
        ("ru", 4, "Ann берёт штраф: 4 карты."),
        ("ru", 1, "Ann берёт штраф: 1 карта."),
    ],
)
def test_a_penalty_is_named_as_on_the_table(lang: str, count: int, said: str) -> None:
    """The Russian catalogue calls it «штраф» («Штраф игроку Bob: 4 карты»,
    «Сначала возьмите штраф»)."""
    assert narrate(ev.CardsDrawn(1, count, (), ev.DrawReason.PENALTY), SEATS, lang) == said


def test_english_plurals() -> None:
    assert "draws 1 card." in str(narrate(ev.CardsDrawn(1, 1, (7,), ev.DrawReason.TURN), SEATS, "en"))
    assert narrate(ev.Caught(1, 2), SEATS, "en") == "🎯 Ann catches &lt;Bob&gt; without UNO!"
    uno = narrate(ev.CardsDrawn(2, 2, (), ev.DrawReason.UNO), SEATS, "en")
    assert uno == "&lt;Bob&gt; takes 2 cards for not calling “UNO!”."  # the call is named as everywhere


def test_extra_cards_are_named_with_the_matchs_deck() -> None:
    creeper = next(c.id for c in deck_cards(DeckName.MINECRAFT) if c.kind.value == "creeper")
    line = narrate(ev.CardPlayed(1, creeper), SEATS, "en", DeckName.MINECRAFT)
    assert line == "Ann plays 🧨 Creeper."
    assert narrate(ev.ColourChosen(2, Colour.GREEN), SEATS, "ru") == "&lt;Bob&gt; выбирает цвет: 🟩 зелёный."


# The black cards whose names are words: Russian declines them where the card is the object of the verb.
NAMED_CARDS = [
    (Kind.WILD, DeckName.CLASSIC, "🌈 Дикую", "🌈 Wild"),
    (Kind.BLANK, DeckName.CLASSIC_BLANK, "⬜ Пустую", "⬜ Blank"),
    (Kind.CREEPER, DeckName.MINECRAFT, "🧨 Крипера", "🧨 Creeper"),
]


@pytest.mark.parametrize(
    ("kind", "deck", "russian", "english"), NAMED_CARDS, ids=["wild", "blank", "creeper"]
)
def test_a_card_that_is_the_object_is_declined_in_russian(
    kind: Kind, deck: DeckName, russian: str, english: str
) -> None:
    card = first_of(kind, deck)
    objects = [ev.CardPlayed(1, card), ev.CardReturned(1, card), ev.DealerDraw(1, card, 1)]
    for event in objects:
        assert f" {russian}" in str(narrate(event, SEATS, "ru", deck)), event
        assert f" {english}" in str(narrate(event, SEATS, "en", deck)), event
    # Where the card names itself (the subject, a label after "первая карта"), it stays as it is.
    returned = narrate(ev.StartCardReturned(card), SEATS, "ru", deck)
    assert str(returned).startswith(card_label(deck_cards(deck)[card], "ru") + " возвращается")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "The two players swap hands."), ("ru", "Игроки меняются картами.")]
)
def test_hands_passed_on_between_two_read_as_a_swap_on_a_line_of_their_own(lang: str, said: str) -> None:
    """The 0 that passed them on gone from the recent moves, the rotation is told alone."""
    assert narrate(ev.HandsRotated(1, 2), SEATS_OF_THREE, lang) == said


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_nine_winners_of_heavy_names_are_named_first_few_and_how_many_more(lang: str) -> None:
    """As the standings' title (test_results_limits): all nine as one argument was past what Fluent takes."""
    seats = {player: Seat(player, heaviest_allowed()) for player in range(1, 10)}
    line = narrate(ev.MatchEnded(tuple(seats), {}), seats, lang)
    assert line is not None
    assert {"en": "and 6 more share the win", "ru": "и ещё 6 игроков делят победу"}[lang] in check_text(line)
