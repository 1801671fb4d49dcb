"""A chat's queue of paced writes, and the order they leave it in: the order they were asked for, except that
a game's screens go ahead of replies to commands queued before them (each reply passed over at most
REPLY_PASSES times in a row, so that a group flooding the bot with commands still sees its game move, and the
replies keep a share of its writes), and while replies may not go (they have had their share of the chat's
window: see WritePacer) the game's screens go without them. A reply equal to one still waiting (the same
text, buttons, topic and quoted message) is answered by that one. While Telegram holds the chat's new messages
back (a supergroup's slow mode), its edits go ahead of them."""

from __future__ import annotations

import asyncio
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import InlineKeyboardMarkup

from .send import Outcome


@dataclass(frozen=True)
class Render:
    """What one message should show (Telegram HTML)."""

    text: str
    reply_markup: InlineKeyboardMarkup | None = None


Landed = Callable[[], None]  # told when an edit is on screen


def tell(landed: list[Landed]) -> None:
    """The edit (or a later render of its message) is on screen."""
    for callback in landed:
        callback()


# A reply to a command waiting first in its chat's queue lets this many game screens go ahead, in a row: with
# 20 writes a minute in a group, replies keep a third of a saturated group's writes.
REPLY_PASSES = 2


@dataclass(eq=False)
class Edit:
    message_id: int
    render: Render
    failures: int = 0
    landed: list[Landed] = field(default_factory=list)  # of this render or an earlier one it replaced
    redraw: Callable[[], Render] | None = None  # renders it anew when it goes out
    reply: bool = False  # a board or menu someone pages (paced as replies are), not a game's screen


@dataclass(eq=False)
class Send:
    render: Render
    thread_id: int | None
    results: list[asyncio.Future[Outcome]]  # its caller's, and those of equal replies queued while it waited
    reply_to: int | None = None
    failures: int = 0
    reply: bool = False  # an answer to a command, which a game's screens may go ahead of
    redraw: Callable[[], Render] | None = None  # renders it anew when it goes out
    silent: bool = False  # members' phones show it without a sound (a reply always is)

    def answers(self, render: Render, thread_id: int | None, reply_to: int | None) -> bool:
        """Whether this reply, sent, would say exactly what another reply asked for would."""
        return self.reply and (self.render, self.thread_id, self.reply_to) == (render, thread_id, reply_to)

    def resolve(self, outcome: Outcome) -> None:
        for result in self.results:
            if not result.done():  # the caller may have given up waiting (its task was cancelled)
                result.set_result(outcome)


Job = Edit | Send


@dataclass(kw_only=True)
class ChatQueue:
    jobs: deque[Job] = field(default_factory=deque)
    reply_passed: int = 0  # how many writes in a row went ahead of the reply first in `jobs`
    pending_edits: dict[int, Edit] = field(default_factory=dict)  # by message: the edit waiting in `jobs`
    sends_after: float = -math.inf  # until then Telegram refuses new messages here (429), not edits

    def next_index(self, now: float, replies: bool = True) -> int | None:
        """Where in the queue the next write is: first in line, unless that is a reply to a command that has
        not been passed over REPLY_PASSES times in a row yet and a game's screen waits behind it. While new
        messages are held back: the first edit; without `replies` (none may go now): the first game's
        screen. None when there is none."""
        if now < self.sends_after:
            edits = (index for index, job in enumerate(self.jobs) if isinstance(job, Edit))
            return next((index for index in edits if replies or not self.jobs[index].reply), None)
        screen = next((index for index, job in enumerate(self.jobs) if not job.reply), None)
        if not replies:
            return screen
        if not self.jobs[0].reply or self.reply_passed >= REPLY_PASSES or screen is None:
            return 0
        return screen

    def take(self, now: float, replies: bool = True) -> Job | None:
        """The next write, out of the queue (None: only new messages wait, held back, or only replies and
        none may go)."""
        index = self.next_index(now, replies) if self.jobs else None
        if index is None:
            return None
        job = self.jobs[index]
        del self.jobs[index]
        self.reply_passed = self.reply_passed + 1 if index else 0
        return job

    def waiting_reply(self, render: Render, thread_id: int | None, reply_to: int | None) -> Send | None:
        """A reply still queued that says what this one would."""
        return next(
            (job for job in self.jobs if isinstance(job, Send) and job.answers(render, thread_id, reply_to)),
            None,
        )

    def waiting_send(self, result: asyncio.Future[Outcome]) -> Send | None:
        """The new message still queued whose outcome `result` tells."""
        return next((job for job in self.jobs if isinstance(job, Send) and result in job.results), None)

    def abandon(self, outcome: Outcome) -> None:
        """Nothing more can land in this chat: fail the queued sends with `outcome`, drop the edits."""
        for job in self.jobs:
            if isinstance(job, Send):
                job.resolve(outcome)
        self.jobs.clear()
        self.pending_edits.clear()
