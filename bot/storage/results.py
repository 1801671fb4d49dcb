"""Round and match results: one row per player, written in the same transaction as the game's state."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import cast

from sqlalchemy import Table, bindparam, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import MatchResult, RoundResult, User

# A result counts on the boards (and in the all-time totals) only when this many people played its match (its
# row's `people`): one person against computers is practice, which anyone could repeat at will to climb them.
BOARD_PEOPLE = 2

_USERS = cast(Table, User.__table__)
# A match adds to its humans' all-time figures (users.total_*), in the transaction that writes its rows.
_ADD_TO_TOTALS = (
    update(_USERS)
    .where(_USERS.c.id == bindparam("user"))
    .values(
        total_matches=_USERS.c.total_matches + bindparam("matches"),
        total_wins=_USERS.c.total_wins + bindparam("wins"),
        total_points=_USERS.c.total_points + bindparam("points"),
    )
)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """The figures of one player in a round or a match (the columns leaderboards rank by)."""

    user_id: int
    is_bot: bool
    placement: int
    points: int
    cards_played: int
    cards_drawn: int
    uno_calls: int
    catches_made: int
    catches_suffered: int
    challenges_won: int
    challenges_lost: int
    timeouts: int
    duration_seconds: int
    preset: str | None
    stopped_early: bool
    finished_at: datetime


class ResultRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def add_round(
        self, game_id: int, chat_id: int, round_number: int, rows: Sequence[tuple[PlayerResult, int]]
    ) -> None:
        """`rows`: each player's result with the points left in their hand."""
        self._session.add_all(
            RoundResult(
                game_id=game_id,
                chat_id=chat_id,
                round_number=round_number,
                hand_points=hand,
                **asdict(result),
            )
            for result, hand in rows
        )
        await self._session.flush()

    async def add_match(
        self,
        game_id: int,
        chat_id: int,
        rows: Sequence[tuple[PlayerResult, int, int]],
        people: Mapping[int, int] | None = None,
    ) -> None:
        """`rows`: each player's result with rounds played and rounds won; `people`: how many people each
        person's result counts as played with, themselves included (None: every person of the rows)."""
        everyone = sum(not result.is_bot for result, _, _ in rows)
        counted = {result.user_id: everyone for result, _, _ in rows} | dict(people or {})
        self._session.add_all(
            MatchResult(
                game_id=game_id,
                chat_id=chat_id,
                rounds_played=played,
                rounds_won=won,
                people=counted[result.user_id],
                **asdict(result),
            )
            for result, played, won in rows
        )
        await self._session.flush()
        totals = [_totals(result, counted[result.user_id]) for result, _, _ in rows if not result.is_bot]
        if totals:
            await self._session.execute(_ADD_TO_TOTALS, totals)

    async def round_people(self, game_id: int) -> frozenset[int]:
        """The people (not computers) still seated at the end of at least one of the match's rounds."""
        rows = await self._session.scalars(
            select(RoundResult.user_id)
            .where(RoundResult.game_id == game_id, RoundResult.is_bot.is_(False))
            .distinct()
        )
        return frozenset(rows)


def added_to_totals(stopped_early: bool, placement: int, points: int, people: int) -> tuple[int, int, int]:
    """What one match result adds to its player's all-time matches, wins and points (as on every board):
    practice (fewer than BOARD_PEOPLE people) and a stopped match add nothing, not even the points of the
    stopped match's finished rounds."""
    if people < BOARD_PEOPLE or stopped_early:
        return 0, 0, 0
    return 1, int(placement == 1), points


def _totals(result: PlayerResult, people: int) -> dict[str, int]:
    matches, wins, points = added_to_totals(result.stopped_early, result.placement, result.points, people)
    return {"user": result.user_id, "matches": matches, "wins": wins, "points": points}
