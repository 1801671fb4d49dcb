"""/settings from an admin in a forum topic closed to the bot, with no game there (session 46): Telegram
refused the answer in the topic ("Topic_closed"), and the admin learned nothing: neither the menu nor whether
a typed change was saved (it was). The answer goes to their private chat, when they opened it; the menu, whose
buttons are the group's, is not posted there: they are told to ask in an open topic."""

from __future__ import annotations

import pytest

from bot.service.settings import rules_for_chat
from tests.e2e.harness import Bot, World
from tests.e2e.test_closed_topics import _forum
from tests.fake_bot_api import Chat, FakeTelegram, Message, User

SAVED = {"en": "✅ Turn time: 45 seconds", "ru": "✅ Время на ход: 45 секунд"}
HERE = {
    "en": "🔒 The topic in Club where you sent the command is closed to me, so I'm answering here:",
    "ru": "🔒 Тема в чате Club, где вы отправили команду, для меня закрыта, поэтому отвечаю здесь:",
}
ASK_ELSEWHERE = {
    "en": "🔒 The topic in Club where you asked for the settings is closed to me, so I can't show the menu"
    " there. Send the command again in an open topic.",
    "ru": "🔒 Тема в чате Club, где вы открыли настройки, для меня закрыта, и показать там меню я не могу."
    " Отправьте команду ещё раз в открытой теме.",
}


async def _sent_in_closed_topic(
    bot: Bot, fake: FakeTelegram, language: str, command: str, started: bool = True
) -> tuple[Chat, User, list[Message]]:
    """The admin's `command` in the closed "Room 1"; what the bot then sent in their private chat."""
    forum, (room1, _), _, admin = _forum(fake, language)
    admin.language_code = language
    if started:
        fake.user_starts_bot(admin)
    await bot.deliver()
    before = len(fake.bot_messages_in(fake.private_chat(admin)))
    fake.close_topic(forum, room1, by=admin)
    await bot.deliver()
    fake.user_sends(admin, forum, command, thread_id=room1)
    await bot.deliver()
    assert fake.bot_messages_in(forum, thread_id=room1) == []  # Telegram took nothing there
    return forum, admin, fake.bot_messages_in(fake.private_chat(admin))[before:]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_typed_change_in_a_closed_topic_is_saved_and_answered_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running() as bot:
        forum, _, told = await _sent_in_closed_topic(bot, fake, language, "/settings turn_seconds 45")
        async with bot.rt.database.unit_of_work() as uow:
            assert (await rules_for_chat(uow, forum.id)).turn_seconds == 45
    assert [message.text for message in told] == [f"{HERE[language]}\n{SAVED[language]}"]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_menu_asked_for_in_a_closed_topic_is_not_posted_in_private(
    world: World, fake: FakeTelegram, language: str
) -> None:
    async with world.running() as bot:
        _, _, told = await _sent_in_closed_topic(bot, fake, language, "/settings")
    assert [(message.text, message.buttons) for message in told] == [(ASK_ELSEWHERE[language], [])]


async def test_an_admin_who_never_opened_the_private_chat_is_not_written_to(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        _, _, told = await _sent_in_closed_topic(bot, fake, "en", "/settings turn_seconds 45", started=False)
    assert told == []


async def test_the_rules_asked_for_in_a_closed_topic_are_told_in_private(
    world: World, fake: FakeTelegram
) -> None:
    async with world.running() as bot:
        _, _, told = await _sent_in_closed_topic(bot, fake, "en", "/rules")
    assert [(message.text or "").split("\n")[:2] for message in told] == [
        [HERE["en"], "📜 Rules of this chat: Official rules"]
    ]
