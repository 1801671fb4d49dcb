"""(session 61's list) After names, cards and "2 cards", a narrow phone still wrapped a number away from its
word: "round" / "12" in the table's title and the results, "500" / "points" in the title, the round's
result and /rules, "10" / "minutes" in the lobby and the idle warnings, "page" / "2/3" on a hand, "⏱" / "10 s"
in the catch window, "2" / "more" under it, the missed turns, the challenge hint's cards, /stats' notes. Each
figure is held by no-break spaces in the catalogues, as cards-count is: at any phone's width a line wraps
around it, never inside it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.events import RoundEnded
from bot.engine.rules import Rules
from bot.tg.render import LobbyView, Seat, TableView, hand, lobby, round_end, table
from bot.tg.render.notices import idle_warning
from bot.tg.render.text import t
from tests.engine.helpers import given
from tests.narrow_phone import PHONE_LINE, spaced, width, wrapped
from tests.tg.render.buttons import hand_view
from tests.tg.render.checks import check_render, check_text

NAME = "Alexandra Konstantinopolskaya"
WIDEST = 2 * PHONE_LINE  # characters of a line on a wide phone, sideways


def _held_at_every_width(figure: str, line: str) -> bool:
    """Whether `figure` (as a phone shows it) stands whole on a row of `line` at every width up to a wide
    phone's (WIDEST): one of them ends a row right after its number, where a plain space breaks it."""
    return all(
        any(figure in spaced(row) for row in wrapped(line, room))
        for room in range(width(figure), min(width(line), WIDEST) + 1)
    )


def _check(text: str, figures: list[str]) -> None:
    """Each of `figures` is said on a line of `text`, and held there at every width."""
    for figure in figures:
        lines = [line for line in text.splitlines() if figure in spaced(line)]
        assert lines, (figure, text)
        assert all(_held_at_every_width(figure, line) for line in lines), [wrapped(line) for line in lines]


# A catalogue text with its arguments, and the figures it holds in each language (none: it has no figure
# of its own there, as the English "after 3 in a row").
TEXTS: dict[str, tuple[str, dict[str, str | int], dict[str, list[str]]]] = {
    "the table's title": (
        "table-title-target",
        {"round": 12, "count": 500},
        {"en": ["round 12", "500 points"], "ru": ["раунд 12", "500 очков"]},
    ),
    "the lowest-wins title": (
        "table-title-lowest",
        {"round": 12, "count": 2000},
        {"en": ["round 12", "2,000 points"], "ru": ["раунд 12", "конец на 2 000"]},
    ),
    "a round's result": (
        "round-end-title",
        {"round": 3, "name": NAME},
        {"en": ["Round 3"], "ru": ["Раунд 3"]},
    ),
    "a stalled round's result": (
        "round-end-stalled",
        {"round": 3, "name": NAME},
        {"en": ["Round 3"], "ru": ["Раунд 3"]},
    ),
    "a round's deal": (
        "narrate-round-started",
        {"round": 2, "dealer": NAME, "back": 0, "card": "🟥 7", "effect": "none", "first": "Bob"},
        {"en": ["Round 2"], "ru": ["Раунд 2"]},
    ),
    "a round won": (
        "narrate-round-ended",
        {"name": NAME, "round": 2},
        {"en": ["round 2"], "ru": ["раунд 2"]},
    ),
    "a new round's skipped turn": (
        "hand-news-dealt-skipped",
        {"round": 2, "count": 2},
        {"en": ["Round 2", "2 cards"], "ru": ["Раунд 2", "2 карты"]},
    ),
    "a new round's black start card": (
        "hand-news-start",
        {"round": 2, "count": 4},
        {"en": ["Round 2", "4 cards"], "ru": ["Раунд 2", "4 карты"]},
    ),
    "the target under a round": (
        "round-end-target",
        {"count": 500},
        {"en": ["500 points"], "ru": ["500 очков"]},
    ),
    "the own-hand target under a round": (
        "round-end-target-lowest",
        {"count": 500},
        {"en": ["500 points"], "ru": ["500 очков"]},
    ),
    "the cards left, scored": (
        "hand-cards-left-scored",
        {"cards": "🟦 4, 🟥 7, 🟩 2", "count": 13},
        {"en": ["13 points"], "ru": ["13 очков"]},
    ),
    "how a match is won, in /rules": (
        "rules-play-match",
        {"scoring": "winner_takes", "count": 500},
        {"en": ["500 points"], "ru": ["500 очков"]},
    ),
    "the lobby's idle close": (
        "lobby-closes-idle",
        {"minutes": 10},
        {"en": ["10 minutes"], "ru": ["10 минут"]},
    ),
    "a lobby closed idle": (
        "gameplay-lobby-closed-idle",
        {"minutes": 10},
        {"en": ["10 minutes"], "ru": ["10 минут"]},
    ),
    "the idle warning": (
        "gameplay-idle-warning",
        {"name": NAME, "idle": 50, "left": 10},
        {"en": ["50 minutes", "10 minutes"], "ru": ["50 минут", "10 минут"]},
    ),
    "house rules counted": (
        "rules-with-many-changes",
        {"name": "Official rules", "count": 4, "pointer": "yes"},
        {"en": ["4 changes"], "ru": ["4 изменения"]},
    ),
    "the catch window": (
        "table-catch-window",
        {"seconds": 10},
        {"en": ["⏱ 10 s"], "ru": ["⏱ 10 с"]},  # noqa: RUF001 (the Russian "s")
    ),
    "the slap window": (
        "table-slap-window-timed",
        {"seconds": 12},
        {"en": ["⏱ 12 s"], "ru": ["⏱ 12 с"]},  # noqa: RUF001 (the Russian "s")
    ),
    "names and how many more": (
        "names-and-more",
        {"names": "Alexandra Kons, Marie-Chris, Maximilian von", "count": 2},
        {"en": ["2 more"], "ru": ["2 игрока"]},
    ),
    "a +2 chain": ("table-draw-chain", {"links": 3}, {"en": ["3 links"], "ru": []}),
    "a skip chain": ("table-skip-chain", {"count": 2}, {"en": ["2 skipped"], "ru": []}),
    "what a skip chain's next link skips": (
        "table-skip-chain-next",
        {"everyone": "no", "next": 10},
        {"en": ["10 players"], "ru": ["10 игроков"]},
    ),
    "cards played for a timed-out player": (
        "hand-news-timed-out-played",
        {"count": 3, "played": 2},  # "took 3 cards" is held by render-cards-taken
        {"en": ["2 cards"], "ru": ["2 карты"]},
    ),
    "removed for missed turns": (
        "hand-removed-afk",
        {"count": 3, "duel": "no", "where": "group"},
        {"en": ["3 turns"], "ru": ["3 раза"]},
    ),
    "missed turns warned": (
        "hand-afk-warning",
        {"missed": 2, "limit": 3, "duel": "no"},
        {"en": ["2 turns"], "ru": ["2 раза", "3 таких ходов"]},
    ),
    "missed turns warned after a timeout": (
        "hand-afk-warning-after-timeout",
        {"missed": 2, "limit": 3, "duel": "no"},
        {"en": [], "ru": ["2 раза", "3 таких ходов"]},
    ),
    "too few cards left for a penalty": (
        "hand-penalty-short",
        {"left": 2},
        {"en": ["2 cards"], "ru": ["2 карты"]},
    ),
    "the challenge hint": (
        "hand-hint-challenge",
        {"offered": "no", "name": NAME, "colour": "red", "left": "no", "returned": "no"}
        | {"guilty": 4, "fair": 6, "penalty": 2},
        {"en": ["4 cards", "6 cards"], "ru": ["4 карты", "6 карт"]},
    ),
    "ties left out of the dealer draw": (
        "dealer-draw-ties-left-out",
        {"count": 6},
        {"en": ["6 more ties"], "ru": ["6 ничьих"]},
    ),
    "chats and how many more": (
        "chats-and-more",
        {"chats": "<b>Friends</b>, <b>Family</b>, <b>Work</b>", "count": 3},
        {"en": ["3 more chats"], "ru": ["3 чата"]},
    ),
    "the provisional rating's note": (
        "stats-provisional-note",
        {"matches": 5, "unrated": ""},
        {"en": ["5 rated matches"], "ru": ["5 рейтинговых матчей"]},
    ),
    "the win-rate board's note": (
        "stats-win-rate-note",
        {"matches": 5},
        {"en": ["5 matches"], "ru": ["5 матчей"]},
    ),
    "the rating's trend": (
        "stats-personal-trend",
        {"matches": 10, "arrow": "▲", "change": "+30", "sparkline": "▃▅▇"},
        {"en": ["10 rated matches"], "ru": ["10 рейтинговых матчей"]},
    ),
    "chats /forgetme waits for, past ten": (
        "stats-forget-games-more",
        {"count": 3},
        {"en": ["3 more chats"], "ru": ["3 чата"]},
    ),
}


