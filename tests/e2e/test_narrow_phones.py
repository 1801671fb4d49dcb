"""What a narrow phone shows of the lobby's buttons (tests.narrow_phone)."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import cut_labels
from tests.rules_in_play.table import store_chat


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
            lobby = fake.last_bot_message(group)
            assert not cut_labels(lobby.button_texts), lobby.button_texts
            press_action(fake, alice, lobby, Action.ADD_COMPUTER)
            await bot.deliver()
        lobby = fake.last_bot_message(group)
        rows = lobby.button_texts
        assert any(len(row) == 2 and row[0].startswith("🤖") for row in rows) and not cut_labels(rows), rows
