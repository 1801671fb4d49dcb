"""Rights in a group as Telegram reports them: who is an admin, and what an anonymous admin sent."""

from __future__ import annotations

import logging

from telegram import Bot, Message
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

log = logging.getLogger(__name__)

ADMIN_STATUSES = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def member_is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether Telegram says now that the user is the chat's owner or an administrator. When it cannot be
    asked (Telegram failed, or the bot is out of the group) the answer is no: no right the bot can confirm."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.warning("Could not check member %s of chat %s: %s", user_id, chat_id, error.message)
        return False
    return member.status in ADMIN_STATUSES


def sent_by_anonymous_admin(message: Message) -> bool:
    """A message an anonymous admin posted: Telegram shows the group itself as its sender."""
    return message.sender_chat is not None and message.sender_chat.id == message.chat.id
