"""The bot down (stopped, restarted, crashed): nobody could see a table or press, while the games' deadlines,
on the wall clock, ran on. The bot writes down that it runs every ALIVE_SECONDS and as it stops
(bot.storage.last_alive); start-up gives the games the time since, as a long outage's end does
(bot.tg.after_outage), before their timers are armed: a turn has the time it had left when the bot went down.

Read on the wall clock alone (the monotonic one starts anew with each run): a jump of it while the bot was
down counts, as one during an outage does (set back by more than the bot was down, the games' clocks go back
the difference). Not written while an outage holds the games (bot.tg.outages): a restart before its end
gives its time back too; written at once when its end has given it back (`resumed`). As its end begins to
give it back, the outage's beginning is written down (`owing`): a stop or a crash before every game has it
leaves the next start to give it, each game only what it was not given yet (bot.service.time_given_back).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import NamedTuple

from bot.storage import Database
from bot.storage.last_alive import Alive
from bot.tg.outages import LONG_MS, Reach
from bot.tg.scheduler import Scheduler

log = logging.getLogger(__name__)

ALIVE_SECONDS = 5.0
ALIVE_JOB = "alive"


class Down(NamedTuple):
    """How long the bot was down, as the next start reads it (ms)."""

    since: int  # when the last run ended, or the latest a crash can have come
    lost: int  # how long ago (below 0: the clock was set back more than the bot was down)
    longest: int  # how long it may have been down: a crash may have come on the moment written down

    @property
    def long(self) -> bool:
        """Whether the games get `lost` back: the bot was down LONG_MS or more, or may have been. (Judged from
        `lost` alone, a crash just after a write, down 14 s, gave nothing back: 9 s is a short restart.)"""
        return max(abs(self.lost), self.longest) >= LONG_MS

    @property
    def exact(self) -> bool:
        """Whether the bot was down `lost` ms (it stopped), not that or up to ALIVE_SECONDS more (a crash)."""
        return self.longest == self.lost


class Span(NamedTuple):
    """Time an outage's end gives back (`Downtime.owing`)."""

    since: int  # when it began (ms)
    lost: int  # how long it lasted (below 0: the wall clock was set back that much, bot.tg.outages)
    out: frozenset[Reach]  # what was out of reach meanwhile: what the tables tell of (none: a jump)
    # Of `lost`, a set-back of the wall clock after an earlier outage whose time it gives too (ms, below 0;
    # with the time out of reach after the set-back; each set-back since, summed, the one the span began
    # with if it did): the tables tell of the rest, the earlier one's (`out`).
    back: int = 0

    @property
    def gives(self) -> bool:
        """Whether the games get it: it lasted LONG_MS or more (a shorter one cost a turn seconds at most), or
        the clock was set back as much in it."""
        return abs(self.lost) >= LONG_MS or self.back != 0

    @property
    def set_back(self) -> int:
        """How far the wall clock was set back in it (ms, 0 or below): `back`, or all of it when it is a
        set-back alone."""
        return self.back or min(self.lost, 0)


