"""GAME_LOG_DAYS: a minute after start-up, then every six hours, the bot drops the event logs of the games
that ended more than that many days ago, and compacts their documents; games still going on and recently
ended ones keep theirs."""

from __future__ import annotations

import itertools
import logging
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from bot.storage import Database, GameStatus, NewEvent
from bot.storage.models import Game, GameEvent
from bot.tg.callback_data import Action
from bot.tg.old_logs import EVERY_SECONDS, FIRST_DELAY_SECONDS
from tests.e2e.harness import World, buttons, hand_message, press, press_action
from tests.e2e.matches import ONE_ROUND, deal_short_matches, gather, play_until_over, use_quick_rules
from tests.e2e.test_table_command import OVER, SETTLED
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
    async with world.running(game_log_days=30, upkeep=True) as bot:
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
    """The job still runs (for the messages too old to delete, and SQLite's statistics); the logs stay."""
    ended = await _ended_game(world, _now(world) - timedelta(days=3650))
    async with world.running(game_log_days=0, upkeep=True) as bot:
        await bot.tick(FIRST_DELAY_SECONDS)
        for _ in range(4):
            await bot.tick(EVERY_SECONDS)
        assert bot.timers.next_due() == bot.clock() + EVERY_SECONDS
        assert await _logged(world) == {ended}


async def test_a_match_compacted_long_after_its_end_still_answers_table_play_again_and_old_buttons(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Once its log goes, a match keeps only what is still read of it: /table still points to its results,
    their Play again seats its computer again, and a button of an old hand is answered."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        press_action(fake, alice, lobby, Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        game_id = (await bot.game(group))[0].id
        (_, old_button), *_ = buttons(hand_message(fake, bob))
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        await bot.tick(SETTLED)
        results = next(m for m in reversed(fake.bot_messages_in(group)) if "wins the match" in (m.text or ""))
        last_hand = hand_message(fake, bob)  # still on his screen: a keyboard of the match lingering on it
    db = Database.connect(world.database_url)
    try:
        async with db.unit_of_work() as uow:
            await uow.session.execute(
                update(Game).where(Game.id == game_id).values(finished_at=_now(world) - timedelta(days=31))
            )
    finally:
        await db.dispose()

    async with world.running(game_log_days=30, upkeep=True) as bot:
        await bot.tick(FIRST_DELAY_SECONDS)
        assert await _logged(world) == set()
        loaded = await bot.rt.service.load(game_id)
        assert loaded is not None and loaded[1].compact

        fake.user_sends(bob, group, "/table")
        await bot.deliver()
        await bot.tick(SETTLED)
        assert fake.last_bot_message(group).text == OVER
        pressed = press(fake, bob, last_hand, old_button)
        await bot.deliver()
        assert pressed.answered and pressed.show_alert
        press_action(fake, bob, results, Action.AGAIN)
        await bot.deliver()
        again, doc = await bot.game(group)
        assert again.status is GameStatus.LOBBY and doc.players == (bob.id, -1) and doc.computers == {-1}
    assert [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING] == []
