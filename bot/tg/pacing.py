"""Paced writes: rolling-window limits per chat and bot-wide, coalesced edits, identical renders skipped.

Telegram allows about 20 messages or edits per minute in a group, about one per second in a private chat and
about 30 per second across the bot, and answers 429 beyond. The publisher asks for "message M in chat C should
now show R" as often as it likes; this module turns that into few writes: edits of one message are coalesced
(the latest render wins), a render equal to what is on screen is never sent, "message is not modified" counts
as done, and 429s are waited out before the latest render goes out. One worker task per chat performs the
writes in request order, each passing the chat's window and then the bot-wide one (pacing_window), so no game
lock is ever held while waiting on Telegram. The order within a chat (a game's screens ahead of command
replies, equal replies answered once) is pacing_queue's; in a group, replies (and the edits of boards and
menus people page) take at most their share of the window, the rest is the game's. Clock and sleep are
injectable for tests.

A chat that answered 403 (or moved) fails every later write at once, without a call, until `writable` says
Telegram lets the bot write there again (the user pressed Start, the bot was added back); a 403 for a write
that left before that is tried again.

The window lives in memory: after a restart Telegram may still remember recent writes, and the first 429 then
teaches the pacer to wait (RetryAfter is honoured for every write). A chat not written to for
CHAT_KEPT_SECONDS is forgotten (its window is long empty, and a bot running for months writes to ever more
chats), and so is a closed one the bot has not tried to write to for as long: a write there is tried again,
and refused once.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram import Bot

from . import raw_writes
from .pacing_queue import ChatQueue, Edit, Job, Send
from .pacing_queue import Landed as Landed  # (the pacer's callers take these two from here)
from .pacing_queue import Render as Render
from .pacing_window import (
    BOT_LIMIT,
    DELETE_YIELD,
    GAME_WRITING_SECONDS,
    GROUP_EDIT_YIELD,
    GROUP_LIMIT,
    GROUP_REPLY_SHARE,
    HAND_EDIT_HEAD_START,
    PRIVATE_LIMIT,
    SEND_HEAD_START,
    TIDY_YIELD,
    BotWideWindow,
    Limit,
    Meter,
)
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

log = logging.getLogger(__name__)


MAX_TRANSIENT_RETRIES = 3
# What is on screen is known for a chat's latest messages only: every message the bot ever sent would be kept
# otherwise. An older one edited again at worst costs a write Telegram answers "message is not modified".
ON_SCREEN_KEPT = 20
# A chat the bot has not written to (nor tried) for this long is forgotten, with what its messages show.
CHAT_KEPT_SECONDS = 60 * 60.0
STOPPING = Rejected("the bot is stopping")
Closed = Unreachable | ChatMoved


@dataclass(frozen=True)
class Undelivered:
    """A write that did not land, for the service to act on (Unreachable user, ChatMoved group, ...)."""

    chat_id: int
    message_id: int | None  # an edit's message
    outcome: Outcome
    thread_id: int | None = None  # a new message's forum topic


@dataclass(kw_only=True)
class _Chat(ChatQueue):
    meter: Meter
    share: Meter | None = None  # a group's replies, against their share of its window (GROUP_REPLY_SHARE)
    on_screen: dict[int, Render] = field(default_factory=dict)
    in_flight: set[int] = field(default_factory=set)  # messages with an edit sent whose answer is not in yet
    worker: asyncio.Task[None] | None = None
    resumer: asyncio.Task[None] | None = None  # starts the worker again once new messages may go
    nap: asyncio.Future[None] | None = None  # the worker waiting for the replies' next turn
    reopened_at: float = -math.inf  # when Telegram last let the bot write here again (`writable`)
    used_at: float = -math.inf  # when a write was last asked for or made here
    game_wrote_at: float = -math.inf  # a game's screen (not a reply) last written here

    def idle_since(self, now: float) -> float | None:
        """Since when nothing is asked of the chat, nor waits or runs in it; None while something does."""
        if self.jobs or _running(self) or self.sends_after > now:
            return None
        return self.used_at

    def replies_may_go(self, now: float) -> bool:
        """Whether a reply may go now as far as its share goes: several members flooding a group with
        commands took its whole window, and its table then stood still for half a minute. The share binds
        only while a game writes here (a screen written within the window, or one waiting): a group with no
        game gives its answers the whole window, as before."""
        if self.share is None or self.share.wait(now) <= 0:
            return True
        playing = now - self.game_wrote_at < GAME_WRITING_SECONDS or any(not job.reply for job in self.jobs)
        return not playing

    def slot_wait(self, now: float) -> float:
        """Seconds until the next write may go: a game's screen as the window allows, a reply as its share
        does too."""
        wait = self.meter.wait(now)
        if self.replies_may_go(now) or not self.jobs or self.next_index(now, replies=False) is not None:
            return wait
        assert self.share is not None  # (replies_may_go says so)
        # The share's turn, or the game's window closing: whichever comes first lets a reply go.
        playing_until = self.game_wrote_at + GAME_WRITING_SECONDS
        return max(wait, min(self.share.wait(now), playing_until - now))

    def record(self, now: float, job: Job) -> None:
        """A write of `job` counted."""
        self.meter.record(now)
        if not job.reply:
            self.game_wrote_at = now
        elif self.share is not None:
            self.share.record(now)

    def shows(self, message_id: int, render: Render) -> None:
        """The message shows `render` now; the chat's least recently written message beyond
        ON_SCREEN_KEPT is forgotten."""
        self.on_screen.pop(message_id, None)
        self.on_screen[message_id] = render
        if len(self.on_screen) > ON_SCREEN_KEPT:
            del self.on_screen[next(iter(self.on_screen))]


class WritePacer:
    def __init__(
        self,
        bot: Bot,
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        group_limit: Limit = GROUP_LIMIT,
        private_limit: Limit = PRIVATE_LIMIT,
        on_undelivered: Callable[[Undelivered], Awaitable[None]] | None = None,
        bot_limit: Limit = BOT_LIMIT,
        reply_share: Limit = GROUP_REPLY_SHARE,
    ) -> None:
        self._bot = bot
        self._clock = clock
        self._sleep = sleep
        self._group_limit = group_limit
        self._private_limit = private_limit
        self._reply_share = reply_share
        self._on_undelivered = on_undelivered
        self._bot_wide = BotWideWindow(bot_limit, clock, sleep)
        self._time_tags = TimeTags()
        self._chats: dict[int, _Chat] = {}
        # chats that answered 403 or moved, and when a write there was last refused; kept apart from the chat
        self._closed: dict[int, tuple[Closed, float]] = {}
        self._swept_at = clock()
        self._stopped = False

    def edit(
        self,
        chat_id: int,
        message_id: int,
        render: Render,
        landed: Landed | None = None,
        redraw: Callable[[], Render] | None = None,
        reply: bool = False,
    ) -> None:
        """Ask for the message to show `render`, or what `redraw` returns when the edit goes out (a time left
        counted then: a busy group's edit waits up to seconds for its window); returns at once (the latest
        request wins). `landed` is called once it (or a later render) is on screen; never when it fails.
        `reply`: the message answers someone's command (a board, a settings menu they page), paced as
        replies are."""
        if self._stopped or self._refused(chat_id) is not None:
            return  # the failure was reported once; the next start (or writable) redraws
        told = [landed] if landed is not None else []
        chat = self._chat(chat_id)
        pending = chat.pending_edits.get(message_id)
        if pending is not None:
            pending.render, pending.redraw = render, redraw
            pending.landed += told
        elif message_id in chat.in_flight or chat.on_screen.get(message_id) != render:
            # (an edit in flight may change what is on screen: going back to the render shown before it
            # must still be sent)
            job = Edit(message_id, render, landed=told, redraw=redraw, reply=reply)
            chat.pending_edits[message_id] = job
            chat.jobs.append(job)
        else:
            _tell(told)
        self._ensure_worker(chat_id, chat)

    async def send(
        self,
        chat_id: int,
        render: Render,
        thread_id: int | None = None,
        reply_to: int | None = None,
        reply: bool = False,
    ) -> Outcome:
        """Send a new message in its turn within the limits (a reply to message `reply_to`, sent anyway when
        that is gone); returns Sent(its message id) or why not. `reply`: an answer to a command, which a
        game's screens may go ahead of, and which an equal reply still queued in the chat answers instead."""
        return await self.queue(chat_id, render, thread_id, reply_to, reply)

    def queue(
        self,
        chat_id: int,
        render: Render,
        thread_id: int | None = None,
        reply_to: int | None = None,
        reply: bool = False,
        silent: bool = False,
    ) -> asyncio.Future[Outcome]:
        """`send`, its turn in the chat taken now: the future tells its outcome once it is sent. A caller
        holding a lock queues under it and waits (up to half a minute in a busy group) without it. `silent`:
        without a sound (a reply always is)."""
        result: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        closed = STOPPING if self._stopped else self._refused(chat_id)
        if closed is not None:
            result.set_result(closed)
            return result
        chat = self._chat(chat_id)
        waiting = chat.waiting_reply(render, thread_id, reply_to) if reply else None
        if waiting is not None:  # a group repeating a command while its answer waits gets it once
            waiting.results.append(result)
            return result
        chat.jobs.append(Send(render, thread_id, [result], reply_to, reply=reply, silent=silent))
        self._ensure_worker(chat_id, chat)
        return result

    def revise(self, chat_id: int, sending: asyncio.Future[Outcome], render: Callable[[], Render]) -> None:
        """The new message `queue` returned `sending` for shows what `render` returns when it goes out (if it
        has not yet): a table that waited for its group's window shows the game as it is then, with no edit
        after it."""
        chat = self._chats.get(chat_id)
        job = chat.waiting_send(sending) if chat is not None else None
        if job is not None:
            job.redraw = render

    def revise_edit(self, chat_id: int, message_id: int, redraw: Callable[[], Render]) -> bool:
        """An edit of the message still queued (not sent yet) shows what `redraw` returns when it goes out;
        False when none is queued."""
        chat = self._chats.get(chat_id)
        job = chat.pending_edits.get(message_id) if chat is not None else None
        if job is None:
            return False
        job.redraw = redraw
        return True

    async def delete(self, chat_id: int, message_id: int, instead: Render | None = None) -> None:
        """Delete a message once the bot-wide window has room: Telegram counts deletions among the bot's
        writes. Not in the chat's queue, so the chat's next writes do not wait behind it. When Telegram
        refuses (a message older than 48 hours), it is edited to show `instead`, if given."""
        await self._delete(chat_id, message_id, DELETE_YIELD, instead)

    async def tidy(self, chat_id: int, message_id: int) -> bool:
        """Delete a message that only clutters the chat now (an answer read long ago), after every other
        write waiting for the bot-wide window: never ahead of a game's table or hands. One gone already (an
        admin deleted it) is left so. Whether Telegram deleted it."""
        return await self._delete(chat_id, message_id, TIDY_YIELD)

    async def _delete(
        self, chat_id: int, message_id: int, yields: float, instead: Render | None = None
    ) -> bool:
        if self._stopped or self._refused(chat_id) is not None:
            return False
        await self._bot_wide.admit(-yields)
        deleted = await attempt(chat_id, lambda: self._bot.delete_message(chat_id, message_id))
        if not isinstance(deleted, Sent) and instead is not None:
            self.edit(chat_id, message_id, instead)
        return isinstance(deleted, Sent)

    def writable(self, chat_id: int) -> None:
        """Telegram lets the bot write to the chat again (the user pressed Start, the bot was added back)."""
        self._closed.pop(chat_id, None)
        chat = self._chats.get(chat_id)
        if chat is not None:  # (a chat with nothing remembered has no write on its way either)
            chat.reopened_at = self._clock()

    def forget(self, chat_id: int, message_id: int) -> None:
        """Drop what the pacer remembers of a message."""
        chat = self._chats.get(chat_id)
        if chat is not None:
            chat.on_screen.pop(message_id, None)

    @property
    def chats_kept(self) -> int:
        """How many chats the pacer remembers (their windows, what their messages show, closed ones)."""
        return len(self._chats.keys() | self._closed.keys())

    def discard(self, chat_id: int, message_id: int) -> None:
        """The message is about to be deleted: drop its queued edit (if not sent yet) and what is known."""
        chat = self._chats.get(chat_id)
        if chat is None:
            return
        job = chat.pending_edits.pop(message_id, None)
        if job is not None:
            chat.jobs.remove(job)
        chat.on_screen.pop(message_id, None)

    @property
    def idle(self) -> bool:
        return not any(_running(c) for c in self._chats.values())

    @property
    def stopped(self) -> bool:
        return self._stopped

    async def drain(self) -> None:
        """Wait until every requested write has been performed (or has failed, or the pacer was stopped)."""
        while tasks := [task for c in self._chats.values() for task in _running(c)]:
            await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> None:
        """Shutdown: from now on every write fails at once; queued sends return STOPPING to their callers
        (a handler awaiting one finishes, so PTB's Application.stop does not wait for Telegram's limits)."""
        self._stopped = True
        self._bot_wide.close()
        for chat in self._chats.values():
            self._abandon(chat, STOPPING)
            if chat.worker is not None:
                chat.worker.cancel()  # a write in flight is resolved with STOPPING by its worker
            if chat.resumer is not None:
                chat.resumer.cancel()

    async def aclose(self) -> None:
        """Stop, and wait until every worker has ended."""
        self.stop()
        await self.drain()

    def _chat(self, chat_id: int) -> _Chat:
        now = self._clock()
        self._forget_idle(now)
        chat = self._chats.get(chat_id)
        if chat is None:
            # positive ids are users (private chats); groups, supergroups and channels are negative
            group = chat_id < 0
            chat = _Chat(
                meter=(self._group_limit if group else self._private_limit).meter(),
                share=self._reply_share.meter() if group else None,
            )
            self._chats[chat_id] = chat
        chat.used_at = now
        return chat

    def _refused(self, chat_id: int) -> Closed | None:
        """Why the chat refuses writes, if it does (the attempt counts as a write tried there)."""
        closed = self._closed.get(chat_id)
        if closed is None:
            return None
        self._closed[chat_id] = (closed[0], self._clock())
        return closed[0]

    def _forget_idle(self, now: float) -> None:
        """Forget the chats nothing was asked of for CHAT_KEPT_SECONDS (looked for at most that often)."""
        if now - self._swept_at < CHAT_KEPT_SECONDS:
            return
        self._swept_at = now
        for chat_id, chat in list(self._chats.items()):
            idle_since = chat.idle_since(now)
            if idle_since is not None and now - idle_since >= CHAT_KEPT_SECONDS:
                del self._chats[chat_id]
        self._closed = {
            key: (why, at) for key, (why, at) in self._closed.items() if now - at < CHAT_KEPT_SECONDS
        }

    def _ensure_worker(self, chat_id: int, chat: _Chat) -> None:
        if chat.nap is not None:
            chat.nap.cancel()  # the write just asked for may be a game's screen, which need not wait
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.create_task(self._work(chat_id, chat), name=f"pacer-{chat_id}")

    async def _work(self, chat_id: int, chat: _Chat) -> None:
        while chat.jobs:
            await self._wait_for_slot(chat)
            index = chat.next_index(self._clock(), chat.replies_may_go(self._clock())) if chat.jobs else None
            if index is None:  # its edits were discarded meanwhile, or only held-back new messages wait
                if chat.jobs:
                    self._resume_later(chat_id, chat)
                break
            await self._bot_wide.admit(_head_start(chat_id, chat.jobs[index]))
            job = chat.take(self._clock(), chat.replies_may_go(self._clock()))
            if job is None:  # the queue changed while the bot-wide window was waited for
                continue
            try:
                await self._perform(chat_id, chat, job)
            except asyncio.CancelledError:
                if isinstance(job, Send):  # stopped while it was in flight: its caller must not hang
                    job.resolve(STOPPING)
                raise
            except Exception:  # a bug must not kill the chat's worker and strand later writes
                log.exception("paced write to %s failed", chat_id)
                if isinstance(job, Send):
                    job.resolve(Rejected("internal error"))

    def _resume_later(self, chat_id: int, chat: _Chat) -> None:
        """The worker starts again once Telegram takes new messages here again (`sends_after`)."""
        if chat.resumer is None or chat.resumer.done():
            chat.resumer = asyncio.create_task(self._resume(chat_id, chat), name=f"pacer-resume-{chat_id}")

    async def _resume(self, chat_id: int, chat: _Chat) -> None:
        await self._sleep(chat.sends_after - self._clock())
        self._ensure_worker(chat_id, chat)

    async def _wait_for_slot(self, chat: _Chat) -> None:
        """Until the chat's window lets its next write go; when only replies wait and they have had their
        share, until the share lets one go, or a write is asked for meanwhile (a game's screen need not
        wait)."""
        while (wait := chat.slot_wait(self._clock())) > 0:
            if wait <= chat.meter.wait(self._clock()):
                await self._sleep(wait)
                continue
            chat.nap = nap = asyncio.ensure_future(self._sleep(wait))
            try:
                await asyncio.wait({nap})
            finally:
                nap.cancel()
                chat.nap = None

    async def _perform(self, chat_id: int, chat: _Chat, job: Job) -> None:
        if job.redraw is not None:
            job.render = job.redraw()
        render = job.render
        if isinstance(job, Edit):
            chat.pending_edits.pop(job.message_id, None)
            if chat.on_screen.get(job.message_id) == render:
                _tell(job.landed)
                return
        target = job.message_id if isinstance(job, Edit) else None
        if target is not None:
            chat.in_flight.add(target)
        left_at = self._clock()
        try:
            outcome = await self._attempt(chat_id, chat, job, render)
            if self._time_tags.refused(outcome):  # an older Bot API server: the same write without them
                outcome = await self._attempt(chat_id, chat, job, render)
        finally:
            if target is not None:
                chat.in_flight.discard(target)
        if isinstance(outcome, Unreachable) and chat.reopened_at >= left_at:
            # Telegram refused it before the chat was opened again (a user unblocked the bot meanwhile):
            # believed, it would close the chat again and mark them blocked. Tried again instead.
            outcome = Transient(f"refused before the chat was opened again: {outcome.reason}")
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
            self._closed[chat_id] = (outcome, self._clock())
            self._abandon(chat, outcome)
        if isinstance(outcome, Sent):
            message_id = target or outcome.message_id
            if message_id is not None:
                chat.shows(message_id, render)
            if isinstance(job, Edit):
                _tell(job.landed)
        else:
            thread_id = job.thread_id if isinstance(job, Send) else None
            await self._report(Undelivered(chat_id, target, outcome, thread_id))

    async def _attempt(self, chat_id: int, chat: _Chat, job: Job, render: Render) -> AttemptOutcome:
        try:
            return await attempt(chat_id, self._call(chat_id, job, render))
        finally:
            # Counted when its answer is in: Telegram counts a write when it arrives, which may be well after
            # it left (a slow network, PTB's limiter), and a window that let it go earlier than Telegram's
            # would let one write too many through. The chat's writes go one at a time, so none is missed.
            chat.record(self._clock(), job)
            chat.used_at = self._clock()

    def _abandon(self, chat: _Chat, outcome: Outcome) -> None:
        """Nothing more can land in this chat: fail the queued sends with `outcome`, drop the edits."""
        for job in chat.jobs:
            if isinstance(job, Send):
                job.resolve(outcome)
        chat.jobs.clear()
        chat.pending_edits.clear()

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

    async def _retry_later(self, chat: _Chat, job: Job, outcome: FloodWait | Transient) -> Rejected | None:
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

    async def _report(self, undelivered: Undelivered) -> None:
        log.info("write to %s not delivered: %s", undelivered.chat_id, _why(undelivered.outcome))
        if self._on_undelivered is not None:
            await self._on_undelivered(undelivered)


def _why(outcome: Outcome) -> str:
    """Telegram's own words for a write that did not land, for the log."""
    if isinstance(outcome, Unreachable | Rejected):
        return outcome.reason
    if isinstance(outcome, ChatMoved):
        return f"the group became the supergroup {outcome.new_chat_id}"
    return str(outcome)


def _head_start(chat_id: int, job: Job) -> float:
    """How far ahead of other writes this one goes once the bot-wide window is full."""
    if isinstance(job, Send):
        return SEND_HEAD_START
    return -GROUP_EDIT_YIELD if chat_id < 0 else HAND_EDIT_HEAD_START


def _running(chat: _Chat) -> list[asyncio.Task[None]]:
    """The chat's worker, and what starts it again later, while they run."""
    return [task for task in (chat.worker, chat.resumer) if task is not None and not task.done()]


def _tell(landed: list[Landed]) -> None:
    for callback in landed:
        callback()
