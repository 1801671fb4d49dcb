"""The Alembic migrations build exactly the schema the models describe, from any working directory."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect, make_url, select, text
from sqlalchemy.exc import IntegrityError

from bot.service.document import GameDocument
from bot.service.ended_games import compacted
from bot.service.leaderboards import Period, leaderboard, personal_stats
from bot.service.settings import set_user_language, toggle_colour_letters
from bot.storage import AwaitedPlace, Database, HandChoices
from bot.storage.engine import DatabaseUnusableError, create_engine
from bot.storage.last_alive import Alive
from bot.storage.migrate import alembic_config, upgrade_to_head
from bot.storage.models import Game
from bot.storage.shown_at_stop import Shown
from bot.storage.tracked_messages import Tracked
from tests.e2e.test_upgrade_from_an_old_version import SAVED as SAVED_MATCH
from tests.schema import head_revision, insert_rows, inspect_schema, migrate

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


async def test_the_topic_titles_migration_keeps_the_requests_made_without_them(database_url: str) -> None:
    """Down to 0006 the requests stay, without their topics' names; back up, they read as before 0007 did:
    no topic name (the greeting names their chat)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Forum")
            await uow.users.upsert(7, name="Ann")
            await uow.subscriptions.toggle(-1, 5, 7, "Cards")
        await migrate(database_url, command.downgrade, "0006")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM lobby_subscriptions"))).mappings().all()
        assert revision == "0006"
        assert [(row["chat_id"], row["topic_id"], row["user_id"], "topic_title" in row) for row in kept] == [
            (-1, 5, 7, False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert await uow.subscriptions.places_of(7) == [AwaitedPlace(-1, 5, "Forum", None)]
            assert await uow.subscriptions.take(-1, 5) == [7]
    finally:
        await database.dispose()


async def test_the_hand_choices_migration_keeps_the_players_and_their_hand_messages(
    database_url: str,
) -> None:
    """Down to 0007 a running game's players keep their hand messages, without what they turned them to; back
    up, their hands read as turned to nothing (the first page, no selection)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.chats.ensure(-1, "Friends")
            await uow.users.upsert(7, name="Ann")
            game = await uow.games.create(chat_id=-1, state={})
            await uow.games.add_player(game.id, 7)
            await uow.games.set_hand_messages({(game.id, 7): (55, 3)})
            await uow.games.set_hand_choices({(game.id, 7): HandChoices(1, 3, (9,), 4)})
        await migrate(database_url, command.downgrade, "0007")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM game_players"))).mappings().all()
        assert revision == "0007"
        assert [(row["user_id"], row["hand_message_id"], "hand_choices" in row) for row in kept] == [
            (7, 55, False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            players = await uow.games.players(game.id)
        assert [(p.user_id, p.hand_message_id, p.hand_choices) for p in players] == [(7, 55, None)]
    finally:
        await database.dispose()


async def test_the_colour_letters_migration_keeps_the_users(database_url: str) -> None:
    """Down to 0008 the people stay, with their language, without their choice of colour letters; back up,
    everyone reads the cards without them (the default) until they send /colours again."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.users.upsert(7, name="Ann", username="ann", language_code="en")  # she played
            await set_user_language(uow, 7, "ru", name="Ann", username="ann", language_code="en")
            assert await toggle_colour_letters(uow, 7, name="Ann", username="ann", language_code="en")
        await migrate(database_url, command.downgrade, "0008")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM users"))).mappings().all()
        assert revision == "0008"
        assert [(row["id"], row["name"], row["language"], "colour_letters" in row) for row in kept] == [
            (7, "Ann", "ru", False)
        ]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None
            assert (user.name, user.language, user.colour_letters) == ("Ann", "ru", False)
    finally:
        await database.dispose()


AT = "2026-01-01T00:00:00+00:00"  # a stored row's timestamps


def _game(chat_id: int, status: str) -> dict[str, object]:
    row = {"chat_id": chat_id, "topic_id": 0, "status": status, "version": 1, "state": {}}
    return row | {"created_at": AT, "updated_at": AT}


async def test_the_games_table_rebuilt_by_0005_still_allows_one_active_game_a_place(
    database_url: str,
) -> None:
    """0005 copies the games table on SQLite: the copy keeps the index that allows one lobby or match a
    place, and only those (a chat that finished a match opens the next; without its WHERE, no chat could)."""
    await migrate(database_url, command.upgrade, "0004")
    chats = [{"id": chat, "settings": {}, "created_at": AT, "updated_at": AT} for chat in (-1, -2)]
    games = [_game(-1, "finished"), _game(-1, "stopped"), _game(-2, "running")]
    await insert_rows(database_url, {"chats": chats, "games": games})
    await upgrade_to_head(database_url)

    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await uow.games.create(chat_id=-1, state={})
        with pytest.raises(IntegrityError):
            async with database.unit_of_work() as uow:
                await uow.games.create(chat_id=-2, state={})
    finally:
        await database.dispose()


async def _indexes(database_url: str, table: str) -> set[str]:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            indexes = await connection.run_sync(lambda sync: inspect(sync).get_indexes(table))
    finally:
        await engine.dispose()
    return {index["name"] for index in indexes if index["name"] is not None}


async def test_the_games_by_finish_migration_goes_down_and_up_keeping_the_games(database_url: str) -> None:
    """0011 indexes the games by when they ended, in place of the chat's index by creation: the games stored
    before it are found by their end as the bot finds them, and the way back restores the old index."""
    await migrate(database_url, command.upgrade, "0010")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    ended = [_game(-1, "finished") | {"finished_at": f"2026-01-0{day}T00:00:00+00:00"} for day in (3, 2)]
    await insert_rows(
        database_url, {"chats": chats, "games": [*ended, _game(-1, "lobby") | {"finished_at": None}]}
    )
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            last = await uow.games.last_ended(-1)
            since = await uow.games.ended_since(datetime(2026, 1, 2, tzinfo=UTC), -1)
        assert last is not None and (last.id, since) == (1, [2, 1])

        await migrate(database_url, command.downgrade, "0010")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0010"
        assert {"ix_games_chat_id_created_at", "ix_games_finished_at"} & await _indexes(
            database_url, "games"
        ) == {"ix_games_chat_id_created_at"}
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            assert len(await uow.games.ended_since(datetime(2026, 1, 1, tzinfo=UTC))) == 2
    finally:
        await database.dispose()


RESULTS = ("round_results", "match_results")


def _results(game_id: int, user_id: int, placement: int) -> dict[str, dict[str, object]]:
    """A round's and a match's row of one player, as 0011 stored them."""
    row = {"game_id": game_id, "chat_id": -1, "user_id": user_id, "is_bot": False, "placement": placement}
    row |= {"points": 50 if placement == 1 else 0, "stopped_early": False, "finished_at": AT}
    figures = ("cards_played", "cards_drawn", "uno_calls", "catches_made", "catches_suffered")
    row |= dict.fromkeys((*figures, "challenges_won", "challenges_lost", "timeouts", "duration_seconds"), 0)
    return {
        "round_results": row | {"round_number": 1, "hand_points": 0},
        "match_results": row | {"rounds_played": 1, "rounds_won": int(placement == 1), "people": 2},
    }


async def test_the_unread_results_indexes_migration_goes_down_and_up_keeping_the_results(
    database_url: str,
) -> None:
    """0012 drops the results' indexes by end time alone (nothing reads them, every result wrote to them):
    the results stored before it still make the boards and /stats, and the way back restores them."""
    await migrate(database_url, command.upgrade, "0011")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    users = [
        {"id": user, "name": name, "is_bot": False, "blocked": False, "rating": 1500.0, "rated_matches": 0}
        | {"created_at": AT, "updated_at": AT}
        for user, name in ((7, "Ann"), (8, "Bob"))
    ]
    rows = [_results(1, 7, 1), _results(1, 8, 2)]
    await insert_rows(
        database_url,
        {"chats": chats, "users": users, "games": [_game(-1, "finished") | {"finished_at": AT}]}
        | {table: [row[table] for row in rows] for table in RESULTS},
    )
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    for table in RESULTS:
        assert f"ix_{table}_finished_at" not in await _indexes(database_url, table)
    database = Database.connect(database_url)
    try:
        async with database.reading() as session:
            board = await leaderboard(
                session, -1, period=Period.THIS_MONTH, now=datetime(2026, 1, 2, tzinfo=UTC)
            )
            stats = await personal_stats(session, 7)
        assert [(entry.name, entry.wins) for entry in board.entries] == [("Ann", 1), ("Bob", 0)]
        assert stats is not None and stats.points == 50

        await migrate(database_url, command.downgrade, "0011")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0011"
        for table in RESULTS:
            assert f"ix_{table}_finished_at" in await _indexes(database_url, table)
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
    finally:
        await database.dispose()


async def test_the_games_status_index_migration_goes_down_and_up_keeping_the_open_games(
    database_url: str,
) -> None:
    """0013 drops the games' index by status: the open games are found in the index of the open games alone,
    and the way back restores it."""
    await migrate(database_url, command.upgrade, "0012")
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    games = [
        _game(-1, "finished") | {"topic_id": 1, "finished_at": AT},
        _game(-1, "lobby") | {"finished_at": None},
    ]
    await insert_rows(database_url, {"chats": chats, "games": games})
    await upgrade_to_head(database_url)
    differences, revision, _ = await inspect_schema(database_url)
    assert (differences, revision) == ([], head_revision())
    assert "ix_games_status" not in await _indexes(database_url, "games")
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            assert [game.id for game in await uow.games.list_active()] == [2]

        await migrate(database_url, command.downgrade, "0012")
        _, revision, _ = await inspect_schema(database_url)
        assert revision == "0012"
        assert "ix_games_status" in await _indexes(database_url, "games")
        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
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


async def test_the_compact_ended_games_migration_compacts_the_games_whose_logs_went(
    database_url: str,
) -> None:
    """0014: the games that ended and lost their logs before it keep only what the old logs' job now keeps of
    each game as its log goes; a game still logged, or still on, is left whole. Down again, a compact game's
    engine has its rules back, as the bot before it reads it."""
    await migrate(database_url, command.upgrade, "0013")
    saved = json.loads(SAVED_MATCH.read_text())["tables"]["games"][0]["state"]  # as a bot once saved it
    chats = [{"id": -1, "settings": {}, "created_at": AT, "updated_at": AT}]
    games = [
        _game(-1, "finished") | {"state": saved, "topic_id": 1},  # its log went
        _game(-1, "stopped") | {"state": saved, "topic_id": 2},  # still logged
        _game(-1, "running") | {"state": saved, "topic_id": 3},
        _game(-1, "stopped") | {"topic_id": 4},  # no game document: as it is
    ]
    event = {"game_id": 2, "seq": 1, "version": 1, "kind": "lobby.open", "payload": {}, "created_at": AT}
    await insert_rows(database_url, {"chats": chats, "games": games, "game_events": [event]})
    await upgrade_to_head(database_url)

    states = await _states(database_url)
    # As the bot compacts a game now, read as the bot reads it: a key the bot added to a document since (read
    # with its default) is missing from the migration's frozen copy of the rule.
    assert GameDocument.from_dict(states[1]) == GameDocument.from_dict(compacted(saved))
    assert GameDocument.from_dict(states[1]).compact
    assert len(json.dumps(states[1])) < len(json.dumps(saved)) / 2
    assert (states[2], states[3], states[4]) == (saved, saved, {})

    await migrate(database_url, command.downgrade, "0013")
    down = await _states(database_url)
    assert down[1]["engine"]["rules"] == saved["rules"] and (down[2], down[3], down[4]) == (saved, saved, {})


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


async def _states(database_url: str) -> dict[int, dict[str, object]]:
    database = Database.connect(database_url)
    try:
        async with database.reading() as session:
            return {game: state for game, state in await session.execute(select(Game.id, Game.state))}
    finally:
        await database.dispose()


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


async def test_the_own_menu_migration_keeps_the_users(database_url: str) -> None:
    """0023 adds users.own_menu alone: down to 0022 the people stay, with their language, without the
    fingerprint of their own menu; back up, none is kept (each one's next Start sets their menu once)."""
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            await set_user_language(uow, 7, "ru", name="Ann", username="ann", language_code="de")
            await uow.users.keep_own_menu(7, "a" * 64)
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None and (user.language, user.own_menu) == ("ru", "a" * 64)
        await migrate(database_url, command.downgrade, "0022")
        _, revision, _ = await inspect_schema(database_url)
        async with database.unit_of_work() as uow:
            kept = (await uow.session.execute(text("SELECT * FROM users"))).mappings().all()
        assert revision == "0022"
        assert [(row["id"], row["language"], "own_menu" in row) for row in kept] == [(7, "ru", False)]

        await upgrade_to_head(database_url)
        differences, revision, _ = await inspect_schema(database_url)
        assert (differences, revision) == ([], head_revision())
        async with database.unit_of_work() as uow:
            user = await uow.users.get(7)
            assert user is not None and (user.language, user.own_menu) == ("ru", None)
    finally:
        await database.dispose()
