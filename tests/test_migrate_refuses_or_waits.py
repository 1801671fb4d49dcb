"""Migrating at start-up on a database the bot cannot use, or not yet: a schema from a newer bot and
another application's tables refused untouched, a refused login and a server without TLS named at once,
a server not up yet waited for (each minute at the most) and a file another program locks too, a stop
midway leaving the database as it was, rows left pointing nowhere stopping the start-up."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import make_url, text

from bot.storage.engine import DatabaseUnusableError, create_engine
from bot.storage.migrate import upgrade_to_head
from tests.schema import head_revision, inspect_schema


async def test_a_schema_from_a_newer_bot_is_refused_untouched(database_url: str) -> None:
    await upgrade_to_head(database_url)
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0099'")
    finally:
        await engine.dispose()
    with pytest.raises(DatabaseUnusableError) as refused:
        await upgrade_to_head(database_url)
    assert "schema is from a newer version of the bot (revision 0099)" in str(refused.value)
    _, revision, _ = await inspect_schema(database_url)
    assert revision == "0099"


async def test_a_database_holding_another_applications_tables_is_refused_untouched(database_url: str) -> None:
    """E.g. the one PostgreSQL database a server's applications share: the bot's first migration would fail
    on its `users` with a traceback."""
    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TABLE users (email VARCHAR(64))"))
            await connection.execute(text("CREATE TABLE chats (room VARCHAR(64))"))
    finally:
        await engine.dispose()
    with pytest.raises(DatabaseUnusableError) as refused:
        await upgrade_to_head(database_url)
    assert str(refused.value) == (
        "it has tables the bot would create (chats, users), not made by the bot (no alembic_version): "
        "give the bot a database of its own"
    )
    _, revision, tables = await inspect_schema(database_url)
    assert (revision, tables) == (None, {"users", "chats"})


def _write_no_database(file: Path) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_bytes(b"no database " * 100)


async def test_a_login_the_server_refuses_is_named_at_once(database_url: str) -> None:
    """On PostgreSQL (python -m tests.postgres): an unknown role; on SQLite a database file is no login."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        _write_no_database(Path(url.database or ""))
        expected = "file is not a database"
    else:
        url = url.set(username="nosuchrole")
        expected = 'role "nosuchrole" does not exist'
    with pytest.raises(DatabaseUnusableError) as refused:
        await upgrade_to_head(url)
    assert expected in str(refused.value)


async def test_a_database_server_not_up_yet_is_waited_for(caplog: pytest.LogCaptureFixture) -> None:
    """Port 1 refuses at once, as a server still starting does."""
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)
        if len(waited) == 3:
            raise asyncio.CancelledError  # the operator gives up: Ctrl+C

    with pytest.raises(asyncio.CancelledError):
        await upgrade_to_head("postgresql+asyncpg://uno:secret@127.0.0.1:1/uno", sleep=sleep)
    assert waited == [1.0, 2.0, 4.0]
    warnings = [r.getMessage() for r in caplog.records if r.name == "bot.storage.migrate"]
    assert len(warnings) == 3
    assert "postgresql+asyncpg://uno:***@127.0.0.1:1/uno is not reachable" in warnings[0]
    assert "secret" not in " ".join(warnings)


async def test_a_database_server_down_for_long_is_tried_again_each_minute() -> None:
    """The pause doubles up to a minute, and stays there: a server down for an hour is not left alone for
    half a day before the next try."""
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)
        if len(waited) == 9:
            raise asyncio.CancelledError

    with pytest.raises(asyncio.CancelledError):
        await upgrade_to_head("postgresql+asyncpg://uno@127.0.0.1:1/uno", sleep=sleep)
    assert waited == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0]


