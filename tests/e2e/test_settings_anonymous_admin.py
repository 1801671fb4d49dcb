"""An anonymous admin's settings menu: their /settings comes from the group (GroupAnonymousBot), their presses
from themselves, so the bot cannot tell whether the admin who pressed a menu is the one replacing it."""

from __future__ import annotations

import pytest

from bot.tg.repeats import REFUSAL_QUIET_MS
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize(
    ("language", "closed"),
    [
        ("en", "⚙️ This menu is closed: a new one was opened below."),
        ("ru", "⚙️ Это меню закрыто: ниже открыто новое."),
    ],
)
async def test_an_anonymous_admins_settings_closes_the_menu_they_pressed_claiming_nobody_else_did(
    world: World, fake: FakeTelegram, language: str, closed: str
) -> None:
    """(session 58) Anna, an anonymous admin, opened /settings, pressed a topic's screen on it and sent
    /settings again: her first menu read "an admin opened a new one", as if another had."""
    anna = fake.add_user("Anna", language_code=language)
    group = fake.add_group("Friends", members=[anna])
    fake.make_admin(anna, group, anonymous=True)
    async with world.running(default_language=language) as bot:
        fake.user_sends(anna, group, "/settings")
        await bot.deliver()
        first = fake.last_bot_message(group)
        fake.user_presses(anna, first, first.button_texts[-3][0])  # a topic's screen
        await bot.deliver()
        await bot.tick(REFUSAL_QUIET_MS / 1000 + 1)  # (asked again sooner, the menu up is just above)
        fake.user_sends(anna, group, "/settings")
        await bot.deliver()

        assert first.text == closed and not first.buttons
        new = fake.last_bot_message(group)
        assert new.message_id != first.message_id and new.buttons
