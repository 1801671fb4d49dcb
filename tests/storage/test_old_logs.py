"""Old logs: the event logs of games ended over GAME_LOG_DAYS ago are dropped, in batches; nothing else is."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import event, func, select

from bot.service.old_logs import GAMES_PER_BATCH, drop_old_game_logs
from bot.storage import Database, GameStatus, NewEvent
from bot.storage.models import GameEvent
from bot.storage.types import utc_now

CHAT = -100123
NOW = utc_now().replace(microsecond=0)  # whole milliseconds, as the clock tells them
_TOPICS = itertools.count(1)  # one active game per place: each game its own forum topic


def _clock() -> int:
    return int(NOW.timestamp() * 1000)


async def _game(database: Database, status: GameStatus, ended: datetime | None) -> int:
    """A game in `status` that ended at `ended`, with three events in its log."""
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        game = await uow.games.create(
            chat_id=CHAT,
            topic_id=next(_TOPICS),
            created_by=None,
            state={"n": 1},
            events=[NewEvent("lobby.open", {})],
        )
        await uow.games.save(
            replace(game, status=status, finished_at=ended),
            [NewEvent("action.Play", {"card": 5}), NewEvent("action.Draw", {})],
        )
    return game.id


async def _logged(database: Database) -> dict[int, int]:
    """Each game's count of events, for the games that have any."""
    async with database.reading() as session:
        rows = await session.execute(select(GameEvent.game_id, func.count()).group_by(GameEvent.game_id))
    return {game_id: count for game_id, count in rows}


async def test_only_games_ended_before_the_limit_lose_their_logs(database: Database) -> None:
    old = [
        await _game(database, GameStatus.FINISHED, NOW - timedelta(days=31)),
        await _game(database, GameStatus.STOPPED, NOW - timedelta(days=400)),
    ]
    kept = [
        await _game(database, GameStatus.FINISHED, NOW - timedelta(days=29)),
        await _game(database, GameStatus.FINISHED, NOW - timedelta(days=30)),  # at the limit: not over it
        await _game(database, GameStatus.RUNNING, None),
        await _game(database, GameStatus.LOBBY, None),
    ]
    assert await drop_old_game_logs(database, _clock, days=30) == (2, NOW - timedelta(days=30))
    assert await _logged(database) == dict.fromkeys(kept, 3)
    async with database.unit_of_work() as uow:
        for game_id in old:  # the game itself stays: its results, its last table, Play again
            game = await uow.games.get(game_id)
            assert game is not None and game.state == {"n": 1}
    assert (await drop_old_game_logs(database, _clock, days=30))[0] == 0


async def test_more_games_than_a_batch_are_all_done(database: Database) -> None:
    ended = NOW - timedelta(days=60)
    for _ in range(GAMES_PER_BATCH * 2 + 3):
        await _game(database, GameStatus.FINISHED, ended)
    recent = await _game(database, GameStatus.FINISHED, NOW - timedelta(days=1))
    assert (await drop_old_game_logs(database, _clock, days=30))[0] == GAMES_PER_BATCH * 2 + 3
    assert await _logged(database) == {recent: 3}


async def test_a_run_after_the_first_looks_only_at_the_games_ended_since_its_cut_off(
    database: Database,
) -> None:
    """The job's runs every few hours look at the games that ended since the previous run's cut-off, not at
    the whole history again (whose logs that run dropped): the first run after a start-up looks at all."""
    await _game(database, GameStatus.FINISHED, NOW - timedelta(days=31))
    dropped, cut_off = await drop_old_game_logs(database, _clock, days=30)
    assert (dropped, cut_off) == (1, NOW - timedelta(days=30))
    # Logged now, but ended before the cut-off: a run since it does not look that far back.
    before_cut_off = await _game(database, GameStatus.FINISHED, NOW - timedelta(days=40))
    ended_since = await _game(database, GameStatus.STOPPED, NOW - timedelta(days=30, minutes=-1))

    def later() -> int:  # the next run, two minutes on
        return _clock() + 120_000

    assert await drop_old_game_logs(database, later, days=30, since=cut_off) == (
        1,
        NOW - timedelta(days=30, minutes=-2),
    )
    assert await _logged(database) == {before_cut_off: 3}
    assert (await drop_old_game_logs(database, later, days=30))[0] == 1
    assert ended_since not in await _logged(database)


async def test_the_first_run_starts_from_the_first_game_to_end_that_may_still_have_a_log(
    database: Database,
) -> None:
    """After a restart the job's first run does not walk every ended game from the first one ever (their logs
    went long ago, a batch at a time holding presses up): it starts where the logged games begin."""
    for _ in range(GAMES_PER_BATCH * 2):
        await _game(database, GameStatus.FINISHED, NOW - timedelta(days=90))
    await drop_old_game_logs(database, _clock, days=30)  # a previous start-up's run: these logs are gone
    logged = await _game(database, GameStatus.FINISHED, NOW - timedelta(days=31))
    looked_at: list[object] = []

    def record(conn: object, cursor: object, statement: str, parameters: Any, *_: object) -> None:
        if "ORDER BY games.finished_at, games.id" in statement:
            looked_at.append(parameters)

    engine = database.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        assert (await drop_old_game_logs(database, _clock, days=30))[0] == 1
    finally:
        event.remove(engine, "before_cursor_execute", record)
    assert logged not in await _logged(database)
    assert len(looked_at) == 2  # the batch with the logged game, and the one that finds none after it


async def test_a_step_of_the_walk_goes_on_after_the_last_game_it_looked_at(database: Database) -> None:
    """The next step starts after it: one that started after the step's first game would look at the rest of
    the batch again, a game more each step."""
    first, second, third = [
        await _game(database, GameStatus.FINISHED, NOW - timedelta(days=60, minutes=m)) for m in (3, 2, 1)
    ]
    async with database.unit_of_work() as uow:
        step = await uow.games.drop_logs_of_games_ended_before(NOW, None, games=2)
    assert step.games == (first, second) and step.logs_dropped == 2
    assert step.last == (NOW - timedelta(days=60, minutes=2), second)
    async with database.unit_of_work() as uow:
        step = await uow.games.drop_logs_of_games_ended_before(NOW, step.last, games=2)
    assert step.games == (third,)