@pytest.mark.parametrize(
    ("text", "lang"),
    [(text, lang) for text, (*_, held) in TEXTS.items() for lang in ("en", "ru") if held[lang]],
)
def test_a_figure_in_a_text_is_held_whole_at_any_width(text: str, lang: str) -> None:
    key, args, figures = TEXTS[text]
    said = t(lang, key, **args)
    # a news line as the table's recent moves show it: a figure that starts a line never wraps inside
    _check(f"• {said}" if key.startswith("narrate-") else said, figures[lang])


# The same figures where the screens put them: a table's title, a hand's pages, a round's result, the lobby,
# the idle warning.
SCREENS = {
    "en": ["round 12", "500 points", "page 2/2", "Round 12", "10 minutes", "4 changes"],
    "ru": ["раунд 12", "500 очков", "страница 2/2", "Раунд 12", "10 минут", "4 изменения"],
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_screens_hold_their_rounds_points_pages_and_minutes(lang: str) -> None:
    many = " ".join(f"{colour}{number}" for colour in "RG" for number in range(1, 10) for _ in range(2))
    state = replace(given({1: many, 2: "Y1 Y2"}, "B9", turn=1), round_no=12)  # 36 cards: two pages
    seats = {1: Seat(1, NAME), 2: Seat(2, "Bob")}
    house = Rules().changed(multi_play=True, draw_rule="until_playable", force_play=True, eight_cover=True)
    ended = RoundEnded(12, 1, {1: 0, 2: 35}, {1: 35, 2: 0}, {1: 135, 2: 80})
    shown = [
        check_render(table(TableView(9, 5, "Friends", seats, state, (), 0, "uno_bot"), lang)),
        check_text(hand(hand_view(state, 1, seats=seats, page=1), lang).text),
        check_text(round_end(ended, seats, lang, target=500)),
        check_render(lobby(LobbyView(9, 3, 10, (Seat(10, NAME),), house, "uno_bot"), lang)),
        check_render(idle_warning(seats, 2, 50 * 60_000, 10 * 60_000, lang)),
    ]
    _check("\n".join(shown), SCREENS[lang])
