"""GAME_LOG_DAYS: a minute after start-up, then every six hours, the bot drops the event logs of the games
that ended more than that many days ago; games still going on and recently ended ones keep theirs."""

from __future__ import annotations

import itertools
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from bot.storage import Database, GameStatus, NewEvent
from bot.storage.models import GameEvent
from bot.tg.old_logs import EVERY_SECONDS, FIRST_DELAY_SECONDS
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram

CHAT = -100777
_TOPICS = itertools.count(1)


def _now(world: World) -> datetime:
    return datetime.fromtimestamp(world.clock(), UTC)


async def _ended_game(world: World, ended: datetime) -> int:
    """A game that ended at `ended`, with a log of two events."""
    db = Database.connect(world.database_url)
    try:
        async with db.unit_of_work() as uow:
            await uow.chats.ensure(CHAT, "Friends")
            game = await uow.games.create(
                chat_id=CHAT, topic_id=next(_TOPICS), state={}, events=[NewEvent("lobby.open", {})]
            )
            finished = replace(game, status=GameStatus.FINISHED, finished_at=ended)
            await uow.games.save(finished, [NewEvent("action.Play", {})])
        return game.id
    finally:
        await db.dispose()


async def _logged(world: World) -> set[int]:
    db = Database.connect(world.database_url)
    try:
        async with db.reading() as session:
            return set(await session.scalars(select(GameEvent.game_id).distinct()))
    finally:
        await db.dispose()


async def test_logs_of_games_ended_long_ago_are_dropped_after_start_up_and_then_every_six_hours(
    world: World, fake: FakeTelegram
) -> None:
    now = _now(world)
    old = await _ended_game(world, now - timedelta(days=31))
    # over 30 days old by the second run, six hours later
    soon_old = await _ended_game(world, now - timedelta(days=30) + timedelta(hours=3))
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running(game_log_days=30) as bot:
        fake.user_sends(alice, group, "/new")  # a lobby (closed for idleness within the six hours: it ended
        await bot.deliver()  # only just, and keeps its log)
        lobby = (await bot.game(group))[0].id
        await bot.tick(FIRST_DELAY_SECONDS - 1)
        assert await _logged(world) == {old, lobby, soon_old}  # polling first: nothing dropped yet
        await bot.tick(1)
        assert await _logged(world) == {lobby, soon_old}
        await bot.tick(EVERY_SECONDS)
        assert await _logged(world) == {lobby}


async def test_no_log_is_dropped_when_game_log_days_is_0(world: World) -> None:
    ended = await _ended_game(world, _now(world) - timedelta(days=3650))
    async with world.running(game_log_days=0) as bot:
        assert bot.timers.next_due() is None
        await bot.tick(EVERY_SECONDS * 4)
        assert await _logged(world) == {ended}
