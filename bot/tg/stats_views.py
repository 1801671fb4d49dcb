"""Texts and keyboards of the leaderboard, /stats and /forgetme: pure functions from stats to Telegram HTML.

The RENDER helper owns bot/tg/render/; these views stay beside the stats handlers that use them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import IntEnum
from html import unescape
from typing import Self

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Translator, language_for
from bot.service import Place
from bot.service.leaderboards import (
    PROVISIONAL_MATCHES,
    WIN_RATE_MATCHES,
    LeaderboardEntry,
    LeaderboardPage,
    Ordering,
    Period,
    PersonalStats,
    StillPlaying,
    shown_rating,
)
from bot.tg.callback_data import MAX_ARG, Action, encode
from bot.tg.pacing import Render
from bot.tg.render.chosen import marked
from bot.tg.render.names import name, same_names
from bot.tg.render.text import bold_chats, chat_titles, listed_chats, private_chat_link, title
from bot.tg.render.views import Seat
from bot.visible_text import MEDALS, shown_width

MINUS = "\u2212"  # the minus sign, as wide as "+" (a hyphen is narrower)
# Six of the eight bars: Windows' text fonts (Arial: the WGL4 set) have ▄ and █ only, Telegram Desktop's Open
# Sans and Web's Roboto none, so with those two a line mixed Arial's bars with a symbol font's, uneven.
SPARKS = "▁▂▃▅▆▇"
_NARROW_LINE = 32  # characters of a line a narrow phone shows (~30-35) before it wraps (tests.narrow_phone)
_TAG = re.compile(r"<[^>]*>")  # of the HTML a translation puts around what it says (<b>)
UNPLACED = "\u2013"  # an en dash: the place of a line ranked without one (stats-win-rate-note)
_ORDERING_KEYS = {
    Ordering.RATING: "rating",
    Ordering.WINS: "wins",
    Ordering.WIN_RATE: "win-rate",
    Ordering.POINTS: "points",
}
_PERIOD_KEYS = {Period.ALL_TIME: "all-time", Period.THIS_MONTH: "this-month"}


class Scope(IntEnum):
    CHAT = 0
    GLOBAL = 1


@dataclass(frozen=True)
class BoardChoice:
    """Which board a leaderboard message shows; travels in its buttons' callback data."""

    scope: Scope
    ordering: Ordering = Ordering.RATING
    period: Period = Period.ALL_TIME
    page: int = 0

    def callback_data(self) -> str:
        return encode(Action.TOP, 0, 0, self.scope, self.ordering, self.period, self.page)

    @classmethod
    def from_args(cls, args: tuple[int, ...]) -> Self | None:
        """The choice a TOP button carries, or None for values this version does not know."""
        scope, ordering, period, page = args
        try:
            return cls(Scope(scope), Ordering(ordering), Period(period), page)
        except ValueError:
            return None


def display_name(user_id: int, raw: str, language: str, twin: int = 0) -> str:
    """A user's name as the game's texts show it (cleaned, "Player N" when nothing visible is left, "²" for
    the second of two names that read the same), shortened as they shorten it (a board's "10. " and the name
    then fit a narrow phone's line) and escaped for HTML. A player's name is blank only once their account
    was deleted (Directory.mark_deleted): "Deleted account", as in the games."""
    return name(Seat(user_id, raw, twin=twin), language)


def percent(part: int, whole: int) -> str:
    """`part` of `whole` (more than 0) in whole percent, a half rounded up as people round it (5 of 8 is
    63%, and 3 of 8 38%); only none or all of it reads 0% or 100% (1 win of 250 is no "0%")."""
    rounded = (200 * part + whole) // (2 * whole)
    if 0 < part < whole:
        rounded = min(max(rounded, 1), 99)
    return f"{rounded}%"


