"""Leaderboards of a chat or of every chat: one grouped, ranked and paged query over `match_results` (the
all-time board of every chat reads the totals kept on the user rows instead: one row a player, however long
the history).

What counts: only matches at least BOARD_PEOPLE people played a full round of (computers among them or not);
one person against computers is practice, which anyone could repeat at will to climb the boards, and so is a
match whose only other person joined and left at once (who still takes their loss: `match_people`). A match
stopped early counts for nothing either, its points included: else a player ahead could bank them by having
the match stopped before they could lose it (one who left before the stop keeps their loss: their row is not
marked stopped).
A player with no counted match is not on the board. Computer players never appear. The rating is the
player's current (global) rating whatever the period. The win-rate board ranks players with at least
WIN_RATE_MATCHES matches first: one lucky win must not top it (the others show no place: board_views._place).
A player's rank (their medal, their number) comes from the figures the board's lines show alone: players
they show equal share it, as results do (🥇 520, 🥈 0, 🥈 0), and a figure no line shows only orders them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import IntEnum
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Float,
    Numeric,
    Row,
    Select,
    SQLColumnExpression,
    Subquery,
    case,
    cast,
    func,
    literal,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.leaderboards.rating import is_provisional
from bot.stand_in_names import namesake_keys
from bot.storage.models import MatchResult, User
from bot.storage.results import BOARD_PEOPLE

PAGE_SIZE = 10
WIN_RATE_MATCHES = 5  # fewer matches than this: ranked after everyone with enough on the win-rate board


class Ordering(IntEnum):
    """What the board ranks by first; the values travel in callback data."""

    RATING = 0
    WINS = 1
    WIN_RATE = 2
    POINTS = 3


class Period(IntEnum):
    ALL_TIME = 0
    THIS_MONTH = 1


@dataclass(frozen=True)
class LeaderboardEntry:
    rank: int  # equal for players whose lines show equal figures (standard competition ranking)
    user_id: int
    name: str
    rating: float
    provisional: bool
    matches: int
    wins: int
    points: int
    # This line and every line ranked above it have a win, on any page: only then may its place be a medal.
    won_to_here: bool


@dataclass(frozen=True)
class LeaderboardPage:
    entries: tuple[LeaderboardEntry, ...]
    page: int  # 0-based, clamped to the pages there are
    pages: int  # at least 1
    players: int
    viewer: LeaderboardEntry | None = None  # who asked, when on the board but not on this page
    # The viewer's line comes before the page's: on an earlier page (tied with the page's first, perhaps).
    viewer_first: bool = False
    # The viewer's line is the board's next to the page's (right before its first, right after its last):
    # no line is left out between them.
    viewer_beside: bool = False
    since: datetime | None = None  # the first moment the period covers (UTC); None for all time
    # Anyone on the board has points: nobody has where matches score none (single-round or own-hand scoring).
    scored: bool = True
    # An empty board's chat (or every chat) had practice in the period: what its empty text then explains.
    practiced: bool = False
    # (user id, name) of everyone on the board, on this page or not, named as one of the page's lines (the
    # viewer's too), in user-id order: two "Alex" are told apart the same way on every page and ordering.
    namesakes: tuple[tuple[int, str], ...] = ()


def period_start(period: Period, now: datetime) -> datetime | None:
    """The first moment the period covers (UTC), or None for all time."""
    if period is Period.ALL_TIME:
        return None
    now = now.astimezone(UTC)
    return now.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


async def leaderboard(
    session: AsyncSession,
    chat_id: int | None,
    ordering: Ordering = Ordering.RATING,
    period: Period = Period.ALL_TIME,
    page: int = 0,
    *,
    now: datetime,
    viewer: int | None = None,
) -> LeaderboardPage:
    """One page of the board of `chat_id` (None: every chat), with the `viewer`'s own line when they are on
    the board but not on this page (someone ranked 27th still sees where they stand)."""
    ranked = board_query(chat_id, ordering, period, now=now)
    page = max(page, 0)
    above, rows, below = await _page_rows(session, ranked, page)
    if not rows and page > 0:
        # Past the end (the board shrank since the buttons were drawn): show the last page.
        head = (await session.execute(ranked.limit(1))).first()
        page = _page_count(int(head.players) if head is not None else 0) - 1
        above, rows, below = await _page_rows(session, ranked, page)
    players = int(rows[0].players) if rows else 0
    entries = tuple(_entry(row) for row in rows)
    own, first, beside = None, False, False
    if viewer is not None and rows and all(entry.user_id != viewer for entry in entries):
        next_to = [row for row in (above, below) if row is not None and row.user_id == viewer]
        if next_to:  # read with the page already
            own, first, beside = _entry(next_to[0]), next_to[0] is above, True
        else:
            whole = ranked.subquery()
            found = (await session.execute(select(whole).where(whole.c.user_id == viewer))).first()
            own = None if found is None else _entry(found)
            first = own is not None and await _on_an_earlier_page(session, ranked, viewer, page)
    keys = namesake_keys((entry.user_id, entry.name) for entry in (*entries, *([] if own is None else [own])))
    # one page holds the whole board, namesakes and all: no second read of it (a chat's board's time doubled)
    one_page = players <= PAGE_SIZE
    namesakes = () if one_page else await _namesakes(session, _on_the_board(chat_id, period, now=now), keys)
    since = period_start(period, now)
    return LeaderboardPage(
        entries,
        page,
        _page_count(players),
        players,
        own,
        viewer_first=first,
        viewer_beside=beside,
        since=since,
        scored=bool(rows and rows[0].most_points),
        practiced=not rows and await _practiced(session, chat_id, since),
        namesakes=namesakes,
    )


async def _page_rows(
    session: AsyncSession, ranked: Select[tuple[Any, ...]], page: int
) -> tuple[Row[Any] | None, list[Row[Any]], Row[Any] | None]:
    """The page's rows, and the board's rows right before and after them (None: none there), read with them:
    whether the viewer's line is next to the page, and that line itself, at the cost of two rows more."""
    start = page * PAGE_SIZE
    before = 1 if start else 0
    rows = list((await session.execute(ranked.limit(before + PAGE_SIZE + 1).offset(start - before))).all())
    above = rows[0] if before and rows else None
    shown = rows[before : before + PAGE_SIZE]
    below = rows[before + PAGE_SIZE] if len(rows) > before + PAGE_SIZE else None
    return above, shown, below