@pytest.mark.parametrize("journal_mode", ["wal", "delete"])
async def test_a_database_file_another_program_keeps_locked_is_waited_for(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, journal_mode: str
) -> None:
    """A sqlite3 shell left in a transaction, or another program writing: start-up gave up after SQLite's
    15 s with "WARNING bot: run failed: the database is locked" and status 1. The lock bites at the first
    write on the bot's own (WAL) file, and already at connecting on one in another journal mode."""
    file = tmp_path / "uno.db"
    holder = sqlite3.connect(file, isolation_level=None)
    holder.execute(f"PRAGMA journal_mode={journal_mode}")
    holder.execute("BEGIN IMMEDIATE")
    waited: list[float] = []

    async def sleep(seconds: float) -> None:
        waited.append(seconds)
        if len(waited) == 2:
            holder.execute("ROLLBACK")  # the other program is done

    try:
        await upgrade_to_head(f"sqlite+aiosqlite:///{file}", sleep=sleep)
    finally:
        holder.close()
    assert waited == [1.0, 2.0]
    warnings = [r for r in caplog.records if r.name == "bot.storage.migrate"]
    assert [r.levelname for r in warnings] == ["WARNING", "WARNING"]
    assert warnings[0].getMessage() == (
        f"The database file {file} is locked by another program (a sqlite3 shell, a backup?); trying again "
        "in 1 s"
    )
    differences, revision, _ = await inspect_schema(f"sqlite+aiosqlite:///{file}")
    assert (differences, revision) == ([], head_revision())


async def test_a_stop_during_the_migrations_leaves_the_database_as_it_was(database_url: str) -> None:
    """A stop signal cancels the migrating task (bot/commands/stop_signals.py): every migration runs in one
    transaction, DDL included, so the database is not left half migrated."""
    migrating: asyncio.Task[None] | None = None

    class StopMidway(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage().startswith("Running upgrade 0002") and migrating is not None:
                migrating.cancel()

    migrations_log = logging.getLogger("alembic.runtime.migration")
    stopper = StopMidway()
    migrations_log.addHandler(stopper)
    level = migrations_log.level
    migrations_log.setLevel(logging.INFO)
    try:
        migrating = asyncio.create_task(upgrade_to_head(database_url))
        with pytest.raises(asyncio.CancelledError):
            await migrating
    finally:
        migrations_log.removeHandler(stopper)
        migrations_log.setLevel(level)
    _, revision, tables = await inspect_schema(database_url)
    assert (revision, tables) == (None, set())


async def test_a_server_without_tls_asked_for_tls_is_named_at_once() -> None:
    """`ssl=require` (or sslmode=require, as hosted servers give it) against a server that answers "no TLS":
    waiting would not change the answer."""

    async def no_tls(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(8)  # the SSLRequest
        writer.write(b"N")
        await writer.drain()
        writer.close()

    async def sleep(seconds: float) -> None:
        raise AssertionError(f"waited {seconds} s for a server that answered")

    server = await asyncio.start_server(no_tls, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(DatabaseUnusableError) as refused:
            await upgrade_to_head(
                f"postgresql+asyncpg://uno:secret@127.0.0.1:{port}/uno?ssl=require", sleep=sleep
            )
    finally:
        server.close()
        await server.wait_closed()
    assert str(refused.value) == (
        f"postgresql+asyncpg://uno:***@127.0.0.1:{port}/uno?ssl=require: the server does not take TLS "
        "connections, which ssl=require (or sslmode=require) asks for"
    )


async def test_rows_pointing_nowhere_after_migrating_stop_the_start_up(tmp_path: Path) -> None:
    """The migrations run with SQLite's foreign keys off (a rebuilt table would cascade its drop): a row they
    left pointing nowhere fails the start-up, before the bot runs on it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}"
    await upgrade_to_head(url)
    with sqlite3.connect(tmp_path / "uno.db") as connection:  # foreign keys off: sqlite3's default
        connection.execute(
            "INSERT INTO lobby_subscriptions (chat_id, topic_id, user_id, created_at)"
            " VALUES (-100, 0, 7, '2026-01-01')"
        )
    with pytest.raises(
        RuntimeError, match=r"^foreign key violations after migrating: \[\('lobby_subscriptions'"
    ):
        await upgrade_to_head(url)
