"""Changes of chat membership and the my_chat_member updates Telegram sends for the bot's own."""

from __future__ import annotations

from .model import Chat, Member, MemberStatus, User
from .world import World


def set_bot_status(world: World, chat: Chat, status: MemberStatus, by: User) -> None:
    """Change the bot's membership of a chat and tell the bot (a my_chat_member update)."""
    with world.lock:
        old = chat.members.get(world.bot.id) or Member(world.bot, "left")
        new = Member(world.bot, status)
        chat.members[world.bot.id] = new
        world.push_update(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": by.to_api(),
                "date": world.now(),
                "old_chat_member": old.to_api(),
                "new_chat_member": new.to_api(),
            },
        )
