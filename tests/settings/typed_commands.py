"""What the tests of typed commands (/rules, /lang, /settings NAME VALUE) share: a group with its admin alone,
and a command sent with the bot's answer to it. (menu_steps.group_with_admin adds a player, for the menu's
tests.)"""

from __future__ import annotations

from tests.fake_bot_api import Chat, Message, User
from tests.settings.conftest import Harness


def group_with_admin(harness: Harness) -> tuple[Chat, User]:
    admin = harness.fake.add_user("Alice")
    return harness.fake.add_group("Friends", creator=admin), admin


async def send(harness: Harness, user: User, chat: Chat, text: str) -> Message:
    harness.fake.user_sends(user, chat, text)
    await harness.deliver()
    return harness.fake.last_bot_message(chat)
