"""One running bot per database, for the bot's whole life (bot/storage/instance_lock.py, server_lock.py)."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import time
from pathlib import Path

import pytest
from sqlalchemy import make_url, text

from bot.storage.engine import DatabaseUnusableError, create_engine
from bot.storage.instance_lock import only_bot_on
from bot.storage.server_lock import LOCK_KEY

WAIT = 30.0  # how long the lock may take to be held again; a bound on a wait, not a timing assumption
POLL = 0.05


async def test_a_bot_started_after_the_server_dropped_the_lock_s_session_is_still_refused(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A PostgreSQL server that restarts ends every session, the lock's too, while the bot runs on: it takes
    the lock again. (On SQLite the lock is a file's, which only the bot's end lets go of.)"""
    on_server = make_url(database_url).get_backend_name() == "postgresql"
    with only_bot_on(database_url):
        if on_server:
            await _end_the_lock_s_session(database_url)
            assert await _held_again(database_url), "the running bot did not take the lock again"
            warnings = [r.getMessage() for r in caplog.records if r.name == "bot.storage.server_lock"]
            assert warnings == [
                "The database server ended the session holding the bot's lock; taking it again"
            ]
        # The refusal names the running bot: its pid, and on a server the host it runs on.
        running = f"pid {os.getpid()} on {socket.gethostname()}" if on_server else f"pid {os.getpid()}"
        refused = rf"^another bot \({re.escape(running)}\) is running on "
        with pytest.raises(DatabaseUnusableError, match=refused), only_bot_on(database_url):
            pass


async def _end_the_lock_s_session(url: str) -> None:
    """What a server restart does to the lock's session (pg_terminate_backend, as a shutdown does to all)."""
    engine = create_engine(url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            ended = await connection.scalar(
                text(
                    "SELECT count(pg_terminate_backend(l.pid)) FROM pg_locks l"
                    " WHERE l.locktype = 'advisory' AND l.granted AND l.objid = :key"
                    " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                ),
                {"key": LOCK_KEY},
            )
        assert ended == 1
    finally:
        await engine.dispose()


async def _held_again(url: str) -> bool:
    engine = create_engine(url).execution_options(isolation_level="AUTOCOMMIT")
    deadline = time.monotonic() + WAIT
    try:
        async with engine.connect() as connection:
            while time.monotonic() < deadline:
                held = await connection.scalar(
                    text(
                        "SELECT count(*) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
                        " AND l.objid = :key"
                        " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
                    ),
                    {"key": LOCK_KEY},
                )
                if held:
                    return True
                await asyncio.sleep(POLL)
        return False
    finally:
        await engine.dispose()


def test_the_sqlite_lock_names_this_bot_over_one_that_ended(tmp_path: Path) -> None:
    """A bot that ended left its pid in the lock file: the next one writes its own in its place, so that a
    third one is told which bot runs."""
    lock = tmp_path / "uno.db.lock"
    lock.write_text("4242424")
    url = f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}"
    with only_bot_on(url):
        assert lock.read_text() == str(os.getpid())
        with (
            pytest.raises(DatabaseUnusableError, match=rf"^another bot \(pid {os.getpid()}\) is running on "),
            only_bot_on(url),
        ):
            pass


def test_a_sqlite_uri_database_takes_no_lock_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `file:` URI names no file path to put `.lock` beside (an in-memory database shares none)."""
    monkeypatch.chdir(tmp_path)
    url = "sqlite+aiosqlite:///file:uno?mode=memory&cache=shared&uri=true"
    with only_bot_on(url), only_bot_on(url):
        pass
    assert list(tmp_path.iterdir()) == []