async def _on_an_earlier_page(
    session: AsyncSession, ranked: Select[tuple[Any, ...]], user_id: int, page: int
) -> bool:
    """Whether the player's line is on a page before `page`. Their rank cannot say when they are tied with
    the page's first; a place in the list as a column (row_number) would cost every board a second sort."""
    if page == 0:
        return False
    earlier = ranked.limit(page * PAGE_SIZE).subquery()
    return bool(await session.scalar(select(select(earlier).where(earlier.c.user_id == user_id).exists())))


async def _practiced(session: AsyncSession, chat_id: int | None, since: datetime | None) -> bool:
    """Whether a person finished practice in the chat (or any) since `since`: asked of an empty board only,
    so the rows its board index scans are none that count. Practice is a result counting fewer than
    BOARD_PEOPLE people, of a match not stopped: a match stopped before anyone played a full round counts
    nobody, and perhaps no computer played it. On an empty board a finished one is one person's against
    computers: who left a match of people during its first round took a loss, which is on the board."""
    conditions = [MatchResult.people < BOARD_PEOPLE, *_a_persons_result(chat_id, since)]
    # The row's id (in every SQLite index), not its every column: read from the board's index alone.
    return bool(await session.scalar(select(select(MatchResult.id).where(*conditions).exists())))


