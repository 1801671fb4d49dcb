"""A table or lobby posted anew that tells no one of a turn goes without a sound: only the deal's table and a
lobby's first message ring the group (the mover's hand rings for each turn), as a table posted below a round's
results does not (test_table_each_round)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tests.e2e.harness import Bot, World, choices, hand_message, press
from tests.e2e.matches import gathered, started, whose_turn
from tests.fake_bot_api import Chat, FakeTelegram, User

SETTLED = 30  # seconds for every paced write to go out


async def _deleted(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> Chat:
    """Someone deletes the table; the next move's edit of it finds it gone."""
    record, _ = await bot.game(group)
    assert record.table_message_id is not None
    fake.delete_message(fake.messages[(group.id, record.table_message_id)])
    actor = await whose_turn(bot, group, people)
    hand = hand_message(fake, actor)
    press(fake, actor, hand, choices(hand)[0])
    return group


async def _upgraded(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> Chat:
    """The group becomes a supergroup: the game moves there, and needs a table there."""
    return fake.migrate_to_supergroup(group)


@pytest.mark.parametrize("repost", [_deleted, _upgraded], ids=["deleted", "supergroup"])
async def test_a_table_posted_anew_rings_no_one(
    world: World, fake: FakeTelegram, repost: Callable[[Bot, FakeTelegram, Chat, list[User]], Awaitable[Chat]]
) -> None:
    """(session 53's transcripts) The table reposted for a deleted one, or in the supergroup a group became,
    rang every member's phone, though nothing had happened in the game."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        dealt, _ = await bot.game(group)
        assert dealt.table_message_id is not None
        assert not fake.messages[(group.id, dealt.table_message_id)].silent  # the match begins
        chat = await repost(bot, fake, group, list(people))
        await bot.deliver()
        await bot.tick(SETTLED)
        record, _ = await bot.game(chat)
        assert record.table_message_id not in (None, dealt.table_message_id)
        table = fake.messages[(chat.id, record.table_message_id)]
        assert "Top card:" in (table.text or "") and table.silent


async def _lobby_deleted(bot: Bot, fake: FakeTelegram, group: Chat, joiner: User) -> Chat:
    """Someone deletes the lobby; the next join's edit of it finds it gone."""
    record, _ = await bot.game(group)
    assert record.table_message_id is not None
    fake.delete_message(fake.messages[(group.id, record.table_message_id)])
    fake.user_sends(joiner, group, "/join@uno_test_bot")
    return group


async def _lobby_upgraded(bot: Bot, fake: FakeTelegram, group: Chat, joiner: User) -> Chat:
    return fake.migrate_to_supergroup(group)


@pytest.mark.parametrize("repost", [_lobby_deleted, _lobby_upgraded], ids=["deleted", "supergroup"])
async def test_a_lobby_posted_anew_rings_no_one(
    world: World, fake: FakeTelegram, repost: Callable[[Bot, FakeTelegram, Chat, User], Awaitable[Chat]]
) -> None:
    """As a table: only the first lobby rings (people are asked to join); the one posted for a deleted one,
    or in the supergroup a group became, rang every member again for a game they had heard of."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, _):
        opened, _ = await bot.game(group)
        assert opened.table_message_id is not None
        assert not fake.messages[(group.id, opened.table_message_id)].silent
        carol = fake.add_user("Carol")
        fake.join_group(carol, group)
        fake.user_starts_bot(carol)
        chat = await repost(bot, fake, group, carol)
        await bot.deliver()
        await bot.tick(SETTLED)
        record, _ = await bot.game(chat)
        assert record.table_message_id is not None
        lobby = fake.messages[(chat.id, record.table_message_id)]
        assert lobby is not fake.messages.get((group.id, opened.table_message_id))
        assert "a new game" in (lobby.text or "") and lobby.silent


async def test_the_table_brought_down_by_table_rings_no_one(world: World, fake: FakeTelegram) -> None:
    """/table's table tells no one of a turn: whoever asked for it is looking."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, people):
        dealt, _ = await bot.game(group)
        await bot.tick(SETTLED + 1)  # the deal's table is no longer "just above"
        fake.user_sends(people[1], group, "/table")
        await bot.deliver()
        await bot.tick(SETTLED)
        record, _ = await bot.game(group)
        assert record.table_message_id not in (None, dealt.table_message_id)
        table = fake.messages[(group.id, record.table_message_id)]
        assert "Top card:" in (table.text or "") and table.silent
