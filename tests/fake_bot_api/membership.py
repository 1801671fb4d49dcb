"""Changes of chat membership and the (my_)chat_member updates Telegram sends for them."""

from __future__ import annotations

from .model import Chat, Member, MemberStatus, User
from .world import World


def set_bot_status(world: World, chat: Chat, status: MemberStatus, by: User) -> None:
    """Change the bot's membership of a chat and tell the bot (a my_chat_member update)."""
    _set_status(world, chat, world.bot, status, by, "my_chat_member")


def set_member_status(world: World, chat: Chat, user: User, status: MemberStatus, by: User) -> None:
    """Change a person's membership of a group; only an admin bot is told (a chat_member update)."""
    is_admin_bot = world.bot_status_in(chat) in ("administrator", "creator")
    _set_status(world, chat, user, status, by, "chat_member" if is_admin_bot else None)


def _set_status(
    world: World, chat: Chat, user: User, status: MemberStatus, by: User, update: str | None
) -> None:
    with world.lock:
        old = chat.members.get(user.id) or Member(user, "left")
        new = Member(user, status)
        chat.members[user.id] = new
        if update is None:
            return
        world.push_update(
            update,
            {
                "chat": chat.to_api(),
                "from": by.to_api(),
                "date": world.now(),
                "old_chat_member": old.to_api(),
                "new_chat_member": new.to_api(),
            },
        )