def decimal(value: float, language: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if language_for(language) == "ru" else text


def start_hint(t: Translator, language: str, in_group: bool) -> str:
    """Where a newcomer starts a match: /new works only in a group, so "in a group" unless they are in one."""
    return t.t(language, "stats-start-here" if in_group else "stats-start-in-group")


def leaderboard_render(
    t: Translator,
    language: str,
    board: LeaderboardPage,
    choice: BoardChoice,
    chat_title: str | None,
    game_here: bool = False,
) -> Render:
    """The board as shown in the chat titled `chat_title` (None: a private chat); `game_here`: a game is open
    or under way there, which would refuse the /new an empty board points to."""
    heading = _heading(t, language, None if choice.scope is Scope.GLOBAL else chat_title)
    subtitle = t.t(
        language,
        "stats-top-subtitle",
        period=_period(t, language, board.since),
        ordering=t.t(language, f"stats-ordering-{_ORDERING_KEYS[choice.ordering]}"),
    )
    lines = [heading, subtitle, ""]
    # Practice against computers is on no board: said only where some was played, to explain the emptiness.
    practiced = "-practiced" if board.practiced else ""
    if not board.entries and choice.period is Period.ALL_TIME:
        # Not what the game says to /new ("a game is already running here"): the board stays in the chat,
        # and would say so still once the game has ended.
        start = (
            t.t(language, "stats-start-play-here")
            if game_here
            else start_hint(t, language, chat_title is not None)
        )
        lines.append(t.t(language, f"stats-top-empty{practiced}", start=start))
    elif not board.entries:
        lines.append(t.t(language, f"stats-top-empty-month{practiced}"))
    listed = board.entries if board.viewer is None else (*board.entries, board.viewer)
    twins = _twins(board, listed)
    board_lines = [
        _board_lines(t, language, entry, twin, choice.ordering)
        for entry, twin in zip(listed, twins, strict=True)
    ]
    page_lines = board_lines[: len(board.entries)]
    left_out = [] if board.viewer_beside else ["…"]  # the lines between the page and the viewer's
    if board.viewer is None:
        lines += page_lines
    elif board.viewer_first:  # ranked above the page, or tied with its first but ordered before: before it
        lines += [board_lines[-1], *left_out, *page_lines]
    else:
        lines += [*page_lines, *left_out, board_lines[-1]]
    # The rating, and its "?", show on the board by rating alone.
    if choice.ordering is Ordering.RATING and any(entry.provisional for entry in listed):
        # "3 wins of 5" beside "fewer than 5 rated matches": some of them had a computer player.
        puzzling = any(entry.provisional and entry.matches >= PROVISIONAL_MATCHES for entry in listed)
        unrated = t.t(language, "stats-provisional-unrated") if puzzling else ""
        lines += ["", t.t(language, "stats-provisional-note", matches=PROVISIONAL_MATCHES, unrated=unrated)]
    # One rating a player, of every chat and all time: ranked by it, a chat's or a month's board can put
    # first one who did worst here or this month, which it must not leave unexplained.
    overall = choice.scope is Scope.GLOBAL and choice.period is Period.ALL_TIME
    if choice.ordering is Ordering.RATING and listed and not overall:
        lines += ["", t.t(language, "stats-rating-note")]
    if choice.ordering is Ordering.POINTS and listed and not board.scored:
        lines += ["", t.t(language, "stats-points-note")]  # a board of zeros, ranked by them, says why
    if choice.ordering is Ordering.WIN_RATE and any(e.matches < WIN_RATE_MATCHES for e in listed):
        lines += ["", t.t(language, "stats-win-rate-note", matches=WIN_RATE_MATCHES)]
    if board.pages > 1:
        lines += ["", t.t(language, "stats-top-page", page=board.page + 1, pages=board.pages)]
    shown = BoardChoice(choice.scope, choice.ordering, choice.period, board.page)
    return Render("\n".join(lines), _board_keyboard(t, language, shown, board.pages))


def _heading(t: Translator, language: str, chat_title: str | None) -> str:
    """The board's title: everyone's, or the chat's with its title, which goes on a line of its own under
    "🏆 Leaderboard:" when the two are wider than a narrow phone's line: the phone wrapped it inside the
    chat's title («🏆 Таблица лидеров: Настольные» / «игры»), whose room there is some 12-16 letters."""
    if chat_title is None:
        return t.t(language, "stats-top-title-global")
    chat = title(chat_title, language)
    heading = t.t(language, "stats-top-title-chat", chat=chat)
    if shown_width(unescape(_TAG.sub("", heading))) <= _NARROW_LINE:
        return heading
    return t.t(language, "stats-top-title-chat-apart", chat=chat)


def _twins(board: LeaderboardPage, listed: Sequence[LeaderboardEntry]) -> list[int]:
    """The lines' twin marks ("Alex ²"), given among the board's namesakes in user-id order, not the page's
    order: else the second Alex, alone on page 2, read "Alex" there, as the first one did on page 1."""
    return twin_marks(board.namesakes, [(entry.user_id, entry.name) for entry in listed])


def twin_marks(namesakes: Sequence[tuple[int, str]], shown: Sequence[tuple[int, str]]) -> list[int]:
    """The twin marks of the players `shown` (user id, name), given among them and the others on the board
    named alike (`namesakes`) in user-id order: the order every board and /stats card share. A match's table
    gives them in the order its players took the name, which differs from one match to the next."""
    own = {user_id for user_id, _ in shown}
    players = sorted({*((user_id, name) for user_id, name in namesakes if user_id not in own), *shown})
    marks = dict(zip((user_id for user_id, _ in players), same_names(players), strict=True))
    return [marks[user_id] for user_id, _ in shown]


def _period(t: Translator, language: str, since: datetime | None) -> str:
    """The board's period by name ("November 2026"): "this month" would be wrong on a board read after the
    month ended, and would not say that the month turns in UTC."""
    if since is None:
        return t.t(language, "stats-period-all-time")
    return t.t(language, "stats-period-month", month=since.month, year=str(since.year))


def _place(entry: LeaderboardEntry, ordering: Ordering) -> str:
    """A line's place: a medal for the first three, its number from the fourth on. A medal stands for
    winning: a line of losses alone (an idle hour's, a leaver's) shows its number, whatever it ranks ("🥇
    Алиса · 1500? · 0 wins of 1" read as a prize for losing); and so do the lines below it, as medals under a
    plain "1." read as places above it ("1. Алиса" over "🥈 Боб"): medals go down the board, on every page,
    to its first line without a win (`won_to_here`). By points, a medal stands for points too: own-hand and
    one-round matches give none (the board's note says so), and "🥇 Carol · 0 points · 1 win of 1" read as
    first at what nobody has; ranked by points first, the lines below one without have none either."""
    # By win rate fewer than WIN_RATE_MATCHES matches take no place: they follow those with enough (a lucky
    # win or two must not top the board), and a place would rank a rate under a lower one ("🥇 20% · 1 win of
    # 5" over "🥈 100% · 3 wins of 3"). A rate smoothed toward the average would rank everyone, but by a
    # figure no line shows.
    if ordering is Ordering.WIN_RATE and entry.matches < WIN_RATE_MATCHES:
        return UNPLACED
    scored = ordering is not Ordering.POINTS or entry.points > 0
    if entry.rank <= len(MEDALS) and entry.won_to_here and scored:
        return MEDALS[entry.rank - 1]
    return f"{entry.rank}."


def _board_lines(t: Translator, language: str, entry: LeaderboardEntry, twin: int, ordering: Ordering) -> str:
    """A player's two lines: the place and name, then the figures, led by the one the board ranks by. One
    line of both ran to 36-66 characters, which a narrow phone (~30-35) wrapped at random; figures that start
    their line stand under each other (phones' fonts draw digits of one width)."""
    name_line = t.t(
        language,
        "stats-top-line",
        place=_place(entry, ordering),
        name=display_name(entry.user_id, entry.name, language, twin),
    )
    # Everyone on a board has a counted match (leaderboards.leaderboard), so a rate of something.
    figures = t.t(
        language,
        f"stats-top-figures-{_ORDERING_KEYS[ordering]}",
        rating=str(shown_rating(entry.rating)),
        mark=t.t(language, "stats-provisional-mark") if entry.provisional else "",
        record=t.t(language, "stats-top-record", wins=entry.wins, matches=entry.matches),
        win_rate=percent(entry.wins, entry.matches),
        points=entry.points,
    )
    return f"{name_line}\n{figures}"


def _board_keyboard(t: Translator, language: str, choice: BoardChoice, pages: int) -> InlineKeyboardMarkup:
    def button(key: str, chosen: bool, data: str) -> InlineKeyboardButton:
        return InlineKeyboardButton(marked(t.t(language, key), chosen), callback_data=data)

    orderings = [
        button(
            f"stats-button-{_ORDERING_KEYS[ordering]}",
            ordering is choice.ordering,
            replace(choice, ordering=ordering, page=0).callback_data(),
        )
        for ordering in Ordering
    ]
    periods = [
        button(
            f"stats-button-{_PERIOD_KEYS[period]}",
            period is choice.period,
            replace(choice, period=period, page=0).callback_data(),
        )
        for period in Period
    ]
    paging = []
    if choice.page > 0:
        paging.append(
            InlineKeyboardButton(
                t.t(language, "button-previous-page"),
                callback_data=replace(choice, page=choice.page - 1).callback_data(),
            )
        )
    if choice.page < min(pages, MAX_ARG + 1) - 1:
        paging.append(
            InlineKeyboardButton(
                t.t(language, "button-next-page"),
                callback_data=replace(choice, page=choice.page + 1).callback_data(),
            )
        )
    rows = [orderings[:2], orderings[2:], periods]
    return InlineKeyboardMarkup([*rows, paging] if paging else rows)


def sparkline(values: tuple[float, ...]) -> str:
    low, high = min(values), max(values)
    if high == low:
        return SPARKS[len(SPARKS) // 2] * len(values)
    scale = (len(SPARKS) - 1) / (high - low)
    return "".join(SPARKS[round((value - low) * scale)] for value in values)


def personal_text(
    t: Translator, language: str, stats: PersonalStats, namesakes: Sequence[tuple[int, str]] = ()
) -> str:
    """The /stats card; `namesakes`: the all-time global board's players of the card's name, among whom its
    twin mark ("📊 Alex ²") is given as that board's."""
    (twin,) = twin_marks(namesakes, [(stats.user_id, stats.name)])
    provisional = (
        t.t(language, "stats-personal-provisional", matches=PROVISIONAL_MATCHES) if stats.provisional else ""
    )
    lines = [
        t.t(language, "stats-personal-title", name=display_name(stats.user_id, stats.name, language, twin)),
        t.t(language, "stats-personal-scope"),
        t.t(
            language, "stats-personal-rating", rating=str(shown_rating(stats.rating)), provisional=provisional
        ),
    ]
    if len(stats.rating_history) > 1:
        change = round(stats.rating_trend)
        lines.append(
            t.t(
                language,
                "stats-personal-trend",
                arrow="▲" if change > 0 else "▼" if change < 0 else "=",
                change=f"+{change}" if change > 0 else f"{MINUS}{-change}" if change < 0 else "±0",
                matches=len(stats.rating_history) - 1,
                sparkline=sparkline(stats.rating_history),
            )
        )
    if stats.matches:
        win_rate = percent(stats.wins, stats.matches)
        matches = t.t(
            language, "stats-personal-matches", wins=stats.wins, matches=stats.matches, win_rate=win_rate
        )
    else:  # only practice: no rate of nothing
        matches = t.t(language, "stats-personal-matches-none")
    lines += ["", matches]
    if stats.with_computers:  # else a rating still provisional after enough finished matches is a puzzle
        lines.append(t.t(language, "stats-personal-with-computers", matches=stats.with_computers))
    # The main figures always show; the others only when there is something to count.
    if stats.best_win_streak:
        lines.append(t.t(language, "stats-personal-streak", streak=stats.best_win_streak))
    # Rounds won for no points: own-hand or one-round matches, or forfeits, whose rows keep none
    # (service.results).
    unscored = stats.rounds_won and not stats.points
    key = "stats-personal-rounds-unscored" if unscored else "stats-personal-rounds"
    lines.append(t.t(language, key, rounds=stats.rounds_won, points=stats.points))
    if stats.average_place is not None:
        lines.append(t.t(language, "stats-personal-place", place=decimal(stats.average_place, language)))
    if stats.uno_calls:
        lines.append(t.t(language, "stats-personal-uno", calls=stats.uno_calls))
    if stats.catches_made or stats.catches_suffered:
        lines.append(
            t.t(language, "stats-personal-catches", made=stats.catches_made, suffered=stats.catches_suffered)
        )
    challenges = stats.challenges_won + stats.challenges_lost
    if challenges:
        lines.append(
            t.t(
                language,
                "stats-personal-challenges",
                won=stats.challenges_won,
                total=challenges,
                rate=percent(stats.challenges_won, challenges),
            )
        )
    if stats.practice_matches:
        lines += [
            "",
            t.t(
                language, "stats-personal-practice", wins=stats.practice_wins, matches=stats.practice_matches
            ),
        ]
    return "\n".join(lines)


def forget_in_private_render(t: Translator, language: str, bot_username: str) -> Render:
    """/forgetme sent in a group: the question and its answer belong to the private chat, one tap away."""
    opening = InlineKeyboardButton(t.t(language, "button-open-private"), url=private_chat_link(bot_username))
    return Render(t.t(language, "stats-forget-in-private"), InlineKeyboardMarkup([[opening]]))


def forget_render(t: Translator, language: str, user_id: int) -> Render:
    keyboard = InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(
                    t.t(language, "stats-forget-button-confirm"),
                    callback_data=encode(Action.FORGET, user_id, 0, 1),
                ),
                InlineKeyboardButton(
                    t.t(language, "stats-forget-button-cancel"),
                    callback_data=encode(Action.FORGET, user_id, 0, 0),
                ),
            ]
        ]
    )
    return Render(t.t(language, "stats-forget-confirm"), keyboard)


