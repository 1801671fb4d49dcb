import pytest

from bot.engine.actions import Play
from bot.engine.cards import Card, Colour, Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.game import apply
from bot.engine.state import Pending
from bot.tg.render import card_label
from bot.tg.render.cards import CardForm, card_id_label, sorted_cards, top_line
from tests.engine.helpers import card_id, given


@pytest.mark.parametrize(
    ("card", "en", "ru"),
    [
        (Card(0, Kind.NUMBER, Colour.RED, 5), "🟥 5", "🟥 5"),
        (Card(0, Kind.SKIP, Colour.BLUE), "🟦 Skip", "🟦 Пропуск"),
        (Card(0, Kind.REVERSE, Colour.GREEN), "🟩 Reverse", "🟩 Разворот"),
        (Card(0, Kind.DRAW_TWO, Colour.YELLOW), "🟨 +2", "🟨 +2"),
        (Card(0, Kind.WILD_DRAW_FOUR), "🌈 +4", "🌈 +4"),
        (Card(0, Kind.WILD), "🌈 Wild", "🌈 Дикая"),
        (Card(0, Kind.DOWNPOUR_TWO), "🌧 +2", "🌧 +2"),
        (Card(0, Kind.CREEPER), "🧨 Creeper", "🧨 Крипер"),
        (Card(0, Kind.BLANK), "⬜ Blank", "⬜ Пустая"),
    ],
)
def test_labels(card: Card, en: str, ru: str) -> None:
    assert (card_label(card, "en"), card_label(card, "ru")) == (en, ru)


@pytest.mark.parametrize(
    ("card", "ru_object", "ru_with"),
    [
        (Card(0, Kind.NUMBER, Colour.RED, 5), "🟥 5", "картой 🟥 5"),
        (Card(0, Kind.SKIP, Colour.BLUE), "🟦 Пропуск", "🟦 Пропуском"),
        (Card(0, Kind.REVERSE, Colour.GREEN), "🟩 Разворот", "🟩 Разворотом"),
        (Card(0, Kind.DRAW_TWO, Colour.YELLOW), "🟨 +2", "картой 🟨 +2"),
        (Card(0, Kind.WILD_DRAW_FOUR), "🌈 +4", "картой 🌈 +4"),
        (Card(0, Kind.WILD), "🌈 Дикую", "🌈 Дикой"),
        (Card(0, Kind.DOWNPOUR_TWO), "🌧 +2", "картой 🌧 +2"),
        (Card(0, Kind.CREEPER), "🧨 Крипера", "🧨 Крипером"),
        (Card(0, Kind.BLANK), "⬜ Пустую", "⬜ Пустой"),
    ],
)
def test_russian_declines_the_labels_that_are_words(card: Card, ru_object: str, ru_with: str) -> None:
    """«играет 🌈 Дикую», «покрывает её 🌈 Дикой»; a number or sign does not decline: «покрывает её картой
    🟥 5». English names a card the same in every sentence."""
    assert card_label(card, "ru", CardForm.OBJECT) == ru_object
    assert card_label(card, "ru", CardForm.WITH) == ru_with
    assert {card_label(card, "en", form) for form in CardForm} == {card_label(card, "en")}


@pytest.mark.parametrize(
    ("card", "en", "ru"),
    [
        (Card(0, Kind.NUMBER, Colour.RED, 5), "🟥R 5", "🟥К 5"),  # noqa: RUF001
        (Card(0, Kind.NUMBER, Colour.YELLOW, 0), "🟨Y 0", "🟨Ж 0"),
        (Card(0, Kind.REVERSE, Colour.GREEN), "🟩G Reverse", "🟩З Разворот"),  # noqa: RUF001
        (Card(0, Kind.SKIP, Colour.BLUE), "🟦B Skip", "🟦С Пропуск"),  # noqa: RUF001
        (Card(0, Kind.DRAW_TWO, Colour.YELLOW), "🟨Y +2", "🟨Ж +2"),
        (Card(0, Kind.WILD_DRAW_FOUR), "🌈 +4", "🌈 +4"),
        (Card(0, Kind.WILD), "🌈 Wild", "🌈 Дикая"),
        (Card(0, Kind.DOWNPOUR_ONE), "🌧 +1", "🌧 +1"),
        (Card(0, Kind.CREEPER), "🧨 Creeper", "🧨 Крипер"),
        (Card(0, Kind.BLANK), "⬜ Blank", "⬜ Пустая"),
    ],
)
def test_labels_with_colour_letters_name_the_colour_in_the_readers_language(
    card: Card, en: str, ru: str
) -> None:
    """/colours: the letter right after the square, for those who cannot tell the squares apart; black cards
    have no colour to name."""
    assert (card_label(card, "en", letters=True), card_label(card, "ru", letters=True)) == (en, ru)


@pytest.mark.parametrize("deck", list(DeckName))
def test_every_card_has_a_distinct_label_per_kind(deck: DeckName) -> None:
    cards = deck_cards(deck)
    labels = {card_label(c, "en"): (c.kind, c.colour, c.number) for c in cards}
    assert len(labels) == len({(c.kind, c.colour, c.number) for c in cards})
    assert card_id_label(len(cards) + 5, deck, "en") == "🎴"


def test_sorting_by_colour_then_value() -> None:
    cards = deck_cards(DeckName.H2O)
    hand = [cards[i] for i in (107, 3, 60, 24, 0, 25, 104, 111, 50, 1)]
    labels = [card_label(c, "en") for c in sorted_cards(hand)]
    assert labels == sorted(labels, key=labels.index)  # stable
    colours = [c.colour for c in sorted_cards(hand)]
    order = [Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE, None]
    assert [order.index(c) for c in colours] == sorted(order.index(c) for c in colours)
    reds = [card_label(c, "en") for c in sorted_cards(list(cards)) if c.colour is Colour.RED]
    assert reds[:3] == ["🟥 0", "🟥 1", "🟥 1"] and reds[-6:] == [
        "🟥 Skip",
        "🟥 Skip",
        "🟥 Reverse",
        "🟥 Reverse",
        "🟥 +2",
        "🟥 +2",
    ]
    blacks = [card_label(c, "en") for c in sorted_cards(list(cards)) if c.colour is None]
    assert blacks == ["🌈 Wild"] * 4 + ["🌈 +4"] * 4 + ["🌧 +1"] * 2 + ["🌧 +2"] * 2


def test_a_card_known_by_id_is_named_from_the_first_id_on() -> None:
    """Id 0 is a card of every deck (the first red 0); only an id the deck does not have is a plain card."""
    cards = deck_cards(DeckName.CLASSIC)
    assert card_id_label(0, DeckName.CLASSIC, "en") == card_label(cards[0], "en") != "🎴"
    assert (
        card_id_label(-1, DeckName.CLASSIC, "en") == card_id_label(len(cards), DeckName.CLASSIC, "en") == "🎴"
    )


def test_between_rounds_the_top_card_names_no_colour_to_match() -> None:
    """Nothing is matched until the next deal: "now 🟥 red" would read as the colour in force."""
    state = given({1: "W", 2: "G2 G7"}, "W", colour=Colour.RED)
    during = top_line(state, "en")
    ended, _ = apply(state, Play(1, card_id(state, 1, "W")))
    assert ended.pending is Pending.NEXT_ROUND
    assert during == "Top card: <b>🌈 Wild</b>, now 🟥 red"
    assert top_line(ended, "en") == "Top card: <b>🌈 Wild</b>"
