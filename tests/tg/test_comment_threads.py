"""Which messages of a channel's discussion group are comments under a post: a comment answering another one
carries only the thread's id, which a chain of replies in the group's chat carries too."""

from __future__ import annotations

from datetime import UTC, datetime

from telegram import Chat, Message

from bot.tg.comment_threads import THREAD_MS, CommentThreads

GROUP = Chat(-100123, Chat.SUPERGROUP, title="News chat")
WHEN = datetime(2026, 12, 7, tzinfo=UTC)


def _message(
    message_id: int, thread: int | None = None, replied: Message | None = None, **extra: bool
) -> Message:
    return Message(message_id, WHEN, GROUP, message_thread_id=thread, reply_to_message=replied, **extra)


POST = _message(10, is_automatic_forward=True)  # the post's copy, heading its comments
COMMENT = _message(11, thread=10, replied=POST)
ANSWER = _message(12, thread=10, replied=COMMENT)  # to the comment: the post goes unnamed


class Ticks:
    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now


def test_a_comment_answering_another_is_one_once_the_posts_copy_was_seen() -> None:
    threads = CommentThreads(Ticks())
    assert not threads.under_a_post(ANSWER)
    threads.post_copied(POST)
    assert threads.under_a_post(ANSWER)


def test_a_comment_answering_the_post_makes_its_thread_known() -> None:
    """After a restart, say: the copy arrived before it."""
    threads = CommentThreads(Ticks())
    assert threads.under_a_post(COMMENT)
    assert threads.under_a_post(ANSWER)


def test_a_chain_of_replies_in_the_groups_chat_is_no_comment() -> None:
    threads = CommentThreads(Ticks())
    threads.post_copied(POST)
    said = _message(20)
    assert not threads.under_a_post(_message(21, thread=20, replied=said))
    assert not threads.under_a_post(_message(22))


def test_a_thread_unseen_for_a_week_is_forgotten() -> None:
    ticks = Ticks()
    threads = CommentThreads(ticks)
    threads.post_copied(POST)
    ticks.now = THREAD_MS - 1
    assert threads.under_a_post(ANSWER)  # seen again: kept a week from now
    ticks.now += THREAD_MS
    assert not threads.under_a_post(ANSWER)
