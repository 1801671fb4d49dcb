"""The Alembic migrations build exactly the schema the models describe, from any working directory, up
again after down to nothing, from Alembic's command line and as PostgreSQL's SQL; each migration that adds a
table alone goes down and up on a database in use, dropping that table's rows and nothing else."""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command

from bot.storage import Database
from bot.storage.last_alive import Alive
from bot.storage.migrate import alembic_config, upgrade_to_head
from bot.storage.shown_at_stop import Shown
from bot.storage.tracked_messages import Tracked
from tests.schema import head_revision, inspect_schema, migrate

TABLES = {
    "chats",
    "users",
    "games",
    "game_players",
    "game_events",
    "round_results",
    "match_results",
    "lobby_subscriptions",
    "tracked_messages",
    "last_alive",
    "topic_names",
    "shown_at_stop",
    "set_in_telegram",
}


async def test_migrations_on_an_empty_database_match_the_models(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Not the repository root: the migrations must be found relative to the code.
    monkeypatch.chdir(tmp_path)
    await upgrade_to_head(database_url)
    differences, revision, tables = await inspect_schema(database_url)
    assert differences == []
    assert revision == head_revision() is not None
    assert tables == TABLES | {"alembic_version"}


async def test_upgrade_is_idempotent(database_url: str) -> None:
    await upgrade_to_head(database_url)
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())


async def test_downgrade_to_base_and_back(database_url: str) -> None:
    await upgrade_to_head(database_url)
    await migrate(database_url, command.downgrade, "base")
    _, revision, tables = await inspect_schema(database_url)
    assert (revision, tables) == (None, {"alembic_version"})

    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())


async def test_the_lobby_subscriptions_migration_goes_down_and_up_on_a_database_in_use(
    database_url: str,
) -> None:
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.users.upsert(7, name="Ann")
            await uow.subscriptions.toggle(-1, 0, 7)
        await migrate(database_url, command.downgrade, "0005")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == (
            "0005",
            TABLES
            - {
                "lobby_subscriptions",
                "tracked_messages",
                "last_alive",
                "topic_names",
                "shown_at_stop",
                "set_in_telegram",
            }
            | {"alembic_version"},
        )

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None  # only the subscriptions went
            assert await uow.subscriptions.take(-1, 0) == []
    finally:
        await database.dispose()


async def test_the_tracked_messages_migration_goes_down_and_up_on_a_database_in_use(
    database_url: str,
) -> None:
    """0016 adds the table alone: going down drops what it tracked (those messages then stay, as every one
    did before), and nothing else."""
    await upgrade_to_head(database_url)
    posted = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.tracked.put(-1, 10, Tracked(posted, due=posted + timedelta(minutes=10)))
            await uow.tracked.put(-1, 11, Tracked(posted, kind="board:0:top:chat"))
        async with database.unit_of_work() as uow:
            assert await uow.tracked.all() == {
                (-1, 10): Tracked(posted, due=posted + timedelta(minutes=10)),
                (-1, 11): Tracked(posted, kind="board:0:top:chat"),
            }
        await migrate(database_url, command.downgrade, "0015")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == (
            "0015",
            TABLES - {"tracked_messages", "last_alive", "topic_names", "shown_at_stop", "set_in_telegram"}
            | {"alembic_version"},
        )

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None
            assert await uow.tracked.all() == {}
    finally:
        await database.dispose()


