"""A lobby and a forum topic closed to the bot (session 46). /new (or Play again) sent there opened a lobby
whose message Telegram refused, stopped it at once, and its sender learned nothing, while those who had asked
with /notifyme were told of a game nobody could join. A lobby whose topic was closed while people sat in it
closed, its "closed" edit refused too: they were never told. Both now tell them in private."""

from __future__ import annotations

import logging

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from bot.tg.fleeting import CLOSED_LOBBY_SECONDS
from tests.e2e.harness import Bot, World, press, press_action
from tests.e2e.matches import stop_answer
from tests.e2e.test_closed_topics import _forum, _match
from tests.e2e.test_play_again import _match_end
from tests.fake_bot_api import Chat, FakeTelegram, User

NOT_OPENED = {
    "en": "🔒 I couldn't open the game in Club · Room 1: its topic is closed to me. Send /new in an open"
    " topic.",
    "ru": "🔒 Открыть игру в чате Club · Room 1 я не смог: эта тема для меня закрыта. Отправьте /new в"
    " открытой теме.",
}
CLOSED = {
    "en": "🔒 The game in Club · Room 1 that you'd joined was closed: its topic was closed, and I can't post"
    " there. To play, send /new in an open topic.",
    "ru": "🔒 Игра в чате Club · Room 1, к которой вы присоединились, закрыта: её тему закрыли, и писать туда"
    " я не могу. Чтобы сыграть, отправьте /new в открытой теме.",
}


def _told(fake: FakeTelegram, user: User, before: int) -> list[str]:
    return [message.text or "" for message in fake.bot_messages_in(fake.private_chat(user))[before:]]


def _private_count(fake: FakeTelegram, user: User) -> int:
    return len(fake.bot_messages_in(fake.private_chat(user)))


async def _nothing_left(bot: Bot, forum: Chat, topic: int) -> bool:
    async with bot.rt.database.unit_of_work() as uow:
        ended = await uow.games.last_ended(forum.id, topic)
    return ended is None and await bot.rt.service.find(Place(forum.id, topic)) is None


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_new_in_a_closed_topic_opens_nothing_and_says_so_in_private(
    world: World, fake: FakeTelegram, language: str, caplog: pytest.LogCaptureFixture
) -> None:
    forum, (room1, _), (_, bob), admin = _forum(fake, language)
    admin.language_code = language
    async with world.running() as bot:
        for user in (admin, bob):
            fake.user_starts_bot(user)
        fake.user_sends(bob, forum, "/notifyme", thread_id=room1)
        await bot.deliver()
        before = {user.id: _private_count(fake, user) for user in (admin, bob)}
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/new", thread_id=room1)
        await bot.deliver()
        assert _told(fake, admin, before[admin.id]) == [NOT_OPENED[language]]
        assert _told(fake, bob, before[bob.id]) == []  # not called to a game nobody can join
        assert await _nothing_left(bot, forum, room1)
        await bot.tick(
            3600
        )  # no timer of the lobby fires (and fails, again and again) on a game that is gone
        assert [record.message for record in caplog.records if record.levelno >= logging.ERROR] == []
        fake.close_topic(forum, room1, by=admin, closed=False)
        await bot.deliver()
        fake.user_sends(admin, forum, "/new", thread_id=room1)
        await bot.deliver()
        # Bob's /notifyme still stands for the first game he can join
        assert _told(fake, bob, before[bob.id])[-1].startswith("🃏")


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_lobby_closed_with_its_topic_tells_each_seated_in_private_once(
    world: World, fake: FakeTelegram, language: str
) -> None:
    forum, (room1, _), people, admin = _forum(fake, language)
    alice, bob = people
    carol = fake.add_user("Carol", language_code=language)
    fake.join_group(carol, forum)
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        fake.user_sends(alice, forum, "/new", thread_id=room1)
        await bot.deliver()
        for user in (bob, carol):  # Carol never opened the private chat: nowhere to tell her
            fake.user_sends(user, forum, "/join", thread_id=room1)
            await bot.deliver()
        before = {user.id: _private_count(fake, user) for user in people}
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        fake.user_sends(admin, forum, "/table", thread_id=room1)  # a second report of the closed topic
        await bot.deliver()
        for user in people:
            assert _told(fake, user, before[user.id]) == [CLOSED[language]], user.first_name
        assert fake.bot_messages_in(fake.private_chat(carol)) == []


async def test_play_again_in_a_closed_topic_opens_nothing_and_says_so_in_private(
    world: World, fake: FakeTelegram
) -> None:
    forum, (room1, _), people, admin = _forum(fake)
    alice, bob = people
    async with world.running() as bot:
        await _match(bot, fake, forum, room1, people)
        fake.user_sends(alice, forum, "/stop", thread_id=room1)
        await bot.deliver()
        question = fake.bot_messages_in(forum, thread_id=room1)[-1]
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.deliver()
        standings = _match_end(fake, forum, "Standings:")
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        before = _private_count(fake, bob)
        press_action(fake, bob, standings, Action.AGAIN)
        await bot.deliver()
        assert _told(fake, bob, before) == [NOT_OPENED["en"]]
        assert await bot.rt.service.find(Place(forum.id, room1)) is None
        async with bot.rt.database.unit_of_work() as uow:
            ended = await uow.games.last_ended(forum.id, room1)
        assert ended is not None and ended.started_at is not None  # the match, no lobby after it


async def test_a_lobby_closed_with_its_topic_keeps_its_message_for_when_the_bot_is_back(
    world: World, fake: FakeTelegram
) -> None:
    """A lobby closed for want of players goes after a while; one closed because its topic was closed to the
    bot stays, to say so once the bot may post there again."""
    forum, (room1, _), people, admin = _forum(fake, "en")
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        fake.user_sends(people[0], forum, "/new", thread_id=room1)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, room1))
        assert found is not None and found[0].table_message_id is not None
        lobby = found[0].table_message_id
        fake.close_topic(forum, room1, by=admin)
        await bot.deliver()
        await bot.tick(CLOSED_LOBBY_SECONDS + 1)
        assert (forum.id, lobby) in fake.messages
