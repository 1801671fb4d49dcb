"""Safe Bot API writes: every Telegram failure becomes a typed outcome the caller can act on.

- 403 (user blocked the bot or never started it, bot kicked, group deleted) -> `Unreachable`: record it,
  stop writing there.
- 400 "group chat was upgraded" -> `ChatMoved` with the new chat id: follow it.
- 400 "message is not modified" -> `Sent` (the screen already shows that content).
- other 400s -> `Rejected` with Telegram's reason (e.g. the message was deleted).
- 429 -> `FloodWait` from `attempt`; `deliver` waits the asked time and tries again.
- network errors and 5xx -> `Transient` from `attempt`; `deliver` backs off and tries again.

`retried` runs any Bot API call (a read as well as a write) with `deliver`'s waits and tries.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TypeVar

from telegram import Bot
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TelegramError
from telegram.warnings import PTBDeprecationWarning

from bot.visible_text import ALERT_LIMIT, cut_to, utf16_length

from .raw_writes import JSONResult, message_id

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
Sendable = JSONResult  # what a Bot API write returns, unparsed
NOT_MODIFIED = "message is not modified"
EDITED_MESSAGE_GONE = "message to edit not found"  # someone deleted it
DELETED_MESSAGE_GONE = "message to delete not found"  # someone deleted it, or a try whose answer was lost
TOPIC_GONE = "message thread not found"  # its forum topic was deleted
TOPIC_CLOSED = "topic_closed"  # an admin closed its forum topic
ACCOUNT_DELETED = "user is deactivated"  # the 403 to a person who deleted their Telegram account
# The bot is in the group but may not post there (muted by an admin, or members may not send messages).
MAY_NOT_POST = ("not enough rights to send", "chat_write_forbidden", TOPIC_CLOSED)
BACKOFF_SECONDS = (0.5, 1.0, 2.0, 4.0)
ATTEMPTS = 4  # tries of one call before it is given up

T = TypeVar("T")


@dataclass(frozen=True)
class Sent:
    message_id: int | None = None  # None when Telegram returned True or the content was already there


@dataclass(frozen=True)
class Unreachable:
    chat_id: int
    reason: str


@dataclass(frozen=True)
class ChatMoved:
    chat_id: int
    new_chat_id: int


@dataclass(frozen=True)
class Rejected:
    reason: str


@dataclass(frozen=True)
class FloodWait:
    seconds: float


@dataclass(frozen=True)
class Transient:
    reason: str


Outcome = Sent | Unreachable | ChatMoved | Rejected
AttemptOutcome = Outcome | FloodWait | Transient


def edited_message_gone(outcome: Outcome) -> bool:
    """Whether an edit failed because its message was deleted (only a new message can show it now)."""
    return isinstance(outcome, Rejected) and EDITED_MESSAGE_GONE in outcome.reason.lower()


def deleted_message_gone(outcome: Outcome) -> bool:
    """Whether a deletion failed because its message was gone already."""
    return isinstance(outcome, Rejected) and DELETED_MESSAGE_GONE in outcome.reason.lower()


def account_deleted(outcome: Unreachable) -> bool:
    """Whether a person could not be written to because they deleted their Telegram account."""
    return ACCOUNT_DELETED in outcome.reason.lower()


def topic_gone(outcome: Outcome) -> bool:
    """Whether a message could not be sent because its forum topic was deleted."""
    return isinstance(outcome, Rejected) and TOPIC_GONE in outcome.reason.lower()


def may_not_post(outcome: Outcome) -> bool:
    """Whether a message was refused because the bot may not post in that group or forum topic."""
    return isinstance(outcome, Rejected) and any(reason in outcome.reason.lower() for reason in MAY_NOT_POST)


def topic_closed(outcome: Outcome | None) -> bool:
    return isinstance(outcome, Rejected) and TOPIC_CLOSED in outcome.reason.lower()


def failed_for_a_moment(error: TelegramError) -> bool:
    """A time-out, a lost connection, a 5xx or a flood wait: asked again, Telegram may well answer. Not a
    BadRequest, which python-telegram-bot raises as a NetworkError too, but is Telegram's answer."""
    return isinstance(error, NetworkError | RetryAfter) and not isinstance(error, BadRequest)