def _entry(row: Row[Any]) -> LeaderboardEntry:
    return LeaderboardEntry(
        rank=int(row.rank),
        user_id=row.user_id,
        name=row.name,
        rating=row.rating,
        provisional=is_provisional(row.rated_matches),
        matches=int(row.matches),
        wins=int(row.wins),
        points=int(row.points),
        won_to_here=int(row.fewest_wins_to_here) > 0,
    )


def board_query(
    chat_id: int | None, ordering: Ordering, period: Period, *, now: datetime
) -> Select[tuple[Any, ...]]:
    """The whole ranked board (every row carries its rank, the fewest wins of the lines down to it, the
    number of players and the most points anyone has); callers page it."""
    totals = _totals(chat_id, period, now=now)
    win_rate = func.coalesce(cast(totals.c.wins, Float) / func.nullif(totals.c.matches, 0), literal(-1.0))
    shown, hidden = _order_keys(
        ordering, User.rating, totals.c.wins, win_rate, totals.c.points, totals.c.matches
    )
    return (
        select(
            totals.c.user_id,
            User.name,
            User.rating,
            User.rated_matches,
            totals.c.matches,
            totals.c.wins,
            totals.c.points,
            func.rank().over(order_by=shown).label("rank"),
            # the fewest wins of a line ranked above or equal: read from the whole board, not a page's lines
            func.min(totals.c.wins).over(order_by=shown).label("fewest_wins_to_here"),
            func.count().over().label("players"),
            func.max(totals.c.points).over().label("most_points"),
        )
        .join(User, User.id == totals.c.user_id)
        .where(User.is_bot.is_(False))
        .order_by(*shown, *hidden, totals.c.user_id)
    )


def _totals(chat_id: int | None, period: Period, *, now: datetime) -> Subquery:
    """Each player's figures on the board (user_id, matches, wins, points): the all-time board of every chat
    reads those kept on the user rows; the others sum their result rows."""
    if chat_id is None and period is Period.ALL_TIME:
        return _kept_totals()
    return _summed_totals(chat_id, period_start(period, now))


async def board_namesakes(session: AsyncSession, user_id: int, name: str) -> tuple[tuple[int, str], ...]:
    """(user id, name) of everyone whose name reads as the player's `name` on the all-time board of every
    chat, in user-id order: a /stats card (of all chats, all time) gives its twin mark among them as that
    board gives its lines'."""
    return await _namesakes(session, _on_every_chats_board(), namesake_keys([(user_id, name)]))


async def _namesakes(
    session: AsyncSession, on_the_board: ColumnElement[bool], keys: set[str]
) -> tuple[tuple[int, str], ...]:
    """Who on the board has a name that reads as one of `keys` (`namesake_keys`), in user-id order (the
    board's players, without their figures or ranking: no second sum or sort of a board the viewer's line may
    have sorted already; a computer player, on no board, is nobody's namesake). The key "" finds every name
    of nothing visible and every deleted account's: the renders read them "Player N" and "Deleted account",
    in their languages, and tell apart those that read alike."""
    if not keys:
        return ()
    rows = await session.execute(
        select(User.id, User.name).where(User.twin_key.in_(keys), on_the_board).order_by(User.id)
    )
    return tuple((user_id, name) for user_id, name in rows)


def _on_the_board(chat_id: int | None, period: Period, *, now: datetime) -> ColumnElement[bool]:
    """Whether a user row's player is on the board (has a row of `_totals`): by the kept totals on the
    all-time board of every chat; else by the user ids of the board's result rows, read from its covering
    index and not summed."""
    since = period_start(period, now)
    if chat_id is None and since is None:
        return _on_every_chats_board()
    return User.id.in_(select(MatchResult.user_id).where(*_counted(chat_id, since)))


def _on_every_chats_board() -> ColumnElement[bool]:
    """Whether a user row's player is on the all-time board of every chat: a counted match kept on the row."""
    return User.total_matches > 0


