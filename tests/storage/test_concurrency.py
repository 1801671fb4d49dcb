"""Concurrent writers: no lost updates, and no "database is locked" on SQLite."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.pool import QueuePool

from bot.storage import Database, NewEvent, StaleGameVersion
from bot.storage.models import Chat

WRITERS = 20


async def _game_with_counter(database: Database) -> int:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-1)
        game = await uow.games.create(chat_id=-1, state={"counter": 0})
    return game.id


async def test_two_saves_from_the_same_version_cannot_both_succeed(database: Database) -> None:
    game_id = await _game_with_counter(database)
    async with database.unit_of_work() as uow:
        loaded = await uow.games.get(game_id)
    assert loaded is not None

    async def save(label: str) -> str:
        async with database.unit_of_work() as uow:
            await uow.games.save(replace(loaded, state={"counter": label}), [NewEvent(label, {})])
        return label

    outcomes = await asyncio.gather(save("a"), save("b"), return_exceptions=True)
    winners = [o for o in outcomes if isinstance(o, str)]
    losers = [o for o in outcomes if isinstance(o, StaleGameVersion)]
    assert len(winners) == 1 and len(losers) == 1, outcomes

    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        events = await uow.games.events(game_id)
    assert game is not None
    assert (game.version, game.state) == (2, {"counter": winners[0]})
    assert [e.kind for e in events] == winners


async def test_concurrent_read_modify_write_loses_nothing(database: Database) -> None:
    game_id = await _game_with_counter(database)
    conflicts = 0

    async def increment() -> None:
        nonlocal conflicts
        while True:
            try:
                async with database.unit_of_work() as uow:
                    game = await uow.games.get(game_id)
                    assert game is not None
                    counter = game.state["counter"] + 1
                    await uow.games.save(replace(game, state={"counter": counter}), [NewEvent("inc", {})])
                return
            except StaleGameVersion:
                conflicts += 1

    await asyncio.gather(*(increment() for _ in range(WRITERS)))

    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
        events = await uow.games.events(game_id)
    assert game is not None
    assert game.state == {"counter": WRITERS}
    assert game.version == WRITERS + 1
    assert [e.seq for e in events] == list(range(1, WRITERS + 1))
    print(f"{WRITERS} writers, {conflicts} version conflicts retried")


async def test_units_of_work_take_their_turns_in_the_order_they_began(database: Database) -> None:
    game_id = await _game_with_counter(database)

    async def append(writer: int) -> None:
        async with database.unit_of_work() as uow:
            game = await uow.games.get(game_id)
            assert game is not None
            order = [*game.state.get("order", []), writer]
            await uow.games.save(replace(game, state={"order": order}), [NewEvent("append", {})])

    await asyncio.gather(*(append(writer) for writer in range(WRITERS)))

    async with database.unit_of_work() as uow:
        game = await uow.games.get(game_id)
    assert game is not None
    # Queued in the process, first come first served; SQLite's own busy handler would serve them at random.
    assert game.state["order"] == list(range(WRITERS))


async def test_a_read_neither_waits_for_a_unit_of_work_nor_holds_one_up(database: Database) -> None:
    """A long leaderboard query must not stall every game's moves, nor wait behind them."""
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-1, "Before")
    title = select(Chat.title).where(Chat.id == -1)
    async with asyncio.timeout(10):
        async with database.unit_of_work() as uow:  # a move under way: the writer is taken
            (await uow.chats.ensure(-1)).title = "Uncommitted"
            async with database.reading() as session:
                assert (await session.execute(title)).scalar_one() == "Before"
        async with database.reading() as session:
            assert (await session.execute(title)).scalar_one() == "Uncommitted"
            async with database.unit_of_work() as uow:  # and the next move goes on beside the read
                (await uow.chats.ensure(-1)).title = "After"
        async with database.reading() as session:
            assert (await session.execute(title)).scalar_one() == "After"


async def test_a_read_sees_the_database_as_it_was_when_it_began(database: Database) -> None:
    """/stats and a board read in several queries: each must see the same matches. SQLite's read transaction
    reads one snapshot; on PostgreSQL (python -m tests.postgres) a read under READ COMMITTED would see a
    match recorded between two of its queries, and count it in one figure but not in the next."""
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-1, "Before")
    titles = select(Chat.title).order_by(Chat.id)
    async with database.reading() as session:
        before = (await session.scalars(titles)).all()
        async with database.unit_of_work() as uow:  # a match ends meanwhile
            await uow.chats.ensure(-2, "Meanwhile")
            (await uow.chats.ensure(-1)).title = "Changed"
        again = (await session.scalars(titles)).all()
    assert before == again == ["Before"]


async def test_reads_asked_at_once_leave_a_connection_for_the_units_of_work(database: Database) -> None:
    """/stats and the boards asked by many at once: a unit of work takes the writer before its connection, so
    had the reads taken every connection the pool may open (5 kept, 10 more), every game's moves would wait
    for one of them to end, up to the pool's 30 s."""
    held, release = asyncio.Event(), asyncio.Event()

    async def read() -> None:
        async with database.reading() as session:
            await session.execute(select(1))
            held.set()
            await release.wait()

    reads = [asyncio.create_task(read()) for _ in range(15)]
    try:
        async with asyncio.timeout(10):
            await held.wait()  # by then every read has asked for its connection
            async with database.unit_of_work() as uow:
                await uow.chats.ensure(-1, "During the reads")
    finally:
        release.set()
        await asyncio.gather(*reads)
    async with database.reading() as session:
        assert (await session.execute(select(Chat.title))).scalar_one() == "During the reads"


async def test_a_read_gives_its_connection_back_when_it_ends(database: Database) -> None:
    """Kept after the read, its connection (and its read transaction, which on SQLite keeps the write-ahead
    log from being checkpointed) would be one fewer for every read and move after it."""
    pool = database.engine.pool
    assert isinstance(pool, QueuePool)
    async with database.reading() as session:
        await session.execute(select(1))
        assert pool.checkedout() == 1
    assert pool.checkedout() == 0
