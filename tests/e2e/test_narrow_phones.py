"""What a narrow phone shows: Telegram gives a row of inline buttons the width of ~30-35 characters, an equal
share to each button, and cuts a label that does not fit its share with "…"."""

from __future__ import annotations

import unicodedata

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.fake_bot_api import FakeTelegram, Message
from tests.rules_in_play.table import store_chat

ROW_WIDTH = 30  # characters a row of buttons shows uncut on a narrow phone


def _width(label: str) -> int:
    """Characters a label takes on screen: an emoji as wide as two letters."""
    return sum(2 if unicodedata.east_asian_width(char) == "W" else 1 for char in label)


def _cut(message: Message) -> list[str]:
    """The labels a narrow phone cuts."""
    return [label for row in message.button_texts for label in row if _width(label) > ROW_WIDTH // len(row)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_lobbys_computer_buttons_fit_one_row(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """With a computer in the lobby, "🤖 Add another computer" and "🤖 Remove a computer" shared a row of ~43
    characters (in Russian ~36): a narrow phone cut them to "🤖 Add another co…" and "🤖 Remove a com…"."""
    alice = fake.add_user("Alice", language_code=language)
    group = fake.add_group("Friends", members=[alice])
    await store_chat(world, group, Rules(), language)
    async with world.running() as bot:
        fake.user_starts_bot(alice)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        for _ in range(2):
            assert not _cut(fake.last_bot_message(group)), fake.last_bot_message(group).button_texts
            press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        lobby = fake.last_bot_message(group)
        rows = lobby.button_texts
        assert any(len(row) == 2 and row[0].startswith("🤖") for row in rows) and not _cut(lobby), rows
