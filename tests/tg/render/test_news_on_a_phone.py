"""(session 60's list) A narrow phone wraps the table's news lines, a hand's and the lobby's rules line where
a long name puts them: between a card's, a count's or a figure's words it broke "🟥" / "7", "2" / "cards",
"60" / "s a turn". Each is held whole (a no-break space, tests.narrow_phone): only the lines' other spaces
wrap, a name's among them."""

import pytest

from bot.engine import events as ev
from bot.engine.decks import DeckName, deck_cards
from bot.engine.rules import PRESETS, Rules
from bot.tg.render import HandNews, LobbyView, Seat, TableView, hand, lobby, round_end, table
from bot.tg.render.cards import CardForm, card_id_label
from bot.tg.render.narration import line_of
from bot.tg.render.narrator import Narrator
from bot.tg.render.rules_line import figures
from bot.tg.render.text import t
from tests.engine.helpers import given
from tests.narrow_phone import NARROW_LINE, shown_whole, spaced, wrapped
from tests.tg.render.buttons import SEATS, hand_view
from tests.tg.render.checks import check_render, check_text

LONG_NAME = "Alexandra Konstantinopolskaya"
LAST = "Konstantinopol"
# every cut of a long name: one of them puts each space of a line at a narrow phone's edge
NAMES = [LONG_NAME[:cut] for cut in range(1, len(LONG_NAME) + 1)]


def _card(code: str) -> int:
    return next(card.id for card in deck_cards(DeckName.CLASSIC) if card.code == code)


NEWS = {
    "a number card": [ev.CardPlayed(1, _card("R7"))],
    "an action card": [ev.CardPlayed(1, _card("BR"))],
    "a black card": [ev.CardPlayed(1, _card("W"))],
    "a draw and a pass": [ev.CardsDrawn(1, 2, (0, 1), ev.DrawReason.TURN), ev.Passed(1)],
    "a penalty": [ev.CardsDrawn(1, 4, (0, 1, 2, 3), ev.DrawReason.PENALTY), ev.Skipped(1)],
    "a draw of fewer than due": [ev.CardsDrawn(1, 1, (0,), ev.DrawReason.PENALTY, due=4)],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("news", NEWS)
def test_a_news_line_wraps_around_its_cards_and_counts_never_inside_them(news: str, lang: str) -> None:
    events = NEWS[news]
    drawn = next((event for event in events if isinstance(event, ev.CardsDrawn)), None)
    played = next((event.card for event in events if isinstance(event, ev.CardPlayed)), None)
    for name in NAMES:
        seats = {1: Seat(1, name), 2: Seat(2, "Bob")}
        line = line_of(Narrator(seats, lang, DeckName.CLASSIC), events)
        assert line is not None
        held = [card_id_label(played, DeckName.CLASSIC, lang, form) for form in CardForm] if played else []
        if drawn is not None:
            count, due = drawn.count, drawn.due
            held += [t(lang, "render-cards-due", count=count, due=due), t(lang, "cards-count", count=count)]
        said = [spaced(figure) for figure in held if spaced(figure) in spaced(line)]
        assert said, line  # the line names its card or count
        assert all(shown_whole(figure, line) for figure in said), wrapped(line, NARROW_LINE)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hands_news_wraps_around_its_count_never_inside_it(lang: str) -> None:
    """A hand's news names the others as the table does (`as_on_table`): a long name moves its count."""
    state = given({1: "R1 R3", 2: "G2 G7"}, "R9", turn=2)
    cards = spaced(t(lang, "render-cards-taken", count=4))
    for name in NAMES:
        seats = {**SEATS, 2: Seat(2, name)}
        news = (HandNews("hand-news-penalty", 4, other=2),)
        text = hand(hand_view(state, 1, seats=seats, news=news), lang).text
        line = next(line for line in text.splitlines() if line.startswith("📥"))
        assert shown_whole(cards, line), wrapped(line, NARROW_LINE)


RULES = {
    "official": PRESETS["official"],
    "minutes a turn": Rules().changed(hand_size=10, turn_seconds=180, target_score=1000),
    "own-hand points": Rules().changed(scoring="own_hand", target_score=200, turn_seconds=0),
    "a preset with a change": PRESETS["extreme"].changed(scoring="single_round", uno_penalty=4),
    "house rules, changed": PRESETS["house"].changed(force_play=True, seven_silence=True, turn_seconds=30),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("rules", RULES)
def test_the_lobbys_rules_line_wraps_between_its_figures_never_inside_one(rules: str, lang: str) -> None:
    """Each figure held whole; one wider than a narrow phone's line whole ("own-hand points, ends at 200,
    lowest wins") clause by clause."""
    shown = lobby(LobbyView(9, 3, 10, (Seat(10, "Ann"),), RULES[rules], "uno_bot"), lang)
    line = next(row for row in check_render(shown).splitlines() if row.startswith("📜"))
    clauses = [clause for figure in figures(RULES[rules], lang) for clause in spaced(figure).split(", ")]
    assert all(shown_whole(clause, line) for clause in clauses), wrapped(line, NARROW_LINE)


# (session 61's reading, Russian Extreme on narrow phones) a line ending «+2: Саша» above «Konst. takes 4
# cards»: the line-end «Саша» read as another player, «Саша». Names of two words, each cut of the second.
TWO_WORDS = [
    f"{first} {LAST[:cut]}" for first in ("Al", "Саша", "Alexandra") for cut in range(1, len(LAST) + 1)
]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_players_name_is_never_wrapped_inside_itself(lang: str) -> None:
    """The table's rows, turn and news, a hand's news and a round's results wrap before a name or after it,
    never between its words: one cut to PLAYER_NAME_LIMIT always fits a line."""
    state = given({1: "R1 R3", 2: "G2 G7", 3: "B1"}, "R9", turn=2)
    recent = (ev.Caught(1, 2), ev.CardsDrawn(2, 4, (0, 1, 2, 3), ev.DrawReason.PENALTY), ev.Caught(2, 1))
    news = (HandNews("hand-news-penalty", 4, other=2), HandNews("hand-news-caught", count=2, other=2))
    for name in TWO_WORDS:
        seats = {1: Seat(1, "Bob"), 2: Seat(2, name), 3: Seat(3, "Ann")}
        shown = spaced(Narrator(seats, lang, DeckName.CLASSIC).who(2))
        texts = (
            check_render(table(TableView(9, 5, "Friends", seats, state, recent, 0, "uno_bot"), lang)),
            check_text(hand(hand_view(state, 1, seats=seats, news=news), lang).text),
            check_text(
                round_end(ev.RoundEnded(2, 2, {1: 2, 3: 1}, {2: 40}, {1: 5, 2: 40, 3: 0}), seats, lang)
            ),
        )
        lines = [line for text in texts for line in text.splitlines() if shown in spaced(line)]
        assert len(lines) >= 6, (name, texts)
        assert all(shown_whole(shown, line) for line in lines), [wrapped(line) for line in lines]
