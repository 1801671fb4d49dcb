"""A chat's queue of paced writes, and the order they leave it in: the order they were asked for, except that
a table whose buttons changed meaning (a window opened or closed), and a match's first table, go ahead of the
other screens (a forum's topics share one window: a Catch! whose window closed stayed seconds behind their
moves; a lobby's joins had filled the group's window, and the table stayed seconds behind the first mover's
"your turn" ping, behind the lobby's own last edit too), start-up's touches (edits of screens that would
show the same) go after every other write, and take half the burst at most (pacing_chat: a forum with many
playing topics spent its window on them while the first presses' tables waited), a game's screens go
ahead of replies to commands queued before them (the replies passed over at most REPLY_PASSES times in a row,
so that a group flooding the bot with commands still sees its game move, and the replies keep a share of its
writes), the replies' turn goes to whoever was given the fewest answers lately (their own in the order asked),
and while someone's replies may not go (they have had their share of the chat's window: see pacing_share) the
others' writes go without them. A reply equal to one still waiting (the same text, buttons, topic and quoted
message) is answered by that one. While Telegram holds the chat's new messages back (a supergroup's slow
mode), its edits go ahead of them."""

from __future__ import annotations

import asyncio
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import InlineKeyboardMarkup

from .pacing_share import Asker
from .send import Outcome


@dataclass(frozen=True)
class Render:
    """What one message should show (Telegram HTML)."""

    text: str
    reply_markup: InlineKeyboardMarkup | None = None


Landed = Callable[[], None]  # told when an edit is on screen
# For a reply's asker: how many answers they were given lately (the fewest go first); None while theirs may
# not go.
Turns = Callable[[Asker], int | None]


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
    asker: Asker = None  # the reply's: who paged it
    urgent: bool = False  # a table whose buttons changed meaning: it goes ahead of the chat's other screens
    touch: bool = False  # start-up's, of a screen that would show the same: it goes after the chat's others


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
    asker: Asker = None  # the reply's: who sent the command (a lobby's: who opened it)
    also_asked: list[Asker] = field(default_factory=list)  # the askers of equal replies queued meanwhile
    urgent: bool = False  # a match's first table: it goes ahead of the chat's other screens

    @property
    def askers(self) -> tuple[int, ...]:
        """Whom it answers: its asker, and those of the equal replies it answers too."""
        return tuple(asker for asker in (self.asker, *self.also_asked) if asker is not None)

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
    reply_passed: int = 0  # how many writes in a row went ahead of the replies queued before them
    pending_edits: dict[int, Edit] = field(default_factory=dict)  # by message: the edit waiting in `jobs`
    # by message: what it showed as the bot last stopped; an edit to the same is a touch (WritePacer.touch)
    touched: dict[int, Render] = field(default_factory=dict)
    sends_after: float = -math.inf  # until then Telegram refuses new messages here (429), not edits

    def next_index(self, now: float, turns: Turns) -> int | None:
        """Where in the queue the next write is: the first game's screen (an urgent one first), unless a
        reply was asked for before it and the replies have been passed over REPLY_PASSES times in a row (or
        no screen waits): then the reply whose turn it is; a touch when nothing else may go. While new
        messages are held back, edits only. None when none may go."""
        held_back = now < self.sends_after
        ready = [index for index, job in enumerate(self.jobs) if isinstance(job, Edit) or not held_back]
        screens = [index for index in ready if not self.jobs[index].reply]
        urgent = (index for index in screens if self.jobs[index].urgent)
        news = (index for index in screens if not is_touch(self.jobs[index]))
        screen = next(urgent, next(news, None))
        replies = [
            (given, index)
            for index in ready
            if self.jobs[index].reply and (given := turns(self.jobs[index].asker)) is not None
        ]
        if not replies:
            touch = screens[0] if screens else None  # (none but touches left when no screen was found)
            return touch if screen is None else screen
        first_asked = min(index for _, index in replies)
        if screen is None or (first_asked < screen and self.reply_passed >= REPLY_PASSES):
            return min(replies)[1]
        return screen

    def take(self, now: float, turns: Turns) -> Job | None:
        """The next write, out of the queue (None: only new messages wait, held back, or only replies none of
        which may go)."""
        index = self.next_index(now, turns) if self.jobs else None
        if index is None:
            return None
        job = self.jobs[index]
        passed = not job.reply and any(self.jobs[ahead].reply for ahead in range(index))
        del self.jobs[index]
        self.reply_passed = self.reply_passed + 1 if passed else 0
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


def is_touch(job: Job) -> bool:
    """Whether the write is start-up's touch (`Edit.touch`)."""
    return isinstance(job, Edit) and job.touch
