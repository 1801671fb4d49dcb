"""What the bot means to delete from a group later survives a restart (a deploy, a crash): the answers that
go after their time (overdue ones at start-up), the boards a newer one replaces, the notices that follow
their game. Telegram lets a bot delete its group messages for 48 hours: older ones are let be, unasked."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.fleeting import ANSWER_SECONDS, RULES_SECONDS
from bot.tg.old_logs import EVERY_SECONDS, FIRST_DELAY_SECONDS
from tests.e2e.harness import Bot, World, hand_message, press_action
from tests.e2e.matches import started, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, Message, User
from tests.rules_in_play.table import Table, playing


async def _sends(bot: Bot, fake: FakeTelegram, group: Chat, user: User, text: str) -> Message:
    fake.user_sends(user, group, text)
    await bot.deliver()
    return fake.last_bot_message(group)


def _there(fake: FakeTelegram, message: Message) -> bool:
    return (message.chat.id, message.message_id) in fake.messages


async def test_rules_asked_before_a_restart_go_after_their_ten_minutes(
    world: World, fake: FakeTelegram
) -> None:
    """The /rules answer stayed for good when the bot restarted within its ten minutes."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        rules = await _sends(bot, fake, group, alice, "/rules")
        await bot.tick(60)
    async with world.running() as bot:
        await bot.tick(RULES_SECONDS - 61)
        assert _there(fake, rules)
        await bot.tick(1)
        assert not _there(fake, rules)
        async with bot.rt.database.unit_of_work() as uow:
            assert await uow.tracked.all() == {}  # its row went with it


async def test_an_answer_due_while_the_bot_was_down_goes_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        refusal = await _sends(bot, fake, group, bob, "/startgame")  # no game here
        help_text = await _sends(bot, fake, group, alice, "/help")
    world.clock.advance(ANSWER_SECONDS + 1)
    async with world.running() as bot:
        assert not _there(fake, refusal) and _there(fake, help_text)


async def test_an_answer_the_bot_was_down_for_two_days_to_delete_is_left_unasked(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refuses to delete a message older than 48 hours: no call is wasted on one."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        rules = await _sends(bot, fake, group, alice, "/rules")
    world.clock.advance(48 * 60 * 60)
    async with world.running() as bot:
        await bot.tick(RULES_SECONDS)
    async with world.running() as bot:  # and nothing is kept to try again
        await bot.tick(RULES_SECONDS)
    assert _there(fake, rules) and fake.calls_to("deleteMessage") == []


async def test_a_board_asked_for_after_a_restart_replaces_the_one_before_it(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        top = await _sends(bot, fake, group, alice, "/top")
    async with world.running() as bot:
        newer = await _sends(bot, fake, group, alice, "/top")
        assert not _there(fake, top) and _there(fake, newer)


async def test_a_board_two_days_old_is_left_when_a_newer_one_is_posted(
    world: World, fake: FakeTelegram
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        top = await _sends(bot, fake, group, alice, "/top")
    world.clock.advance(48 * 60 * 60)
    async with world.running() as bot:
        newer = await _sends(bot, fake, group, alice, "/top")
        assert _there(fake, top) and _there(fake, newer) and fake.calls_to("deleteMessage") == []


async def test_a_board_two_days_old_is_forgotten_at_start_up(world: World, fake: FakeTelegram) -> None:
    """Nothing can be done with it any more: its row would wait hours for the six-hourly upkeep."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        top = await _sends(bot, fake, group, alice, "/top")
    world.clock.advance(48 * 60 * 60)
    async with world.running() as bot:
        await bot.rt.fleeting.flush()
        async with bot.rt.database.unit_of_work() as uow:
            assert await uow.tracked.all() == {}
        assert (group.id, top.message_id) not in bot.rt.fleeting


async def test_the_idle_warning_posted_before_a_restart_goes_once_its_player_moved(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules().changed(turn_seconds=0)) as table:
        bob = table.people[1]
        await table.arrange({"Alice": ["R1"], "Bob": ["R5", "G5"], "Carol": ["B7"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        warning = fake.last_bot_message(table.group)
        assert (warning.text or "").startswith("⏳")
    async with world.running() as bot:
        await Table(bot, fake, table.group, table.people).play(bob, "R5")
        assert not _there(fake, warning)


async def test_the_notice_about_a_player_who_came_back_after_a_restart_is_read_then_goes(
    world: World, fake: FakeTelegram
) -> None:
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (_alice, bob)):
        fake.user_blocks_bot(bob)
        await bot.deliver()
        notice = fake.last_bot_message(group)
        assert "Bob can't get their cards" in (notice.text or "")
    async with world.running() as bot:
        fake.user_starts_bot(bob)
        await bot.deliver()
        assert (fake.messages[(group.id, notice.message_id)].text or "").startswith("✅ Bob can get")
        await bot.tick(ANSWER_SECONDS)
        assert not _there(fake, notice)


async def test_a_came_back_notice_due_to_go_is_not_taken_up_again_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """It goes at its time: the next move after the restart does not reword it, nor push its time back."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        fake.user_blocks_bot(people[1])
        await bot.deliver()
        notice = fake.last_bot_message(group)
        fake.user_starts_bot(people[1])
        await bot.deliver()
    async with world.running() as bot:
        mover = await whose_turn(bot, group, people)
        press_action(fake, mover, hand_message(fake, mover), Action.DRAW)
        await bot.deliver()
        edits = [
            c for c in fake.calls_to("editMessageText") if int(c.params["message_id"]) == notice.message_id
        ]
        await bot.tick(ANSWER_SECONDS)
        assert len(edits) == 1 and not _there(fake, notice)


@pytest.mark.parametrize("game_log_days", [30, 0], ids=["logs dropped", "logs kept"])
async def test_a_board_is_forgotten_48_hours_after_it_was_posted_by_a_bot_that_never_restarts(
    world: World, fake: FakeTelegram, game_log_days: int
) -> None:
    """Its row went only when a newer board replaced it (or at a start-up): one a chat, topic and board kind
    for ever. Now the six-hourly job drops it once Telegram would refuse deleting it; the board stays. With
    GAME_LOG_DAYS=0 (every game log kept) the job did not run at all."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running(game_log_days=game_log_days, upkeep=True) as bot:
        top = await _sends(bot, fake, group, alice, "/top")
        await bot.tick(FIRST_DELAY_SECONDS)
        for _ in range(7):  # 42 hours and a minute after it was posted
            await bot.tick(EVERY_SECONDS)
        async with bot.rt.database.unit_of_work() as uow:
            assert set(await uow.tracked.all()) == {(group.id, top.message_id)}
        assert (group.id, top.message_id) in bot.rt.fleeting
        await bot.tick(EVERY_SECONDS)  # 48 hours and a minute
        async with bot.rt.database.unit_of_work() as uow:
            assert await uow.tracked.all() == {}
        assert (group.id, top.message_id) not in bot.rt.fleeting
        newer = await _sends(bot, fake, group, alice, "/top")
        assert _there(fake, top) and _there(fake, newer) and fake.calls_to("deleteMessage") == []
