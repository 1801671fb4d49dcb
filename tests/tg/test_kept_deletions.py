"""KeptDeletions: the deletions to come are written down in the background, a batch a transaction; one the
database refuses (its SQLite file locked by another program) is logged and let go, never retried in a loop
that would hold the event loop for as long as the lock lasts."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import Coroutine
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database
from bot.storage import engine as storage_engine
from bot.storage.tracked_messages import Tracked
from bot.tg.kept_deletions import KeptDeletions

POSTED = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)


class _Background:
    def __init__(self) -> None:
        self.tasks: list[asyncio.Task[None]] = []

    def __call__(self, work: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(asyncio.create_task(work))

    async def done(self) -> None:
        await asyncio.gather(*self.tasks)


async def test_a_burst_is_one_transaction_and_a_refused_write_is_logged_and_let_go(
    sqlite_at_head: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(storage_engine, "SQLITE_BUSY_TIMEOUT_MS", 50)
    path = tmp_path / "uno.db"
    shutil.copyfile(sqlite_at_head, path)
    database = Database.connect(f"sqlite+aiosqlite:///{path}")
    committed: list[bool] = []
    database.reach = committed.append
    background = _Background()
    kept = KeptDeletions(database, background)
    try:
        for message_id in range(1, 6):
            kept.put(-100, message_id, Tracked(POSTED))
        kept.drop(-100, 5)  # answered and gone before it was written down
        await background.done()
        assert committed == [True]
        assert await kept.read() == {(-100, n): Tracked(POSTED) for n in range(1, 5)}

        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            kept.drop(-100, 1)
            await background.done()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert "Could not write down 1 deletions to come" in caplog.text
        kept.drop(-100, 2)
        await background.done()
        assert set(await kept.read()) == {(-100, 1), (-100, 3), (-100, 4)}
    finally:
        await database.dispose()


async def test_a_change_made_while_the_last_one_is_written_down_is_written_after_it(
    sqlite_at_head: Path, tmp_path: Path
) -> None:
    """The message's deletion was called off while its tracking was being written down: the flush that wrote
    it must not take the drop as written too, or a restart would still delete the message."""
    path = tmp_path / "uno.db"
    shutil.copyfile(sqlite_at_head, path)
    database = Database.connect(f"sqlite+aiosqlite:///{path}")
    background = _Background()
    kept = KeptDeletions(database, background)
    try:
        kept.put(-100, 7, Tracked(POSTED))
        await asyncio.sleep(0)  # the flush took its batch and waits for the database
        kept.drop(-100, 7)
        await background.done()
        assert await kept.read() == {}
    finally:
        await database.dispose()
