"""The load run's look at the database beside the bot: every game's status for the simulated people, and,
on PostgreSQL, what the bot's sessions do (`pg_stat_activity`, `pg_locks`), sampled as often."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, text
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.engine import READ_ONLY, create_engine
from bot.storage.models import Game
from tests.reliability.players import STATUS_EVERY

# The bot's sessions on its database; `state_change` ages an idle-in-transaction session, `xact_start` an
# open transaction. Lock waits: sessions waiting on a heavyweight lock (a row, a table), and ungranted locks.
_SAMPLE = text(
    """
    SELECT count(*),
           count(*) FILTER (WHERE state = 'active'),
           count(*) FILTER (WHERE state LIKE 'idle in transaction%'),
           coalesce(extract(epoch FROM max(clock_timestamp() - xact_start)), 0),
           coalesce(extract(epoch FROM max(clock_timestamp() - state_change)
                    FILTER (WHERE state LIKE 'idle in transaction%')), 0),
           count(*) FILTER (WHERE wait_event_type = 'Lock'),
           (SELECT count(*) FROM pg_locks WHERE NOT granted)
    FROM pg_stat_activity
    WHERE datname = current_database() AND backend_type = 'client backend'
      AND pid <> pg_backend_pid()
    """
)

_TOTALS = text(
    "SELECT xact_commit, xact_rollback, deadlocks FROM pg_stat_database WHERE datname = current_database()"
)


@dataclass
class ServerActivity:
    samples: int = 0
    most_sessions: int = 0  # the bot's connections at once (its lock's included)
    most_active: int = 0  # running a statement at once
    most_idle_in_transaction: int = 0
    longest_transaction: float = 0.0  # seconds, the oldest open transaction seen
    longest_idle_in_transaction: float = 0.0
    lock_waiting_samples: int = 0  # samples where a session waited on a lock
    most_ungranted_locks: int = 0
    commits: int = 0
    rollbacks: int = 0
    deadlocks: int = 0

    def add(self, row: tuple[int, int, int, float, float, int, int]) -> None:
        sessions, active, idle_in_transaction, oldest, idle_for, waiting, ungranted = row
        self.samples += 1
        self.most_sessions = max(self.most_sessions, sessions)
        self.most_active = max(self.most_active, active)
        self.most_idle_in_transaction = max(self.most_idle_in_transaction, idle_in_transaction)
        self.longest_transaction = max(self.longest_transaction, float(oldest))
        self.longest_idle_in_transaction = max(self.longest_idle_in_transaction, float(idle_for))
        self.lock_waiting_samples += 1 if waiting else 0
        self.most_ungranted_locks = max(self.most_ungranted_locks, ungranted)

    async def add_totals(self, connection: AsyncConnection) -> None:
        """The database's transaction counters (since it was created: the migrations' are a few dozen)."""
        row = (await connection.execute(_TOTALS)).one()
        self.commits, self.rollbacks, self.deadlocks = row

    def line(self) -> str:
        return (
            f"PostgreSQL, {self.samples} samples every {STATUS_EVERY} s: the bot's sessions at most "
            f"{self.most_sessions} ({self.most_active} active, {self.most_idle_in_transaction} idle in "
            f"transaction at once); longest open transaction {self.longest_transaction * 1000:.0f} ms, "
            f"longest idle in transaction {self.longest_idle_in_transaction * 1000:.0f} ms; samples with a "
            f"lock wait {self.lock_waiting_samples}, ungranted locks at most {self.most_ungranted_locks}; "
            f"transactions committed {self.commits}, rolled back {self.rollbacks}, deadlocks {self.deadlocks}"
        )


class StatusBoard:
    """Every game's status as last read: whether a game is over."""

    def __init__(self) -> None:
        self._statuses: dict[int, str] = {}

    def over(self, game_id: int) -> Callable[[], bool]:
        return lambda: self._statuses.get(game_id, "running") not in ("lobby", "running")

    def read(self, rows: Iterable[Any]) -> None:
        self._statuses = {game_id: status for game_id, status in rows}


@asynccontextmanager
async def watching(url: str, board: StatusBoard, activity: ServerActivity | None) -> AsyncIterator[None]:
    """While the body runs, keep `board` current and, on PostgreSQL, sample the bot's sessions into
    `activity`, every STATUS_EVERY seconds on a connection of the harness's own (a read-only transaction a
    look: SQLite's reader neither waits for the bot's writer nor takes it)."""
    engine = create_engine(url).execution_options(**{READ_ONLY: True})
    stop = asyncio.Event()

    async def follow(connection: AsyncConnection) -> None:
        while not stop.is_set():
            async with connection.begin():
                board.read(await connection.execute(select(Game.id, Game.status)))
                if activity is not None:
                    activity.add(tuple((await connection.execute(_SAMPLE)).one()))
            with suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), STATUS_EVERY)
        if activity is not None:
            async with connection.begin():
                await activity.add_totals(connection)

    try:
        async with engine.connect() as connection:
            task = asyncio.create_task(follow(connection))
            try:
                yield
            finally:
                stop.set()
                await task
    finally:
        await engine.dispose()
