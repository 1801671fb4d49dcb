"""The comment threads under a linked channel's posts, as the bot has seen them in the discussion group. A
comment answering the post names the post's copy (`bot.tg.replies.under_a_post`); one answering another
comment names that comment alone, and the thread's id, which a chain of replies in the group's chat carries
too. A thread is known from its post's copy arriving (the bot gets every message where privacy mode is off
or it is an admin) or from a comment answering the post; in memory, for a week after it was last seen: after
a restart, from its next comment answering the post."""

from __future__ import annotations

from collections.abc import Callable

from telegram import Message

from bot.service.lately_seen import LatelySeen
from bot.tg.replies import under_a_post

THREAD_MS = 7 * 24 * 60 * 60 * 1000


class CommentThreads:
    def __init__(self, ticks: Callable[[], int]) -> None:
        """`ticks`: milliseconds on a clock that never jumps."""
        self._ticks = ticks
        self._seen: LatelySeen[tuple[int, int], bool] = LatelySeen(THREAD_MS)

    def post_copied(self, message: Message) -> None:
        """A linked channel's post copied into the group (its automatic forward): its comments' thread."""
        if message.is_automatic_forward and not message.chat.is_forum:
            self._seen.saw((message.chat_id, message.message_id), True, self._ticks())

    def under_a_post(self, message: Message) -> bool:
        """Whether `message` is a comment under a linked channel's post, answering the post or a comment
        under it."""
        thread = message.message_thread_id
        if under_a_post(message):
            if thread is not None:
                self._seen.saw((message.chat_id, thread), True, self._ticks())
            return True
        if thread is None or message.is_topic_message:
            return False
        return self._seen.same((message.chat_id, thread), True, self._ticks())