def backoff_seconds(failures: int) -> float:
    """How long to wait before retrying after `failures` earlier network errors (0, 1, 2, ...)."""
    return BACKOFF_SECONDS[min(failures, len(BACKOFF_SECONDS) - 1)]


def retry_after_seconds(error: RetryAfter) -> float:
    """RetryAfter.retry_after is an int or a timedelta depending on PTB_TIMEDELTA; both mean seconds."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        value = error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


async def attempt(chat_id: int, call: Callable[[], Awaitable[Sendable]]) -> AttemptOutcome:
    """One try of a Bot API write, classified. Never raises a TelegramError."""
    try:
        result = await call()
    except TelegramError as error:
        return classified(chat_id, error)
    return Sent(message_id(result))


def classified(chat_id: int, error: TelegramError) -> AttemptOutcome:
    """What a write's error to `chat_id` means."""
    if isinstance(error, RetryAfter):
        return FloodWait(retry_after_seconds(error))
    if isinstance(error, ChatMigrated):
        return ChatMoved(chat_id, error.new_chat_id)
    if isinstance(error, Forbidden):
        return Unreachable(chat_id, error.message)
    if isinstance(error, BadRequest):
        return Sent() if NOT_MODIFIED in error.message.lower() else Rejected(error.message)
    if isinstance(error, NetworkError):  # time-outs, connection errors and 5xx answers
        return Transient(error.message)
    return Rejected(error.message)


async def retried(
    call: Callable[[], Awaitable[T]], sleep: Sleep = asyncio.sleep, max_wait: float = 60.0, what: str = "call"
) -> T:
    """The value of a Bot API call, tried until Telegram answers: a 429 waited out (to `max_wait`), a network
    error or 5xx backed off, ATTEMPTS tries in all; `what` names it in the log. Raises Telegram's answer
    when it is a refusal (a 400, a 403) or a longer flood wait at once, else the last try's error."""
    network_failures = 0
    for _ in range(ATTEMPTS - 1):
        try:
            return await call()
        except TelegramError as error:
            if not failed_for_a_moment(error):
                raise
            if isinstance(error, RetryAfter):
                wait = retry_after_seconds(error)
                if wait > max_wait:
                    raise
            else:  # the 429s are logged as they come (bot.tg.rate_limiter)
                log.warning("Telegram %s failed (%s); retrying", what, error.message)
                wait = backoff_seconds(network_failures)
                network_failures += 1
            await sleep(wait)
    return await call()  # the last try: its error is raised


async def deliver(
    chat_id: int,
    call: Callable[[], Awaitable[Sendable]],
    sleep: Sleep = asyncio.sleep,
    max_wait: float = 60.0,
    what: str = "",
) -> Outcome:
    """Try a write until it lands or fails for good (`retried`), waiting out 429s (to `max_wait`) and network
    errors; `what` names it in the log (default: "write to <chat_id>")."""
    try:
        result = await retried(call, sleep, max_wait, what or f"write to {chat_id}")
    except TelegramError as error:
        outcome = classified(chat_id, error)
        if isinstance(outcome, FloodWait) and outcome.seconds > max_wait:
            return Rejected(f"flood wait of {outcome.seconds:g} s is too long")
        if isinstance(outcome, FloodWait | Transient):
            return Rejected(f"gave up after {ATTEMPTS} attempts: {outcome}")
        return outcome
    return Sent(message_id(result))


async def answer_callback_query(
    bot: Bot,
    query_id: str,
    text: str | None = None,
    show_alert: bool = False,
    sleep: Sleep = asyncio.sleep,
    url: str | None = None,
) -> Outcome:
    """Answer a button press, retrying 429 and 5xx: an unanswered press leaves a spinner on the button.

    Telegram refuses answers after roughly 10-15 s (undocumented), so longer flood waits are not worth it;
    and a text over ALERT_LIMIT (one naming players with long emoji names), so it is cut to fit.
    """
    text = None if text is None else cut_to(text, ALERT_LIMIT, utf16_length)

    def call() -> Awaitable[bool]:
        return bot.answer_callback_query(query_id, text=text, show_alert=show_alert, url=url)

    # An answer has no chat: 0 stands in for one, which the log must not show as a chat's id.
    return await deliver(0, call, sleep, max_wait=10.0, what="answer to a press")