def test_alembic_command_line_uses_alembic_ini_and_database_url(database_url: str, repo_root: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "alembic", "upgrade", "head"],
        cwd=repo_root,
        env={"DATABASE_URL": database_url, "PATH": str(Path(sys.executable).parent)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    differences, revision, _ = asyncio.run(inspect_schema(database_url))
    assert (differences, revision) == ([], head_revision())


def test_migrations_render_for_postgresql() -> None:
    # Offline mode needs no server: it proves the scripts hold no SQLite-only SQL for PostgreSQL.
    config = alembic_config("postgresql+asyncpg://uno@localhost/uno")
    config.output_buffer = io.StringIO()
    command.upgrade(config, "head", sql=True)
    sql = config.output_buffer.getvalue()
    assert "PRAGMA" not in sql
    assert "state JSONB NOT NULL" in sql
    assert "CREATE UNIQUE INDEX uq_games_active_place ON games (chat_id, topic_id) WHERE status IN" in sql
    assert "REFERENCES chats (id) ON DELETE CASCADE ON UPDATE CASCADE" in sql
    assert "ALTER TABLE games ALTER COLUMN id TYPE BIGINT" in sql
    assert "ALTER SEQUENCE games_id_seq AS bigint" in sql
    assert "PRIMARY KEY (chat_id, topic_id, user_id)" in sql  # lobby_subscriptions


async def test_the_last_alive_migration_goes_down_and_up_on_a_database_in_use(database_url: str) -> None:
    """0018 adds the table alone: going down drops the moment written down (the next start then gives no
    time back, as on a new database), and nothing else."""
    await upgrade_to_head(database_url)
    alive = Alive(datetime(2026, 12, 6, 16, 0, 0, 123000, tzinfo=UTC), stopped=True)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.last_alive.put(alive)
        async with database.unit_of_work() as uow:
            assert await uow.last_alive.get() == alive  # to the millisecond the deadlines are kept in
        await migrate(database_url, command.downgrade, "0017")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == (
            "0017",
            TABLES - {"last_alive", "topic_names", "shown_at_stop", "set_in_telegram"} | {"alembic_version"},
        )

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None
            assert await uow.last_alive.get() is None
    finally:
        await database.dispose()


async def test_the_topic_names_migration_goes_down_and_up_on_a_database_in_use(database_url: str) -> None:
    """0020 adds the table alone: going down drops the names topics were renamed to (the next games there
    are named as their topics were created, as before), and nothing else."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Club")
            await uow.topic_names.put(-1, 2, "Room 1")
            await uow.topic_names.put(-1, 2, "Room 2")
        async with database.unit_of_work() as uow:
            assert (await uow.topic_names.get(-1, 2), await uow.topic_names.get(-1, 3)) == ("Room 2", None)
        await migrate(database_url, command.downgrade, "0019")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == (
            "0019",
            TABLES - {"topic_names", "shown_at_stop", "set_in_telegram"} | {"alembic_version"},
        )

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None
            assert await uow.topic_names.get(-1, 2) is None
    finally:
        await database.dispose()


async def test_the_shown_at_stop_migration_goes_down_and_up_on_a_database_in_use(database_url: str) -> None:
    """0021 adds the table alone: going down drops what the screens showed at the last stop (the next start
    then redraws every screen, as after a crash), and nothing else; what is written down is taken once."""
    await upgrade_to_head(database_url)
    shown = Shown(7, 12, "<b>Friends</b>", {"inline_keyboard": [[{"text": "R1", "callback_data": "p:1"}]]})
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.shown_at_stop.put([shown])
        async with database.unit_of_work() as uow:
            assert await uow.shown_at_stop.take() == [shown]
        async with database.unit_of_work() as uow:
            assert await uow.shown_at_stop.take() == []
            await uow.shown_at_stop.put([shown])
        await migrate(database_url, command.downgrade, "0020")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == (
            "0020",
            TABLES - {"shown_at_stop", "set_in_telegram"} | {"alembic_version"},
        )

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None
            assert await uow.shown_at_stop.take() == []
    finally:
        await database.dispose()


def test_a_password_with_an_escaped_character_reaches_alembic_as_written() -> None:
    """An @ in the password is written %40 (config.py asks for it); Alembic's configuration reads % as its
    own, and refused the URL."""
    url = "postgresql+asyncpg://uno:p%40ss%25w@db:5432/uno"
    assert alembic_config(url).get_main_option("sqlalchemy.url") == url


async def test_the_set_in_telegram_migration_goes_down_and_up_on_a_database_in_use(database_url: str) -> None:
    """0022 adds the table alone: going down drops the fingerprints of what the bot set in Telegram (the next
    start sets it all again, as every start did before), and nothing else."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.set_in_telegram.put({"menus": "a" * 64})
        async with database.unit_of_work() as uow:
            assert await uow.set_in_telegram.all() == {"menus": "a" * 64}
        await migrate(database_url, command.downgrade, "0021")
        _, revision, tables = await inspect_schema(database_url)
        assert (revision, tables) == ("0021", TABLES - {"set_in_telegram"} | {"alembic_version"})

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.chats.get(-1) is not None
            assert await uow.set_in_telegram.all() == {}
    finally:
        await database.dispose()
