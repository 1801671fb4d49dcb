"""A command the bot fails to handle in a forum topic closed to the bot (session 47): its apology was refused
in the topic, as every answer there is, and, alone of them, not forwarded: whoever sent it saw the command
ignored. It goes to their private chat as the other answers do, when they opened it; when the database that
failed cannot say whether they did, nothing is sent (nor does the apology itself fail)."""

from __future__ import annotations

import logging

import pytest

from tests.e2e.harness import SORRY, Bot, World
from tests.e2e.test_closed_topics import _forum
from tests.e2e.test_failures_answered import SORRY_RU, _lose_tables
from tests.e2e.test_settings_in_a_closed_topic import HERE
from tests.fake_bot_api import FakeTelegram, Message

APOLOGY = {"en": SORRY, "ru": SORRY_RU}


async def _failed_in_closed_topic(
    bot: Bot, world: World, fake: FakeTelegram, language: str, lost: tuple[str, ...], started: bool = True
) -> list[Message]:
    """The admin's /join in the closed "Room 1" failing (the database lost the tables `lost` under the bot):
    what the bot then sent in their private chat."""
    forum, (room1, _), _, admin = _forum(fake, language)
    admin.language_code = language
    if started:
        fake.user_starts_bot(admin)
    fake.user_sends(admin, forum, "/new", thread_id=room1)  # a lobby: /join then reads its game
    await bot.deliver()
    fake.close_topic(forum, room1, by=admin)
    await bot.deliver()
    before = len(fake.bot_messages_in(fake.private_chat(admin)))
    in_topic = len(fake.bot_messages_in(forum, thread_id=room1))
    await _lose_tables(world, *lost)
    fake.user_sends(admin, forum, "/join", thread_id=room1)
    await bot.deliver()
    assert len(fake.bot_messages_in(forum, thread_id=room1)) == in_topic  # Telegram took nothing there
    return fake.bot_messages_in(fake.private_chat(admin))[before:]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_apology_is_told_in_private(world: World, fake: FakeTelegram, language: str) -> None:
    async with world.running() as bot:
        told = await _failed_in_closed_topic(bot, world, fake, language, ("games",))
    assert [message.text for message in told] == [f"{HERE[language]}\n{APOLOGY[language]}"]


async def test_who_never_opened_the_private_chat_is_not_written_to(world: World, fake: FakeTelegram) -> None:
    async with world.running() as bot:
        told = await _failed_in_closed_topic(bot, world, fake, "en", ("games",), started=False)
    assert told == []


async def test_when_the_database_cannot_say_whether_to_forward_nothing_is_sent(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        told = await _failed_in_closed_topic(bot, world, fake, "en", ("games", "users"))
    assert told == []
    # The apology did not fail in turn (PTB would log its error handler's error); its forwarding failing
    # with the database is expected, as is the command's failure.
    assert [
        record.getMessage()
        for record in caplog.records
        if record.levelno >= logging.ERROR and record.name.startswith(("telegram", "bot.tg.apology"))
    ] == []
