"""Cards as people read them: colour emoji plus value ("🟥 5", "🟦 Skip", "🌈 +4"); the hand's sort order."""

from __future__ import annotations

from enum import Enum

from bot.engine.cards import COLOURS, Card, Colour, Kind
from bot.engine.decks import DeckName, deck_cards
from bot.engine.state import GameState, Pending
from bot.tg.render.text import t, unbroken

COLOUR_EMOJI: dict[Colour, str] = {
    Colour.RED: "🟥",
    Colour.YELLOW: "🟨",
    Colour.GREEN: "🟩",
    Colour.BLUE: "🟦",
}
# Skip and Reverse are named in words: a screen reader reads a symbol by its Unicode name ("⊘": "circled
# division slash"), and in a quarter of a row there is no room for a symbol and its word.
_ACTION_KEY: dict[Kind, str] = {Kind.SKIP: "render-card-skip", Kind.REVERSE: "render-card-reverse"}
# Black cards whose label is the same in every language; the others come from the catalogue, in each form.
_BLACK_SYMBOL: dict[Kind, str] = {
    Kind.WILD_DRAW_FOUR: "🌈 +4",
    Kind.DOWNPOUR_ONE: "🌧 +1",
    Kind.DOWNPOUR_TWO: "🌧 +2",
}
_BLACK_KEY: dict[Kind, str] = {
    Kind.WILD: "render-card-wild",
    Kind.CREEPER: "render-card-creeper",
    Kind.BLANK: "render-card-blank",
}
_KIND_ORDER: tuple[Kind, ...] = tuple(Kind)
_UNKNOWN_CARD = "🎴"
CARD_LIST_LIMIT = 120  # cards listed in a text before "…"


class CardForm(Enum):
    """How a sentence uses a card's name; Russian declines the names that are words. Each value is the suffix
    of the catalogue keys of that form."""

    NAME = ""  # as it is: the subject, in a list, after a colon («первая карта 🌈 Дикая»)
    OBJECT = "-object"  # what the verb acts on: played, drawn, taken back, challenged («играет 🌈 Дикую»)
    WITH = "-with"  # what an 8 is covered or a jump-in made with («покрывает её 🌈 Дикой», «картой 🟥 8»)


def card_label(card: Card, lang: str, form: CardForm = CardForm.NAME, *, letters: bool = False) -> str:
    """Emoji plus value, e.g. "🟥 5", "🟦 Skip", "🟨 +2", "🌈 +4" (contains no HTML-special characters), in
    the `form` its sentence needs. `letters`: the colour's letter (in `lang`) follows its square, "🟥R 5",
    for a reader who cannot tell the squares apart (/colours); black cards stay as they are."""
    if card.colour is None:
        symbol = _BLACK_SYMBOL.get(card.kind)
        return t(lang, _BLACK_KEY[card.kind] + form.value) if symbol is None else _in_form(symbol, lang, form)
    letter = t(lang, "colour-letter-" + card.colour.value) if letters else ""
    square = COLOUR_EMOJI[card.colour] + letter
    if card.kind in _ACTION_KEY:
        return f"{square} {t(lang, _ACTION_KEY[card.kind] + form.value)}"
    value = str(card.number) if card.kind is Kind.NUMBER else "+2"
    return _in_form(f"{square} {value}", lang, form)


def card_list(cards: list[Card], lang: str, letters: bool) -> str:
    """Cards named one after another (a hand's), "—" for none, cut after `CARD_LIST_LIMIT`; a line wraps
    between the cards, never inside one (a phone showed "🟥 8, 🟨" above "2, 🟦 3")."""
    labels = (unbroken(card_label(card, lang, letters=letters)) for card in cards[:CARD_LIST_LIMIT])
    shown = ", ".join(labels)
    return (shown or "—") + ("…" if len(cards) > CARD_LIST_LIMIT else "")


def _in_form(label: str, lang: str, form: CardForm) -> str:
    """A card named by a number or sign: no case changes it, but Russian says «картой 🟥 8» for WITH."""
    return t(lang, "render-card-with", card=label) if form is CardForm.WITH else label


def card_id_label(card_id: int, deck: DeckName, lang: str, form: CardForm = CardForm.NAME) -> str:
    """The label of a card known only by id (events); a card the deck does not have shows as a plain card."""
    cards = deck_cards(deck)
    return card_label(cards[card_id], lang, form) if 0 <= card_id < len(cards) else _UNKNOWN_CARD


def colour_in_force(state: GameState) -> Colour | None:
    """The colour to match; None while a black card's colour is being chosen (the old one no longer counts,
    showing it would read as if it had been chosen)."""
    return None if state.pending is Pending.CHOOSE_COLOUR else state.colour


def top_line(state: GameState, lang: str, *, letters: bool = False) -> str:
    """The top card and the colour to match, as the table and the hands say it (`letters`: see card_label;
    the colour a black card was given is named in words already)."""
    card = card_label(state.top, lang, letters=letters) if state.discard else "—"
    if state.pending in (Pending.NEXT_ROUND, Pending.NONE):
        # Nothing is matched any more, and a black card that went out was never given a colour.
        return t(lang, "top-card", card=card)
    colour = colour_in_force(state)
    if colour is None:
        return t(lang, "top-card-no-colour", card=card)
    if state.top.colour is colour:
        # A coloured card's square is the colour to match, named once more in a word for those who can't tell
        # the squares apart: "🟨 Reverse · colour 🟨 yellow" said it twice, in 39 characters, and a narrow
        # phone wrapped it (tests.narrow_phone).
        return t(lang, "top-card-own-colour", card=card, colour=t(lang, "colour-" + colour.value))
    return t(lang, "top-card-colour", card=card, colour=colour_label(colour, lang))


def colour_label(colour: Colour, lang: str) -> str:
    """A colour on its own: "🟥 red"."""
    return f"{COLOUR_EMOJI[colour]} {t(lang, 'colour-' + colour.value)}"


def sort_key(card: Card) -> tuple[int, int, int, int]:
    """Red, yellow, green, blue, then black; numbers 0-9, then Skip, Reverse, Draw Two; ties by id."""
    colour = COLOURS.index(card.colour) if card.colour is not None else len(COLOURS)
    return colour, _KIND_ORDER.index(card.kind), card.number, card.id


def sorted_cards(cards: list[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)
