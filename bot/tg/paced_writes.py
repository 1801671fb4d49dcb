"""One paced write, performed and its outcome applied: what its message shows now, its waiters told, a 429 or
a broken connection waited out with the write back at the head of its chat's queue (a supergroup's slow mode
holding back only its new messages), a chat that answered 403 or moved closed, and a write that did not land
reported."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import Bot

from . import raw_writes
from .closed_chats import ClosedChats, believed
from .pacing_chat import PacedChat
from .pacing_queue import Edit, Job, Render, Send, tell
from .send import (
    AttemptOutcome,
    ChatMoved,
    FloodWait,
    Outcome,
    Rejected,
    Sendable,
    Sent,
    Sleep,
    Transient,
    Unreachable,
    attempt,
    backoff_seconds,
)
from .time_tags import TimeTags

MAX_TRANSIENT_RETRIES = 3


@dataclass(frozen=True)
class Undelivered:
    """A write that did not land, for the service to act on (Unreachable user, ChatMoved group, ...)."""

    chat_id: int
    message_id: int | None  # an edit's message
    outcome: Outcome
    thread_id: int | None = None  # a new message's forum topic
    askers: tuple[int, ...] = ()  # a new message's: whom it answers (bot.tg.replies `asker_of`; Send.askers)


class WritePerformer:
    def __init__(
        self,
        bot: Bot,
        clock: Callable[[], float],
        sleep: Sleep,
        closed: ClosedChats,
        report: Callable[[Undelivered], Awaitable[None]],
        posted: Callable[[int], None],
    ) -> None:
        self._bot = bot
        self._clock = clock
        self._sleep = sleep
        self._closed = closed
        self._report = report  # told of every write that did not land
        self._posted = posted  # told of every new message that landed (its chat)
        self._time_tags = TimeTags()

    async def perform(self, chat_id: int, chat: PacedChat, job: Job) -> None:
        """Write `job` in the chat (its turn come, both windows passed) and apply the outcome."""
        if job.redraw is not None:
            job.render = job.redraw()
        render = job.render
        if isinstance(job, Edit):
            chat.pending_edits.pop(job.message_id, None)
            if chat.on_screen.get(job.message_id) == render:
                tell(job.landed)
                return
        target = job.message_id if isinstance(job, Edit) else None
        if target is not None:
            chat.in_flight.add(target)
        left_at = self._clock()
        try:
            outcome = await self._attempt(chat_id, chat, job, render)
            if self._time_tags.refused(outcome):  # an older Bot API server: the same write without them
                outcome = await self._attempt(chat_id, chat, job, render)
        except asyncio.CancelledError:
            if target is not None:  # (a stop) it may have landed: what the message shows is not known
                chat.on_screen.pop(target, None)
            raise
        finally:
            if target is not None:
                chat.in_flight.discard(target)
        outcome = believed(outcome, left_at, chat.reopened_at)
        if isinstance(outcome, Transient) and target is not None:
            chat.on_screen.pop(target, None)  # it may have landed before the connection broke: unknown now
        if isinstance(outcome, FloodWait) and isinstance(job, Send) and chat_id < 0:
            # A supergroup's slow mode holds the bot's new messages back, not its edits: the table goes on
            # changing meanwhile (a flood would refuse the next edit too, which then waits).
            chat.sends_after = self._clock() + outcome.seconds
            chat.jobs.appendleft(job)
            return
        if isinstance(outcome, FloodWait | Transient):
            retried = await self._retry_later(chat, job, outcome)
            if retried is None:
                return
            outcome = retried
        if isinstance(job, Send):
            job.resolve(outcome)
        if isinstance(outcome, Unreachable | ChatMoved):
            # Before anything awaits: a write asked for from now on fails at once instead of being tried.
            self._closed.close(chat_id, outcome)
            chat.abandon(outcome)
        if isinstance(outcome, Sent):
            message_id = target or outcome.message_id
            if message_id is not None:
                chat.shows(message_id, render)
            if isinstance(job, Edit):
                tell(job.landed)
            else:
                self._posted(chat_id)
        else:
            thread_id, askers = (job.thread_id, job.askers) if isinstance(job, Send) else (None, ())
            await self._report(Undelivered(chat_id, target, outcome, thread_id, askers))

    async def _attempt(self, chat_id: int, chat: PacedChat, job: Job, render: Render) -> AttemptOutcome:
        try:
            return await attempt(chat_id, self._call(chat_id, job, render))
        finally:
            # Counted when its answer is in: Telegram counts a write when it arrives, which may be well after
            # it left (a slow network, PTB's limiter), and a window that let it go earlier than Telegram's
            # would let one write too many through. The chat's writes go one at a time, so none is missed.
            chat.record(self._clock(), job)
            chat.used_at = self._clock()

    def _call(self, chat_id: int, job: Job, render: Render) -> Callable[[], Awaitable[Sendable]]:
        def edit(message_id: int) -> Awaitable[Sendable]:
            html = self._time_tags.text(render.text)
            return raw_writes.edit_message_text(self._bot, chat_id, message_id, html, render.reply_markup)

        def send(sending: Send) -> Awaitable[Sendable]:
            html = self._time_tags.text(render.text)
            # An answer to a command is for the one who asked, who is reading the chat: no sound for the rest.
            return raw_writes.send_message(
                self._bot,
                chat_id,
                html,
                render.reply_markup,
                sending.thread_id,
                sending.reply_to,
                silent=sending.reply or sending.silent,
            )

        if isinstance(job, Edit):
            return lambda: edit(job.message_id)
        return lambda: send(job)

    async def _retry_later(
        self, chat: PacedChat, job: Job, outcome: FloodWait | Transient
    ) -> Rejected | None:
        """Wait, with the write back at the head of the queue; a Rejected when it is not worth retrying."""
        if isinstance(outcome, Transient):
            job.failures += 1
            if job.failures > MAX_TRANSIENT_RETRIES:
                return Rejected(f"gave up after {job.failures} attempts: {outcome.reason}")
        if isinstance(job, Send):
            chat.jobs.appendleft(job)
        elif job.message_id not in chat.pending_edits:
            chat.pending_edits[job.message_id] = job
            chat.jobs.appendleft(job)
        else:  # a newer render is queued and will land, for this one's waiters too
            chat.pending_edits[job.message_id].landed += job.landed
        if isinstance(outcome, FloodWait):
            await self._sleep(outcome.seconds)
        else:
            await self._sleep(backoff_seconds(job.failures - 1))
        return None
