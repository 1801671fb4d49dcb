"""(session 59) No screen raises or runs past Telegram's limits for any names: a name is cut at a width
(PLAYER_NAME_LIMIT) and at NAME_UNITS UTF-16 units, so ten of any length (emoji joined: "👨‍👩‍👧", runs of
zero-width joiners, tests.heavy_names) fit each screen that names them, as Telegram counts it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.engine.events import Caught, DealerChosen, DealerDraw, MatchEnded, RoundEnded
from bot.engine.rules import PRESETS
from bot.engine.state import GameState
from bot.i18n import Translator
from bot.service import Person
from bot.service.leaderboards import PAGE_SIZE, LeaderboardEntry, LeaderboardPage, Ordering, PersonalStats
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from bot.tg.pacing import Render
from bot.tg.render import (
    HandNews,
    LobbyView,
    Seat,
    TableView,
    dealer_draw,
    hand,
    lobby,
    match_end,
    refusal,
    round_end,
    table,
)
from bot.tg.render.names import NAME_UNITS, named, plain_game_name, players_listed
from bot.tg.stats_views import personal_text
from bot.visible_text import ALERT_LIMIT, cut_to, utf16_length
from tests.heavy_names import ZWJ, cut_away, heaviest_allowed, quote_and_joiners
from tests.tg.render.buttons import GAME_ID, hand_view
from tests.tg.render.checks import check_render, check_text
from tests.tg.render.games import RULE_SETS, random_match

PLAYERS = 10
# What makes a name long for its width, or its HTML long, or turns it into something else: HTML's specials,
# what unlinking doubles, joiners, marks over a letter, bidi and invisible marks, emoji pieces, tags.
PIECES = (
    *'"&<>@./#$1aЖא漢²',
    ZWJ,
    " ",
    "\u00a0",
    "\n",
    "\u0301",
    "\u200e",
    "\u202e",
    "\u2060",
    "\ufe0f",
    "👨",
    "🏽",
    "🇺",
    "🏴",
    "\U000e0067",
)
_pieces = st.lists(st.sampled_from(PIECES), max_size=400)
# any text; pieces at random (wide: cut at the width); pieces all joined (a joiner joins emoji alone: long)
_name = st.one_of(st.text(max_size=300), _pieces.map("".join), _pieces.map(ZWJ.join))
_names = st.one_of(
    _name.map(lambda name: [name] * PLAYERS), st.lists(_name, min_size=PLAYERS, max_size=PLAYERS)
)

# Ten names at NAME_UNITS: the heaviest Telegram allows, told apart by marks; others cut there: runs of a
# quote and its joiners, one letter wide each (15 characters, 99), "@"s joined (a word joiner after each once
# unlinked).
_HEAVIEST = [heaviest_allowed()] * PLAYERS
_AT_UNITS = [quote_and_joiners(15) * 9 + chr(65 + at) for at in range(PLAYERS)]  # 8 runs of 15 kept, and "…"
_LONG_RUNS = [quote_and_joiners(99) * 30 + chr(65 + at) for at in range(PLAYERS)]  # a run of 99 kept, and "…"
_UNLINKED = [".".join([ZWJ.join("@" * 4)] * 20) + chr(65 + at) for at in range(PLAYERS)]
_CUT_AWAY = [cut_away(chr(65 + at)) for at in range(PLAYERS)]


def _state() -> GameState:
    """Ten players, a catch and a slap window naming all of them (their lists of three), and whose turn."""
    state = next(s for s, _ in random_match(RULE_SETS["extreme"], seed=1, players=PLAYERS)).clone()
    state.catchable, state.catch_deadline = list(state.players), state.clock + 10_000
    state.slap_pending, state.slap_deadline = list(state.players), state.clock + 5_000
    return state


STATE = _state()
# five catches (two names each) and a win shared by all: the recent moves that name the most
RECENT = (
    *(Caught(STATE.players[at], STATE.players[at + 1]) for at in range(5)),
    MatchEnded(tuple(STATE.players), {}),
)
TRANSLATOR = Translator()


def _seats(names: list[str]) -> dict[int, Seat]:
    return {player: Seat(player, raw) for player, raw in zip(STATE.players, names, strict=True)}


def _game_screens(names: list[str], lang: str) -> list[Render | str]:
    """Every screen of a game that names its players, as sent (a text with its keyboard, or a text)."""
    seats = _seats(names)
    players = list(seats)
    view = TableView(GAME_ID, 5, "Friends", seats, STATE, RECENT, STATE.clock, "uno_test_bot")
    playing = replace(view, recent=RECENT[:-1])
    news = tuple(HandNews("hand-news-caught", count=2, other=other) for other in players[1:4])
    mine = hand_view(STATE, players[0], seats=seats, news=news)
    points = {player: 100 + at for at, player in enumerate(players)}
    draws = [DealerDraw(player, at, 1) for at, player in enumerate(players)]
    stopped = match_end(
        MatchEnded((), dict(list(points.items())[:5])),
        seats,
        lang,
        lowest_wins=False,
        stopped=True,
        stop_reason="idle",
        waited_for=players[0],
        departed=dict(list(points.items())[5:]),
    )
    return [
        lobby(LobbyView(1, 1, players[1], tuple(seats.values()), PRESETS["extreme"], "b", True), lang),
        table(view, lang),
        table(playing, lang),
        hand(mine, lang),
        round_end(RoundEnded(1, players[0], points, points, points), seats, lang, target=500),
        match_end(MatchEnded(tuple(players), points), seats, lang, lowest_wins=True),
        stopped,
        dealer_draw([*draws, DealerChosen(players[0])], seats, lang, STATE.rules.deck),
    ]


@pytest.mark.parametrize("lang", ["en", "ru"])
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(names=_names)
@example(names=_HEAVIEST)
@example(names=_AT_UNITS)
@example(names=_LONG_RUNS)
@example(names=_UNLINKED)
@example(names=_CUT_AWAY)
def test_a_game_s_screens_fit_telegram_for_any_ten_names(lang: str, names: list[str]) -> None:
    for screen in _game_screens(names, lang):
        # valid HTML, within 4096 as Telegram counts it (and buttons it takes)
        check_render(screen) if isinstance(screen, Render) else check_text(screen)


@pytest.mark.parametrize("lang", ["en", "ru"])
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(names=_names)
@example(names=_HEAVIEST)
@example(names=_LONG_RUNS)
@example(names=_UNLINKED)
def test_answers_alerts_boards_and_stats_fit_telegram_for_any_names(lang: str, names: list[str]) -> None:
    seats = _seats(names)
    for player in seats:
        # a private answer or a notice names a player so (plain, escaped by the translator), as /kick's list
        # does, and /kick looks them up by what it shows
        shown = plain_game_name(seats, player, lang)
        assert utf16_length(shown) <= NAME_UNITS + 5  # bidi marks around it, " ¹⁰"
        assert seats[player] in named(shown, list(seats.values()), {}, lang), shown
    # /kick's "which of them?": ten heaviest named at once were past what Fluent takes as one argument
    which = TRANSLATOR.html(
        lang, "gameplay-kick-several", name="x", names=players_listed(seats, seats, lang, lang)
    )
    check_text(which)
    coming = [Person(player + 100, raw) for player, raw in zip(seats, names, strict=True)]
    alert = refusal("joiners_on_their_way", lang, people={"names": coming}, count=PLAYERS, blocked="some")
    assert utf16_length(cut_to(alert, ALERT_LIMIT, utf16_length)) <= ALERT_LIMIT  # as a press is answered
    entries = tuple(
        LeaderboardEntry(rank, rank, names[rank % PLAYERS], 2999.0, True, 99_999, 99_999, 9_999_999, True)
        for rank in range(1, PAGE_SIZE + 1)
    )
    board = LeaderboardPage(entries, 5, 9, 10**6, viewer=replace(entries[0], rank=10**6))
    choice = BoardChoice(Scope.CHAT, Ordering.WIN_RATE)
    check_render(leaderboard_render(TRANSLATOR, lang, board, choice, "Friends"))
    check_text(personal_text(TRANSLATOR, lang, _stats(names[0])))


def _stats(raw: str) -> PersonalStats:
    return PersonalStats(5, raw, 1, 1, 1, 10, 1, 0, 0, 0, 0, 0, 1.0, 1500.0, True, ())
