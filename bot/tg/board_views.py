"""The leaderboard message: a board's lines (place, name, figures led by the one it ranks by), its notes, and
its buttons (ordering, period, page), the choice they carry travelling in their callback data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import IntEnum
from typing import Self

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Translator
from bot.service.leaderboards import (
    PROVISIONAL_MATCHES,
    WIN_RATE_MATCHES,
    LeaderboardEntry,
    LeaderboardPage,
    Ordering,
    Period,
    shown_rating,
)
from bot.tg.callback_data import MAX_ARG, Action, encode
from bot.tg.pacing import Render
from bot.tg.render.chosen import marked
from bot.tg.render.text import shown_html_width, title, unbroken
from bot.tg.stats_views import display_name, percent, start_hint, twin_marks
from bot.visible_text import MEDALS

_NARROW_LINE = 32  # characters of a line a narrow phone shows (~30-35) before it wraps (tests.narrow_phone)
_BETWEEN_FIGURES = " · "  # of a player's figures line (stats-top-figures-*)
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


def leaderboard_render(
    t: Translator,
    language: str,
    board: LeaderboardPage,
    choice: BoardChoice,
    chat_title: str | None,
    game_here: bool = False,
    commented: bool = False,
) -> Render:
    """The board as shown in the chat titled `chat_title` (None: a private chat); `game_here`: a game is open
    or under way there, which would refuse the /new an empty board points to; `commented`: shown under a
    linked channel's post, whose comments show nothing of that game (it is in the chat)."""
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
        if game_here and commented:  # "here" is the comments
            start = t.t(language, "stats-start-play-in-chat", chat=title(chat_title or "", language))
        elif game_here:
            start = t.t(language, "stats-start-play-here")
        else:
            start = start_hint(t, language, chat_title is not None)
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
    if shown_html_width(heading) <= _NARROW_LINE:
        return heading
    return t.t(language, "stats-top-title-chat-apart", chat=chat)


def _twins(board: LeaderboardPage, listed: Sequence[LeaderboardEntry]) -> list[int]:
    """The lines' twin marks ("Alex ²"), given among the board's namesakes in user-id order, not the page's
    order: else the second Alex, alone on page 2, read "Alex" there, as the first one did on page 1."""
    return twin_marks(board.namesakes, [(entry.user_id, entry.name) for entry in listed])


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
    # Wider than a narrow phone's line (from ~1,000 wins or 100,000 points on), it wraps between its figures,
    # never inside one ("1,000 wins" / "of 2,000").
    held = _BETWEEN_FIGURES.join(unbroken(figure) for figure in figures.split(_BETWEEN_FIGURES))
    return f"{name_line}\n{held}"


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