def still_playing_text(t: Translator, language: str, games: Sequence[StillPlaying]) -> str:
    """Why /forgetme waits: the games it waits for, each with what ends the wait there."""
    if len(games) == 1:
        key = "stats-forget-in-" + _still_playing_kind(games[0])
        return t.t(language, key, chat=title(games[0].chat_title, language))
    listed, more = listed_chats(games)
    lines = [
        t.t(language, "stats-forget-game-" + _still_playing_kind(game), chat=title(game.chat_title, language))
        for game in listed
    ]
    if more:
        lines.append(t.t(language, "stats-forget-games-more", count=more))
    return t.t(language, "stats-forget-in-games", games="\n".join(lines))


# The one game /stats waits for, by whether it has started and whether the /stats was sent where it is.
_ONE_GAME_KEYS = {
    (False, False): "stats-start-playing",
    (True, False): "stats-start-playing-lobby",
    (False, True): "stats-start-playing-here",
    (True, True): "stats-start-playing-lobby-here",
}


def still_playing_hint(
    t: Translator, language: str, games: Sequence[StillPlaying], here: Place | None
) -> str:
    """What brings the first figures of one in `games`: their ends (a /new there is refused). One game is told
    as a lobby not started yet or a match under way, and as "here" when the /stats was sent in its chat or
    topic (`here`: None where "here" is not the game's chat: a comment under a channel's post, or the private
    chat an answer from a forum topic closed to the bot is forwarded to)."""
    titles = chat_titles((game.chat_title for game in games), language)
    if len(games) > 1:
        return t.t(language, "stats-start-playing", chats=bold_chats(titles, language), count=len(titles))
    game = games[0]
    key = _ONE_GAME_KEYS[game.lobby, here is not None and game.place == here]
    return t.t(language, key, chats=bold_chats(titles, language), count=1)


def _still_playing_kind(game: StillPlaying) -> str:
    """What ends the wait there: leaving a lobby; the match's end, which writes a result (a loss for one who
    left) or, for one removed from it, only keeps their name."""
    if game.lobby:
        return "lobby"
    return "removed" if game.removed else "match"