def _summed_totals(chat_id: int | None, since: datetime | None) -> Subquery:
    """Each player's figures summed over their result rows of one chat or period."""
    return (
        select(
            MatchResult.user_id.label("user_id"),
            func.count().label("matches"),
            func.sum(case((MatchResult.placement == 1, 1), else_=0)).label("wins"),
            func.sum(MatchResult.points).label("points"),
        )
        .where(*_counted(chat_id, since))
        .group_by(MatchResult.user_id)
        .subquery()
    )


def _counted(chat_id: int | None, since: datetime | None) -> list[ColumnElement[bool]]:
    """The result rows a board of one chat or period counts: a person's, of a match of people not stopped."""
    return [MatchResult.people >= BOARD_PEOPLE, *_a_persons_result(chat_id, since)]


def _a_persons_result(chat_id: int | None, since: datetime | None) -> list[ColumnElement[bool]]:
    """A person's result of a match not stopped, in the chat (or any) since `since` (or ever): what a board
    counts and what practice is, told apart by the number of people."""
    conditions: list[ColumnElement[bool]] = [
        MatchResult.is_bot.is_(False),
        MatchResult.stopped_early.is_(False),
    ]
    if chat_id is not None:
        conditions.append(MatchResult.chat_id == chat_id)
    if since is not None:
        conditions.append(MatchResult.finished_at >= since)
    return conditions


def _kept_totals() -> Subquery:
    """Each player's all-time figures across every chat, as kept on their user row (the same sums as
    `_summed_totals` without a chat or a period, one row a player)."""
    return (
        select(
            User.id.label("user_id"),
            User.total_matches.label("matches"),
            User.total_wins.label("wins"),
            User.total_points.label("points"),
        )
        .where(_on_every_chats_board())
        .subquery()
    )


def _page_count(players: int) -> int:
    return max(1, -(-players // PAGE_SIZE))


def _order_keys(
    ordering: Ordering,
    rating: SQLColumnExpression[Any],
    wins: SQLColumnExpression[Any],
    win_rate: SQLColumnExpression[Any],
    points: SQLColumnExpression[Any],
    matches: SQLColumnExpression[Any],
) -> tuple[list[SQLColumnExpression[Any]], list[SQLColumnExpression[Any]]]:
    """The keys the board orders by, in two parts: the leading ones, figures its lines show (the rating, the
    wins of the matches and their rate, the points: stats-top-figures-*), which rank the players; then the
    rest, from the first figure those lines do not show, which only order players ranked equal. Else two
    lines that read the same got two medals (🥇 and 🥈 at "1500? · 0 wins of 1 (0%)": the points, which the
    rating board's lines do not show, decided)."""
    # The rating as its lines show it (`shown_rating`: 1500.4 and 1499.6 both read 1500, 1500.5 reads 1501):
    # the rest of it only orders. Rounded as a decimal: PostgreSQL's round() of a float takes a half to the
    # even number (1500.5 to 1500); of a numeric, as SQLite's of any number, away from zero.
    shown_rating = func.round(cast(rating, Numeric))
    # Every line shows the record ("1 win of 3"), which ranks in full: at equal wins fewer matches first (the
    # better rate; with no win, fewer losses: 0 of 1 above 0 of 2). By points it ranked by wins alone, and a
    # one-round chat's board, all at 0 points, gave "1 win of 1" and "1 win of 6" one medal (nine 🥇).
    # By win rate, those with WIN_RATE_MATCHES matches first (the note under the board says so); at an equal
    # rate more wins come first (3 of 3 above 1 of 1), then fewer losses as above.
    by: dict[Ordering, tuple[tuple[SQLColumnExpression[Any], ...], tuple[SQLColumnExpression[Any], ...]]] = {
        Ordering.RATING: ((shown_rating, wins, -matches), (rating, points)),
        Ordering.WINS: ((wins, -matches), (rating, points)),
        Ordering.WIN_RATE: ((matches >= WIN_RATE_MATCHES, win_rate, wins, -matches), (rating, points)),
        Ordering.POINTS: ((points, wins, -matches), (rating,)),
    }
    shown, hidden = by[ordering]
    return [key.desc() for key in shown], [key.desc() for key in hidden]
