"""Who a command answers: the person whose message it replies to (/kick, /stats)."""

from __future__ import annotations

from telegram import Message, User


def reply_author(message: Message) -> User | None:
    """The person whose message this one replies to, else None.

    In a forum topic every plain message "replies" to the topic's creation message: that names nobody.
    Nor does a reply to a bot (this one's table or notices) or to a post as a chat (a channel, an
    anonymous admin): those are no person's own words.
    """
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None or replied.sender_chat is not None:
        return None
    if message.is_topic_message and replied.message_id == message.message_thread_id:
        return None
    author = replied.from_user
    return None if author is None or author.is_bot else author
