"""A command typed as the caption of a photo, a video or a document: Telegram shows it as a command, but it
reaches the bot as no command (python-telegram-bot reads commands in texts only), and the bot said nothing
in a group and "I only understand commands" in private. It now says to send the command as a text of its
own; a caption without one of this bot's commands (or with one for another bot) still gets no answer."""

from __future__ import annotations

import pytest

from bot.service import Place
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram

FILE = {"file_id": "f1", "file_unique_id": "u1"}
PHOTO = {"photo": [{**FILE, "width": 90, "height": 90}]}
DOCUMENT = {"document": FILE}
HINT = {
    "en": "I read commands in text messages only: send {} on its own, without the attachment.",
    "ru": "Команды я читаю только в текстовых сообщениях: отправьте {} отдельным сообщением, без вложения.",
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_command_in_a_caption_is_told_to_come_as_a_text(
    world: World, fake: FakeTelegram, language: str
) -> None:
    alice = fake.add_user("Alice", language_code=language, started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    private = fake.private_chat(alice)
    addressed = f"/new@{fake.bot.username}"
    async with world.running() as bot:
        photo = fake.user_posts(alice, group, {**PHOTO, "caption": "/new"})
        await bot.deliver()
        answer = fake.last_bot_message(group)
        assert answer.text == HINT[language].format("/new")
        assert answer.extra["reply_to_message"]["message_id"] == photo.message_id
        fake.user_posts(alice, group, {**PHOTO, "caption": f"{addressed} now"})
        fake.user_posts(alice, private, {**DOCUMENT, "caption": "/stats"})
        await bot.deliver()
        assert fake.last_bot_message(group).text == HINT[language].format(addressed)
        assert [m.text for m in fake.bot_messages_in(private)] == [HINT[language].format("/stats")]
        assert await bot.rt.service.find(Place(group.id)) is None  # no lobby: the photo was no /new


@pytest.mark.parametrize("caption", ["look", "look: /new", "/new@dice_bot", "/roll 2d6"])
async def test_a_caption_without_this_bots_command_gets_no_answer(
    world: World, fake: FakeTelegram, caption: str
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        fake.user_posts(alice, group, {**PHOTO, "caption": caption})
        await bot.deliver()
        assert fake.bot_messages_in(group) == []
