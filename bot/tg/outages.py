"""Telegram or the database out of reach. Meanwhile nobody sees the table or can press (Telegram), or nothing
can be saved (the database): no deadline acts and no computer moves (bot.tg.timers asks `holding`), and
what is out of reach is tried every few seconds. Once both are back, `on_over` gives each game the time
lost and runs its timers again (bot.tg.after_outage).

The calls themselves tell: a Bot API call that fails to connect or gets a 5xx (bot.tg.telegram_reach), a unit
of work that cannot reach the database or finds its file locked (bot.storage.unit_of_work); any answer,
any commit, says it is back. An outage lasts from its first failure to the first success of any call after it
(getUpdates and other chats' writes included). A Bot API call may fail for one chat alone (its writes
answered 5xx, slowly, retry after retry, while Telegram answers everything else): the first failure is checked
at once with a call of no chat, so that one chat's trouble ends as a blip, not an outage of its retries'
length.

A jump of the wall clock (a machine resumed from suspend, an NTP correction) moves every deadline's time at
once while the timers (on the monotonic clock) wait as before. Seen at the bot's first reading of the clock
after it (`now`, `timers_wait`), one ahead is an outage nobody saw, its time given back the same way before
any deadline acts on it; one back takes as much away, and moves back every moment kept of each game (its
clock, its idle clocks, a pause, its start: bot.service.reports `_set_back`), every update waiting for it
(`settled`). An outage's length is read on the monotonic clock; a jump during it, or one unseen before its
first failed call, counts in the time given.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from enum import StrEnum
from typing import Any

from bot.tg.background import Spawn
from bot.tg.scheduler import Scheduler

log = logging.getLogger(__name__)

PROBE_SECONDS = 5.0  # while something is out of reach, it is tried this often
PROBE_JOB = "outage-probe"
# From this long, the time lost is given back to the games, their screens redrawn (bot.tg.after_outage).
# A shorter one (one chat's writes failing for their few retries, a blip) gives none: it cost a turn seconds
# at most, and a new deadline costs each group a table edit.
LONG_MS = 10_000


class Reach(StrEnum):
    TELEGRAM = "Telegram"
    DATABASE = "the database"


Probe = Callable[[], Awaitable[object]]
# since (ms), lost (ms), what was out of reach meanwhile: it is back
OnOver = Callable[[int, int, frozenset[Reach]], Coroutine[Any, Any, None]]


class Outages:
    def __init__(self, clock: Callable[[], int], monotonic: Callable[[], int]) -> None:
        """`clock`: the wall clock (ms), which the deadlines are set on; `monotonic`: one that never jumps."""
        self._clock = clock
        self._monotonic = monotonic
        self._looked = (clock(), monotonic())  # both clocks when last read (`timers_wait`)
        self._since: dict[Reach, int] = {}  # what is out of reach, since when (ms)
        self._began: tuple[int, int] | None = None  # when the outage began (both clocks), the first lost
        self._out: set[Reach] = set()  # what was out of reach during it
        self._failed = 0  # when a call last failed (ms, monotonic)
        self._resuming: asyncio.Task[None] | None = None  # the games getting their time back (a long one)
        self._setting_back: asyncio.Task[None] | None = None  # the games' clocks set back (`settled`)
        self._serving: tuple[Scheduler, dict[Reach, Probe], OnOver, Spawn] | None = None
        self._owed: Callable[[], bool] = lambda: False

    def serve(
        self,
        scheduler: Scheduler,
        probes: dict[Reach, Probe],
        on_over: OnOver,
        spawn: Spawn,
        owed: Callable[[], bool],
    ) -> None:
        """Start acting on outages (start-up, once the timers exist); one under way is tried from now.
        `owed`: whether an earlier outage's time is still owed (its end's give-back cut short): the next end,
        however short, gives it (`on_over`), and the deadlines wait for it as for a long one's."""
        self._serving = (scheduler, probes, on_over, spawn)
        self._owed = owed
        if self._since:
            scheduler.call_later(PROBE_JOB, PROBE_SECONDS, self._probe)

    def close(self) -> None:
        """Shutdown (from the start of the stop's grace): stop acting on outages. The last writes may find the
        database back, and resuming the games then would arm their timers on a closed scheduler, and outlive
        the bot, using the database as it closes (the next start tries it anew)."""
        self._serving = None

    @property
    def holding(self) -> bool:
        """Whether deadlines wait: something is out of reach, or the games are getting their time back."""
        return bool(self._since) or (self._resuming is not None and not self._resuming.done())

    def timers_wait(self) -> bool:
        """Whether a timer's job waits (`holding`); a jump of the wall clock since the last look first moves
        the games' deadlines by as much (ahead: the time given back, as a long outage's end does; back: the
        time taken away, or a turn set before would last that much longer), and the job waits for it."""
        self._look(self._clock())
        return self.holding

    def now(self) -> int:
        """The wall clock (ms), the bot's every reading of it: a jump since the last look is seen at once
        (`timers_wait`). Seen by the next timer's job only, a move made after it set back would arm its next
        turn's timer that much later (the jump unseen until then), and a lobby's activity read meanwhile
        would be moved back with the moments kept from before it."""
        now = self._clock()
        self._look(now)
        return now

    async def settled(self) -> None:
        """Read the clock (`now`), and wait while the games' clocks are set back after a jump back: a game
        changed meanwhile, before its turn came, would be set back from the clock as it now reads (a match
        dealt then, its first turn run out two hours ago). An update waits for it before it changes any."""
        self.now()
        task = self._setting_back
        if task is not None and not task.done() and task is not asyncio.current_task():
            await asyncio.wait({task})

    def _look(self, now: int) -> None:
        ticks = self._monotonic()
        jump = (now - self._looked[0]) - (ticks - self._looked[1])
        self._looked = (now, ticks)
        if abs(jump) < LONG_MS:
            return
        log.warning("The clock jumped %.0f s %s", abs(jump) / 1000, "ahead" if jump > 0 else "back")
        # (during an outage, the time its end gives back counts the jump)
        if not self._since and self._serving is not None:
            _, _, on_over, spawn = self._serving
            self._resuming = spawn(self._resume(on_over, now - jump, jump, frozenset()))
            if jump < 0:
                self._setting_back = self._resuming

    def lost(self, reach: Reach) -> None:
        now = self._clock()
        self._failed = self._monotonic()
        if reach in self._since:
            return
        # INFO: a failed call or two is common (the failures themselves are warned of); a long outage is
        # warned of when it ends, with its length.
        log.info("%s is out of reach; the games' deadlines wait until it is back", reach)
        self._since[reach] = now
        self._out.add(reach)
        if self._began is None:
            # On the wall clock as it read at the last look, moved on by the monotonic: a jump not seen yet (a
            # machine resumed from suspend, whose first call fails) counts in the time its end gives back.
            self._began = (self._looked[0] + self._failed - self._looked[1], self._failed)
        if self._serving is not None:
            scheduler, _, _, spawn = self._serving
            scheduler.call_later(PROBE_JOB, PROBE_SECONDS, self._probe)
            if reach is Reach.TELEGRAM:  # (a database has no part of its own that could fail alone)
                spawn(self._try(reach))

    def reached(self, reach: Reach) -> None:
        if reach not in self._since:
            return
        self._look(self._clock())  # a jump not seen yet: the outage's length counts it, not its next look too
        del self._since[reach]
        if self._since:
            return
        began, self._began = self._began, None
        out, self._out = frozenset(self._out), set()
        if self._serving is None or began is None:
            return
        scheduler, _, on_over, spawn = self._serving
        scheduler.cancel(PROBE_JOB)
        # It lasted until the last call that failed at least, and no longer than the next probe after it:
        # with no call meanwhile, one failed write would otherwise make the next one, much later, its end.
        ticks = self._monotonic()
        lasted = min(ticks, self._failed + int(PROBE_SECONDS * 1000)) - began[1]
        log.log(
            logging.WARNING if lasted >= LONG_MS else logging.INFO,
            "%s is back after %.1f s",
            reach,
            lasted / 1000,
        )
        # The deadlines are on the wall clock: its jumps meanwhile (logged as seen) count in the time given.
        jumped = (self._clock() - began[0]) - (ticks - began[1])
        lost = lasted + jumped
        owed = self._owed()  # (before `on_over` runs: it gives what is owed)
        resuming = spawn(self._resume(on_over, began[0], lost, out))
        # The deadlines wait until their time is given back; a short one gives none, but what is owed.
        if abs(lost) >= LONG_MS or owed:
            self._resuming = resuming
            if lost <= -LONG_MS:  # set back by more than the outage lasted: as a jump back (`_look`)
                self._setting_back = resuming

    async def _resume(self, on_over: OnOver, began: int, lost: int, out: frozenset[Reach]) -> None:
        try:
            await on_over(began, lost, out)
        except Exception:  # out of reach again meanwhile (its end runs it again), or a bug
            log.exception("resuming the games after the outage failed")

    async def _probe(self) -> None:
        """Try what is out of reach: the call itself tells whether it is back."""
        if self._serving is None:
            return
        scheduler = self._serving[0]
        for reach in list(self._since):
            await self._try(reach)
        if self._since:
            scheduler.call_later(PROBE_JOB, PROBE_SECONDS, self._probe)
        elif self._resuming is not None:  # a job, done once the games' jobs are armed again
            await asyncio.wait({self._resuming})

    async def _try(self, reach: Reach) -> None:
        if self._serving is None:
            return
        try:
            await self._serving[1][reach]()
        except Exception as error:  # what a call out of reach raises is many things; it says lost
            log.debug("%s still out of reach: %s", reach, error)
