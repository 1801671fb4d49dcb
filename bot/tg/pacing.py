"""Paced writes: rolling-window limits per chat and bot-wide, coalesced edits, identical renders skipped.

Telegram allows about 20 messages or edits per minute in a group, about one per second in a private chat and
about 30 per second across the bot, and answers 429 beyond. The publisher asks for "message M in chat C should
now show R" as often as it likes; this module turns that into few writes: edits of one message are coalesced
(the latest render wins), a render equal to what is on screen is never sent, "message is not modified" counts
as done, and 429s are waited out before the latest render goes out (paced_writes). One worker task per chat
performs the writes in request order, each passing the chat's window and then the bot-wide one
(pacing_window), so no game lock is ever held while waiting on Telegram. The order within a chat (a game's
screens ahead of command replies, equal replies answered once) is pacing_queue's; in a group, replies (and the
edits of boards and menus people page) take at most their share of the window, the rest is the game's
(pacing_chat), and the share is shared between the people asking (pacing_share). A chat that answered 403
or moved fails every later write at once (closed_chats). Clock and sleep are injectable for tests.

The window lives in memory: after a restart Telegram may still remember recent writes, and the first 429 then
teaches the pacer to wait (RetryAfter is honoured for every write). A chat not written to for
CHAT_KEPT_SECONDS is forgotten (its window is long empty, and a bot running for months writes to ever more
chats), and so is a closed one the bot has not tried to write to for as long.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from telegram import Bot

from .closed_chats import ClosedChats
from .paced_writes import Undelivered, WritePerformer
from .pacing_chat import CHAT_KEPT_SECONDS, PacedChat
from .pacing_queue import Edit, Job, Send, tell
from .pacing_queue import Landed as Landed  # (the pacer's callers take these two from here)
from .pacing_queue import Render as Render
from .pacing_share import Asker, ReplyShare
from .pacing_window import (
    BOT_LIMIT,
    DELETE_YIELD,
    GROUP_EDIT_YIELD,
    GROUP_LIMIT,
    GROUP_REPLY_SHARE,
    HAND_EDIT_HEAD_START,
    ONE_PERSONS_ANSWERS,
    PRIVATE_LIMIT,
    SEND_HEAD_START,
    TIDY_YIELD,
    BotWideWindow,
    Limit,
    WindowLimit,
)
from .send import (
    ChatMoved,
    Outcome,
    Rejected,
    Sent,
    Sleep,
    Unreachable,
    deleted_message_gone,
    deliver,
)

log = logging.getLogger(__name__)

STOPPING = Rejected("the bot is stopping")


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
        reply_share: WindowLimit = GROUP_REPLY_SHARE,
        on_posted: Callable[[int], None] = lambda chat_id: None,
    ) -> None:
        """`on_undelivered`: told of every write that did not land; `on_posted`: of every new message that
        did (its chat), which tells that the bot may post there (an edit does not: a muted bot edits)."""
        self._bot = bot
        self._clock = clock
        self._sleep = sleep
        self._group_limit = group_limit
        self._private_limit = private_limit
        self._reply_share = reply_share
        self._bot_wide = BotWideWindow(bot_limit, clock, sleep)
        self._chats: dict[int, PacedChat] = {}
        self._closed = ClosedChats(clock)
        self._on_undelivered = on_undelivered
        self._writes = WritePerformer(bot, clock, sleep, self._closed, self._report, on_posted)
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
        asker: Asker = None,
        urgent: bool = False,
    ) -> None:
        """Ask for the message to show `render`, or what `redraw` returns when the edit goes out (a time left
        counted then: a busy group's edit waits up to seconds for its window); returns at once (the latest
        request wins). `landed` is called once it (or a later render) is on screen; never when it fails.
        `reply`: the message answers someone's command (a board, a settings menu they page: `asker`), paced
        as replies are. `urgent`: a table whose buttons changed meaning (a window opened or closed), which
        goes ahead of the chat's other screens queued before it: a forum's topics share one window."""
        if self._stopped or self._closed.refused(chat_id) is not None:
            return  # the failure was reported once; the next start (or writable) redraws
        told = [landed] if landed is not None else []
        chat = self._chat(chat_id)
        touch = chat.touched.pop(message_id, None) == render
        pending = chat.pending_edits.get(message_id)
        if pending is not None:
            # a press's render replacing a touch's goes in its turn: its answer tells the touch's too
            pending.touch = pending.touch and render == pending.render
            pending.render, pending.redraw = render, redraw
            pending.landed += told
            pending.urgent = pending.urgent or urgent
        elif message_id in chat.in_flight or chat.on_screen.get(message_id) != render:
            # (an edit in flight may change what is on screen: going back to the render shown before it
            # must still be sent)
            job = Edit(
                message_id,
                render,
                landed=told,
                redraw=redraw,
                reply=reply,
                asker=asker,
                urgent=urgent,
                touch=touch,
            )
            chat.pending_edits[message_id] = job
            chat.jobs.append(job)
        else:
            tell(told)
        self._ensure_worker(chat_id, chat)

    async def send(
        self,
        chat_id: int,
        render: Render,
        thread_id: int | None = None,
        reply_to: int | None = None,
        reply: bool = False,
        asker: Asker = None,
        silent: bool = False,
    ) -> Outcome:
        """Send a new message in its turn within the limits (a reply to message `reply_to`, sent anyway when
        that is gone); returns Sent(its message id) or why not. `reply`: an answer to a command (of `asker`),
        which a game's screens may go ahead of, and which an equal reply still queued in the chat answers
        instead; `silent`: without a sound."""
        return await self.queue(chat_id, render, thread_id, reply_to, reply, silent, asker)

    def queue(
        self,
        chat_id: int,
        render: Render,
        thread_id: int | None = None,
        reply_to: int | None = None,
        reply: bool = False,
        silent: bool = False,
        asker: Asker = None,
        urgent: bool = False,
    ) -> asyncio.Future[Outcome]:
        """`send`, its turn in the chat taken now: the future tells its outcome once it is sent. A caller
        holding a lock queues under it and waits (up to half a minute in a busy group) without it. `silent`:
        without a sound (a reply always is); `urgent`: a match's first table, which goes ahead of the chat's
        other screens queued before it (its lobby's last edit too)."""
        result: asyncio.Future[Outcome] = asyncio.get_running_loop().create_future()
        closed = STOPPING if self._stopped else self._closed.refused(chat_id)
        if closed is not None:
            result.set_result(closed)
            return result
        chat = self._chat(chat_id)
        waiting = chat.waiting_reply(render, thread_id, reply_to) if reply else None
        if waiting is not None:  # a group repeating a command while its answer waits gets it once
            waiting.results.append(result)
            waiting.also_asked.append(asker)
            return result
        job = Send(
            render, thread_id, [result], reply_to, reply=reply, silent=silent, asker=asker, urgent=urgent
        )
        chat.jobs.append(job)
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
        False when none is queued. A touch (`touch`) revised to show something else goes in its turn, as one
        an edit replaces does: a press's table stayed behind the other touches, up to a minute."""
        chat = self._chats.get(chat_id)
        job = chat.pending_edits.get(message_id) if chat is not None else None
        if chat is None or job is None:
            return False
        job.redraw = redraw
        if job.touch and redraw() != job.render:
            job.touch = False
            self._ensure_worker(chat_id, chat)  # (a worker waiting for the touch's turn looks again)
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
        if self._stopped or self._closed.refused(chat_id) is not None:
            return False

        async def admitted() -> bool:  # each try is a write Telegram counts
            await self._bot_wide.admit(-yields)
            return await self._bot.delete_message(chat_id, message_id)

        # A flood wait or a failure of a moment is waited out: `instead` is for a message Telegram keeps, not
        # for one gone already.
        deleted = await deliver(chat_id, admitted, self._sleep, what=f"deletion in {chat_id}")
        if not isinstance(deleted, Sent) and not deleted_message_gone(deleted) and instead is not None:
            self.edit(chat_id, message_id, instead)
        return isinstance(deleted, Sent)

    async def last_turn(self) -> bool:
        """Return once one more write fits in the bot-wide window after every other write waiting (counted),
        for a write of no chat's the pacer does not make (a private chat's menu set again in the background);
        False when the bot is stopping (no write then)."""
        if self._stopped:
            return False
        await self._bot_wide.admit(-TIDY_YIELD)
        return True

    def writable(self, chat_id: int) -> None:
        """Telegram lets the bot write to the chat again (the user pressed Start, the bot was added back)."""
        self._closed.reopen(chat_id)
        chat = self._chats.get(chat_id)
        if chat is not None:  # (a chat with nothing remembered has no write on its way either)
            chat.reopened_at = self._clock()

    def moved(self, chat_id: int, new_chat_id: int) -> None:
        """The group became a supergroup (the bot was told so): its queued writes fail now, as its first
        write refused would fail them, rather than wait out its window (a flood's minute) to be refused. One
        asked for there later is tried: its refusal tells where the group went (an old message's Play again
        opened a lobby in the group)."""
        chat = self._chats.get(chat_id)
        if chat is not None:
            chat.abandon(ChatMoved(chat_id, new_chat_id))

    def screens(self) -> list[tuple[int, int, Render]]:
        """Every message whose last write that landed is known here (its chat, its id, what that write drew):
        those of the chats written to lately. Asked once the pacer is closed (`aclose`): no edit is in flight
        then, and one cut off in flight left its message's unknown (bot.tg.paced_writes)."""
        return [
            (chat_id, message_id, render)
            for chat_id, chat in self._chats.items()
            for message_id, render in chat.on_screen.items()
        ]

    def recall(self, chat_id: int, message_id: int, render: Render) -> None:
        """Start-up: the message showed `render` as the bot last stopped (bot.tg.shown_at_stop)."""
        self._chat(chat_id).shows(message_id, render)

    def forget(self, chat_id: int, message_id: int) -> None:
        """Drop what the pacer remembers of a message."""
        chat = self._chats.get(chat_id)
        if chat is not None:
            chat.on_screen.pop(message_id, None)

    def touch(self, chat_id: int, message_id: int) -> None:
        """Start-up: the message's next edit goes out though it would show the same (Telegram's answer tells
        whether the message is still there), after the chat's other writes, leaving half the chat's burst to
        them: a forum with many playing topics spent its window on these while the first presses' tables
        waited behind them. A change of the message meanwhile (an edit, `revise_edit`) is no touch."""
        chat = self._chat(chat_id)
        shown = chat.on_screen.pop(message_id, None)
        if shown is not None:  # (else its next edit goes anyway, in its turn)
            chat.touched[message_id] = shown

    @property
    def chats_kept(self) -> int:
        """How many chats the pacer remembers (their windows, what their messages show, closed ones): the
        tests' view of its memory staying bounded (tests/tg/test_pacing_memory.py); the bot reads it
        nowhere."""
        return len(self._chats.keys() | self._closed.chat_ids)

    def discard(self, chat_id: int, message_id: int) -> None:
        """The message is about to be deleted: drop its queued edit (if not sent yet) and what is known."""
        self.drop_edit(chat_id, message_id)
        chat = self._chats.get(chat_id)
        if chat is not None:
            chat.on_screen.pop(message_id, None)

    def drop_edit(self, chat_id: int, message_id: int) -> bool:
        """Drop the message's queued edit (if not sent yet); what it shows stays known, so a later edit to
        the same is no write. Whether one was queued."""
        chat = self._chats.get(chat_id)
        job = chat.pending_edits.pop(message_id, None) if chat is not None else None
        if chat is None or job is None:
            return False
        chat.jobs.remove(job)
        return True

    @property
    def idle(self) -> bool:
        return not any(c.running() for c in self._chats.values())

    @property
    def stopped(self) -> bool:
        return self._stopped

    async def drain(self) -> None:
        """Wait until every requested write has been performed (or has failed, or the pacer was stopped)."""
        while tasks := [task for c in self._chats.values() for task in c.running()]:
            await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self) -> None:
        """Shutdown: from now on every write fails at once; queued sends return STOPPING to their callers
        (a handler awaiting one finishes, so PTB's Application.stop does not wait for Telegram's limits)."""
        self._stopped = True
        self._bot_wide.close()
        for chat in self._chats.values():
            chat.abandon(STOPPING)
            if chat.worker is not None:
                chat.worker.cancel()  # a write in flight is resolved with STOPPING by its worker
            if chat.resumer is not None:
                chat.resumer.cancel()

    async def aclose(self) -> None:
        """Stop, and wait until every worker has ended."""
        self.stop()
        await self.drain()

    def _chat(self, chat_id: int) -> PacedChat:
        now = self._clock()
        self._forget_idle(now)
        chat = self._chats.get(chat_id)
        if chat is None:
            # positive ids are users (private chats); groups, supergroups and channels are negative
            group = chat_id < 0
            chat = PacedChat(
                meter=(self._group_limit if group else self._private_limit).meter(),
                share=ReplyShare(self._reply_share, ONE_PERSONS_ANSWERS) if group else None,
            )
            self._chats[chat_id] = chat
        chat.used_at = now
        return chat

    def _forget_idle(self, now: float) -> None:
        """Forget the chats nothing was asked of for CHAT_KEPT_SECONDS (looked for at most that often)."""
        if now - self._swept_at < CHAT_KEPT_SECONDS:
            return
        self._swept_at = now
        for chat_id, chat in list(self._chats.items()):
            idle_since = chat.idle_since(now)
            if idle_since is not None and now - idle_since >= CHAT_KEPT_SECONDS:
                del self._chats[chat_id]
        self._closed.forget_idle(now)

    def _ensure_worker(self, chat_id: int, chat: PacedChat) -> None:
        if chat.nap is not None:
            chat.nap.cancel()  # the write just asked for may be a game's screen, which need not wait
        if chat.worker is None or chat.worker.done():
            chat.worker = asyncio.create_task(self._work(chat_id, chat), name=f"pacer-{chat_id}")

    async def _work(self, chat_id: int, chat: PacedChat) -> None:
        while chat.jobs:
            await self._wait_for_slot(chat)
            index = chat.next_index(self._clock(), chat.turns(self._clock())) if chat.jobs else None
            if index is None:  # its edits were discarded meanwhile, or only held-back new messages wait
                if chat.jobs:
                    self._resume_later(chat_id, chat)
                break
            await self._bot_wide.admit(_head_start(chat_id, chat.jobs[index]))
            job = chat.take(self._clock(), chat.turns(self._clock()))
            if job is None:  # the queue changed while the bot-wide window was waited for
                continue
            try:
                await self._writes.perform(chat_id, chat, job)
            except asyncio.CancelledError:
                if isinstance(job, Send):  # stopped while it was in flight: its caller must not hang
                    job.resolve(STOPPING)
                raise
            except Exception:  # a bug must not kill the chat's worker and strand later writes
                log.exception("paced write to %s failed", chat_id)
                if isinstance(job, Send):
                    job.resolve(Rejected("internal error"))

    def _resume_later(self, chat_id: int, chat: PacedChat) -> None:
        """The worker starts again once Telegram takes new messages here again (`sends_after`)."""
        if chat.resumer is None or chat.resumer.done():
            chat.resumer = asyncio.create_task(self._resume(chat_id, chat), name=f"pacer-resume-{chat_id}")

    async def _resume(self, chat_id: int, chat: PacedChat) -> None:
        await self._sleep(chat.sends_after - self._clock())
        self._ensure_worker(chat_id, chat)

    async def _wait_for_slot(self, chat: PacedChat) -> None:
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

    async def _report(self, undelivered: Undelivered) -> None:
        """A write did not land: logged, and told to the service (a blocked user, a moved group, ...)."""
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
