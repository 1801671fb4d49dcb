"""A unit of work's trips to the database, which every queued unit of work waits for (units of work take
turns), and the check of a pooled connection before use (bot/storage/engine.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.exc import DBAPIError

from bot.storage import Database, NewEvent
from bot.storage.engine import PING_AFTER_IDLE_SECONDS, create_engine
from bot.storage.outage import out_of_reach

CHAT = -100123


def trips_to_the_database(database: Database) -> list[str]:
    """Each trip to the database, from now on, on connections opened from now on: on SQLite a call on
    aiosqlite's thread (bot/storage/sqlite_driver.py), on PostgreSQL a message sent to the server, which
    the bot then waits for the answer to."""
    trips: list[str] = []

    def counting(dbapi_connection: Any, _record: object) -> None:
        driver = dbapi_connection.driver_connection
        if database.engine.dialect.name == "sqlite":
            handed = driver._execute

            async def counted(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
                trips.append(getattr(function, "__name__", "call"))
                return await handed(function, *args, **kwargs)

            driver._execute = counted
            return
        transport = driver._transport
        send = transport.write

        def sent(data: bytes) -> None:
            trips.append(bytes(data[:1]).decode())  # the first message's type: Q(uery), P(arse), B(ind)...
            send(data)

        transport.write = sent

    event.listen(database.engine.sync_engine, "connect", counting)
    return trips


async def _new_game(database: Database) -> int:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        game = await uow.games.create(chat_id=CHAT, state={"turn": 0}, events=[NewEvent("created", {})])
    return game.id


async def _move(database: Database, game_id: int) -> int:
    """What a press writes: the game read, saved and its action logged; the game's new turn."""
    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        assert game is not None
        turn = game.state["turn"] + 1
        await uow.games.save(replace(game, state={"turn": turn}), [NewEvent("play", {"card": 5})])
    return turn


async def test_a_move_right_after_another_is_five_trips_on_either_database(database: Database) -> None:
    """BEGIN, read the game, save it, log the action, COMMIT. On PostgreSQL the connection, used a moment
    ago, was also pinged before each (BEGIN, a query, ROLLBACK): 8 trips, queued presses waiting on them."""
    trips = trips_to_the_database(database)
    game_id = await _new_game(database)
    await _move(database, game_id)  # the statements are prepared on the connection (PostgreSQL)
    before = len(trips)

    assert await _move(database, game_id) == 2

    assert len(trips) - before == 5, trips[before:]


@asynccontextmanager
async def _session_ender(database: Database) -> AsyncIterator[Callable[[], Awaitable[None]]]:
    """Ends the bot's connections as a server restart, or an administrator, does: from a connection of its
    own, opened first. On SQLite, with no server, there is nothing to end."""
    url = database.engine.url
    if url.get_backend_name() != "postgresql":

        async def nothing() -> None:
            return None

        yield nothing
        return
    engine = create_engine(url).execution_options(isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:

            async def end() -> None:
                ended = await connection.scalar(
                    text(
                        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                        " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                    )
                )
                assert ended == 2

            yield end
    finally:
        await engine.dispose()


async def _two_pooled_connections(database: Database, game_id: int) -> None:
    """A read beside a move: the pool keeps both connections."""
    async with database.reading() as session:
        await session.execute(text("SELECT 1"))
        await _move(database, game_id)


async def test_a_connection_the_server_ended_while_idle_is_replaced_unnoticed(database: Database) -> None:
    game_id = await _new_game(database)
    await _two_pooled_connections(database, game_id)
    async with _session_ender(database) as end_sessions:
        await end_sessions()
        await asyncio.sleep(PING_AFTER_IDLE_SECONDS * 1.1)  # idle: checked before use

        assert await _move(database, game_id) == 2
        assert await _move(database, game_id) == 3


async def test_a_connection_the_server_ended_moments_after_use_fails_one_unit_of_work_at_most(
    database: Database,
) -> None:
    """Not checked before use (a moment ago it worked): its first statement fails as the server being out of
    reach (one line in the log), and every connection pooled before it is replaced."""
    game_id = await _new_game(database)
    async with _session_ender(database) as end_sessions:
        await _two_pooled_connections(database, game_id)
        await end_sessions()

        try:
            await _move(database, game_id)
        except DBAPIError as error:
            assert out_of_reach(error) is not None
        turn = await _move(database, game_id)
        assert await _move(database, game_id) == turn + 1
