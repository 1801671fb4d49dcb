"""When the bot last wrote down that it runs (bot.tg.downtime): one row, rewritten every few seconds."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, update
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import LastAlive

_ROW = 1


@dataclass(frozen=True)
class Alive:
    """The bot ran at `at`; `stopped`: and stopped then (else it may have run a few seconds longer)."""

    at: datetime
    stopped: bool


class LastAliveRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self) -> Alive | None:
        """None: never written (a new database, or one only an older version ran on)."""
        row = await self._session.get(LastAlive, _ROW)
        return None if row is None else Alive(row.alive_at, row.stopped)

    async def put(self, alive: Alive) -> None:
        """One UPDATE (the row exists but for the first write)."""
        result = await self._session.execute(
            update(LastAlive).where(LastAlive.id == _ROW).values(alive_at=alive.at, stopped=alive.stopped)
        )
        if cast(CursorResult[Any], result).rowcount == 0:
            self._session.add(LastAlive(id=_ROW, alive_at=alive.at, stopped=alive.stopped))
