"""Round and match results: one row per player, written in the same transaction as the game's state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import MatchResult, RoundResult


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
        self, game_id: int, chat_id: int, rows: Sequence[tuple[PlayerResult, int, int]]
    ) -> None:
        """`rows`: each player's result with rounds played and rounds won."""
        self._session.add_all(
            MatchResult(
                game_id=game_id, chat_id=chat_id, rounds_played=played, rounds_won=won, **asdict(result)
            )
            for result, played, won in rows
        )
        await self._session.flush()

    async def rounds(self, game_id: int) -> list[RoundResult]:
        rows = await self._session.scalars(
            select(RoundResult)
            .where(RoundResult.game_id == game_id)
            .order_by(RoundResult.round_number, RoundResult.placement)
        )
        return list(rows)

    async def matches(self, game_id: int) -> list[MatchResult]:
        rows = await self._session.scalars(
            select(MatchResult).where(MatchResult.game_id == game_id).order_by(MatchResult.placement)
        )
        return list(rows)
