"""What the /settings flow tests share: a group with its admin, the menu opened and pressed, the rules
stored, a match running."""

from __future__ import annotations

import dataclasses

from bot.engine.rules import Rules
from bot.service.lobby import new_lobby
from bot.service.settings import rules_for_chat
from bot.storage import GameStatus
from tests.fake_bot_api import Chat, Message, User
from tests.narrow_phone import spaced
from tests.settings.conftest import Harness

OPEN = "\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}"  # ends the buttons that open a rule's screen


def buttons(message: Message) -> list[str]:
    return [text for row in message.button_texts for text in row]


async def stored_rules(harness: Harness, chat: Chat) -> Rules:
    async with harness.database.unit_of_work() as uow:
        return await rules_for_chat(uow, chat.id)


def group_with_admin(harness: Harness) -> tuple[Chat, User, User]:
    admin = harness.fake.add_user("Alice")
    player = harness.fake.add_user("Bob")
    group = harness.fake.add_group("Friends", members=[player], creator=admin)
    return group, admin, player


async def open_menu(harness: Harness, group: Chat, user: User) -> Message:
    harness.fake.user_sends(user, group, "/settings")
    assert await harness.deliver() == 1
    return harness.fake.last_bot_message(group)


async def press(harness: Harness, user: User, message: Message, button: str) -> Message:
    """Presses the button labelled `button` as a phone shows it (`spaced`)."""
    button = next((label for label in buttons(message) if spaced(label) == button), button)
    query = harness.fake.user_presses(user, message, button)
    await harness.deliver()
    assert query.answered
    return harness.fake.last_bot_message(message.chat)


async def start_a_match(harness: Harness, group: Chat, admin: User) -> None:
    """A match of the official rules running in the group (as the game service stores one)."""
    async with harness.database.unit_of_work() as uow:
        await uow.chats.ensure(group.id, group.title)
        lobby = new_lobby(admin.id, admin.first_name, group.title or "", Rules(), None, 0)
        game = await uow.games.create(chat_id=group.id, state=lobby.to_dict())
        await uow.games.save(dataclasses.replace(game, status=GameStatus.RUNNING))


async def rules_text(harness: Harness, group: Chat, user: User) -> str:
    """/rules' answer, as a phone shows it (`spaced`)."""
    harness.fake.user_sends(user, group, "/rules")
    await harness.deliver()
    return spaced(harness.fake.last_bot_message(group).text or "")