class Downtime:
    def __init__(self, database: Database, clock: Callable[[], int], holding: Callable[[], bool]) -> None:
        """`clock`: the wall clock (ms), the deadlines'; `holding`: whether an outage holds the games."""
        self._db = database
        self._clock = clock
        self._holding = holding
        self._scheduler: Scheduler | None = None
        self._owed_since: int | None = None  # an outage's time not given back to every game yet, from then
        self._owed_out: frozenset[Reach] = frozenset()  # what was out of reach then
        self._owed_back = 0  # the set-backs of the clock in that time (`Span.back`)

    async def last_run(self) -> Down | None:
        """How long the bot was down; None when nothing was written down (a new database, or only an older
        version's)."""
        async with self._db.unit_of_work() as uow:
            alive = await uow.last_alive.get()
        if alive is None:
            return None
        now = self._clock()
        at = round(alive.at.timestamp() * 1000)
        # A crash came up to ALIVE_SECONDS later (no later than now, but for a clock set back meanwhile): a
        # deadline set meanwhile (a move then) is moved too, as only those set by `since` are (GiveTimeBack),
        # at the cost of those few seconds at most.
        latest = at + int(ALIVE_SECONDS * 1000)
        since = at if alive.stopped else latest if now < at else min(latest, now)
        return Down(since, now - since, now - at)

    async def start(self, scheduler: Scheduler) -> None:
        """Write down that the bot runs, now (the games have their time back: a crash soon after must not
        give it again) and every ALIVE_SECONDS."""
        self._scheduler = scheduler
        await self._alive()

    async def owing(self, since: int, lost: int, out: frozenset[Reach]) -> Span:
        """An outage's end is to give back the time from `since` for `lost` ms (below 0: the wall clock set
        back meanwhile, which moves every game's clocks alike), `out` out of reach: what to give.
        From the beginning of an earlier one instead if its give-back was cut short (the database out of reach
        again as it ran) and nothing was written down since, told as what either had out of reach; a set-back
        after it is given with it, in one span from that beginning, its time told as its own (a table read "I
        couldn't reach my game records" for Telegram's 30 s), and each game given both in one write (a crash
        between a set-back and the time owed after it lost that time for the games not reached yet). From a
        long one's beginning (a set-back's too), until `resumed`, the bot counts as stopped (written down
        now): a stop or a crash meanwhile leaves the next start to give it, each game what it did not get
        (`TimeGivenBack.owed`)."""
        if self._owed_since is None:
            # (a short one gives nothing to owe; a set-back's games are set back from `since` on the clock
            # before it, each once: `TimeGivenBack.set_back_at`)
            if abs(lost) >= LONG_MS:
                await self._owe(since, out, min(lost, 0))
            return Span(since, lost, out)
        if lost <= -LONG_MS:  # (the beginning written down stays: the next start gives both from it)
            # a second set-back before every game had the first: the games not reached go back by both
            self._owed_back += lost
        else:
            self._owed_out |= out
        return Span(self._owed_since, since + lost - self._owed_since, self._owed_out, self._owed_back)

    def owes(self) -> bool:
        """Whether an earlier outage's time is still owed to some game (`owing`)."""
        return self._owed_since is not None

    async def resumed(self) -> None:
        """The games have their time back after an outage (or a jump of the wall clock): the bot runs as of
        now, written down at once, though the outage still holds them until this returns (else the moment
        before it stood for up to ALIVE_SECONDS more, and a crash meanwhile gave the time back again). Nothing
        is owed any more, though the write fail: the next outage's end, giving it again from its beginning,
        gave each game the time it ran since it got it (a lobby its idle minutes)."""
        self._owed_since, self._owed_back = None, 0
        await self._write(stopped=False, while_held=True)

    async def stopped(self) -> None:
        """Shutdown: the bot ran until now, but for an outage's time not given back to every game yet."""
        self._scheduler = None
        if self._owed_since is None:
            await self._write(stopped=True)

    async def _owe(self, since: int, out: frozenset[Reach], back: int) -> None:
        """An outage's time owed from `since` (`out` out of reach; `back`: the set-back it is, if one, which a
        second one before every game has it adds to): written down as a stop then, for the next start to
        give."""
        self._owed_since, self._owed_out, self._owed_back = since, out, back
        await self._write(stopped=True, while_held=True, at=since)

    async def _alive(self) -> None:
        await self._write(stopped=False)
        if self._scheduler is not None:
            self._scheduler.call_later(ALIVE_JOB, ALIVE_SECONDS, self._alive)

    async def _write(self, stopped: bool, while_held: bool = False, at: int | None = None) -> None:
        """Not while an outage holds the games (the next start gives its time back too), but `while_held`.
        `at`: the moment written down (ms; None: now); but for it, what an outage's end still owed is no
        longer told (given, or its give-back failed and the bot runs on)."""
        if not while_held and self._holding():
            return
        moment = self._clock() if at is None else at
        try:
            async with self._db.unit_of_work() as uow:
                await uow.last_alive.put(Alive(datetime.fromtimestamp(moment / 1000, UTC), stopped))
        except Exception as error:  # the database out of reach (bot.tg.outages tells of it), or a bug
            log.warning("Could not write down that the bot runs: %s", error)
            return
        if at is None:
            self._owed_since, self._owed_back = None, 0
