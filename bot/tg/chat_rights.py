"""Rights in a group as Telegram reports them: who is an admin, and what an anonymous admin sent."""

from __future__ import annotations

import logging

from telegram import Bot, ChatMember, ChatMemberAdministrator, ChatMemberOwner, ChatMemberRestricted, Message
from telegram.constants import ChatMemberStatus
from telegram.error import ChatMigrated, TelegramError

from bot.tg.send import Sleep, failed_for_a_moment, retried

log = logging.getLogger(__name__)

ADMIN_STATUSES = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
GONE = (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
ChatAdmin = ChatMemberOwner | ChatMemberAdministrator


class RightsUnknown(Exception):
    """Telegram could not be asked who is an admin just now (a time-out, a 5xx, a flood wait). Whoever asked
    is told to try again (bot.tg.apology), not that they are no admin."""


async def chat_admin(bot: Bot, chat_id: int, user_id: int) -> ChatAdmin | None:
    """The user as Telegram reports them now, when they are the chat's owner or an administrator; else None.
    When Telegram refuses (the bot is out of the group, say) the answer is None too: no right the bot can
    confirm. When it fails for a moment, RightsUnknown; when the group became a supergroup, ChatMigrated
    (what was pressed there is out of date, whoever pressed it)."""
    member = await chat_member(bot, chat_id, user_id)
    return member if isinstance(member, ChatAdmin) else None


async def chat_member(
    bot: Bot, chat_id: int, user_id: int, refusal_level: int = logging.WARNING
) -> ChatMember | None:
    """The user in the chat as Telegram reports them now; None when Telegram refuses to say (the bot is out
    of the group, a user it does not know there), logged at `refusal_level` (lower where a refusal is
    expected: the bot asking whether it is still in a group). RightsUnknown when it fails for a moment;
    ChatMigrated when the group became a supergroup."""
    try:
        return await bot.get_chat_member(chat_id, user_id)
    except ChatMigrated:
        raise
    except TelegramError as error:
        if failed_for_a_moment(error):
            raise RightsUnknown(f"member {user_id} of chat {chat_id}: {error.message}") from error
        log.log(refusal_level, "Could not check member %s of chat %s: %s", user_id, chat_id, error.message)
        return None


async def member_is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether Telegram says now that the user is the chat's owner or an administrator (`chat_admin`)."""
    return await chat_admin(bot, chat_id, user_id) is not None


async def anonymous_admins(bot: Bot, chat_id: int) -> frozenset[int]:
    """The chat's admins who post as the group ("Remain anonymous"), as Telegram reports them now; none when
    it refuses to say. RightsUnknown when it fails for a moment; ChatMigrated as `chat_admin`."""
    try:
        admins = await bot.get_chat_administrators(chat_id)
    except ChatMigrated:
        raise
    except TelegramError as error:
        if failed_for_a_moment(error):
            raise RightsUnknown(f"the admins of chat {chat_id}: {error.message}") from error
        log.warning("Could not list the admins of chat %s: %s", chat_id, error.message)
        return frozenset()
    return frozenset(admin.user.id for admin in admins if isinstance(admin, ChatAdmin) and admin.is_anonymous)


async def posts_in_closed_topics(bot: Bot, chat_id: int) -> bool:
    """Whether the bot may post in the forum's closed topics: only admins who manage topics may."""
    own = await chat_admin(bot, chat_id, bot.id)
    return isinstance(own, ChatMemberOwner) or bool(own is not None and own.can_manage_topics)


def out_of_group(member: ChatMember) -> bool:
    """Out of the group: left or banned, or a muted member who left (Telegram keeps them "restricted")."""
    return member.status in GONE or (isinstance(member, ChatMemberRestricted) and not member.is_member)


def muted(member: ChatMember) -> bool:
    """A member the group's admins restricted from sending messages."""
    return isinstance(member, ChatMemberRestricted) and not member.can_send_messages


async def bot_may_post(bot: Bot, chat_id: int, sleep: Sleep, max_wait: float) -> bool:
    """Whether Telegram says now that the bot may post a new message in the group: an admin there, or a
    member neither muted nor kept from sending by the group's permissions (members' "Send messages" off,
    which no update tells a bot of). Each read asked again while Telegram fails for a moment (`retried`, a
    429 of up to `max_wait`); TelegramError when it does not answer, or refuses (the bot out of the group)."""
    what = f"read of its rights in chat {chat_id}"
    own = await retried(lambda: bot.get_chat_member(chat_id, bot.id), sleep, max_wait, what)
    if own.status in ADMIN_STATUSES:
        return True
    if out_of_group(own) or muted(own):
        return False
    chat = await retried(lambda: bot.get_chat(chat_id), sleep, max_wait, f"read of chat {chat_id}")
    return chat.permissions is None or bool(chat.permissions.can_send_messages)


def sent_by_anonymous_admin(message: Message) -> bool:
    """A message an anonymous admin posted: Telegram shows the group itself as its sender."""
    return message.sender_chat is not None and message.sender_chat.id == message.chat.id


def sent_as_channel(message: Message) -> bool:
    """A message a member posted as a channel (their own, or the group's linked one): it comes from an account
    many share, so the bot can tell neither who wrote it nor whether they are an admin."""
    return message.sender_chat is not None and not sent_by_anonymous_admin(message)


def unknown_sender_key(message: Message, as_admin: str = "error-sent-anonymously") -> str | None:
    """For a message posted as the group (by an anonymous admin: `as_admin`) or as a channel, the translation
    key that tells its sender the bot can't tell who they are; None for a person's own message."""
    if message.sender_chat is None:
        return None
    return "error-sent-as-channel" if sent_as_channel(message) else as_admin


def sent_by_a_bot(message: Message) -> bool:
    """A message another bot posted (Telegram passes one on when it names this bot or replies to it): not
    the shared bot accounts anonymous admins and channels post under, which name the chat they post as."""
    sender = message.from_user
    return sender is not None and sender.is_bot and message.sender_chat is None
