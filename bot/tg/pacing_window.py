"""Write limits: one per chat (kept by the chat's worker) and one bot-wide gate.

Telegram counts writes per chat (about 20 a minute in a group, about one a second in a private chat after a
short burst) and across the whole bot (about 30 a second). Groups and the bot-wide limit are rolling windows
on Telegram's side, so they are kept as rolling windows here (PTB's AIORateLimiter is a leaky bucket and lets
up to twice its rate through in a rolling window); a private chat behaves like a token bucket.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .send import Sleep


class Meter(Protocol):
    """One chat's (or the bot's) recent writes, measured against its limit."""

    def wait(self, now: float) -> float:
        """Seconds until one more write fits; 0 when it fits now."""
        ...

    def spare_wait(self, now: float) -> float:
        """`wait` for a write that leaves half the burst to the others (start-up's touches): it goes once the
        writes within the window, itself counted, take half the burst at most."""
        ...

    def record(self, now: float) -> None: ...


@dataclass(frozen=True)
class WindowLimit:
    """At most `writes` in any rolling `seconds`. After `burst` writes within the window the rest are spread
    evenly (one per seconds/writes), so a busy chat keeps updating instead of freezing until the window ends.
    """

    writes: int
    seconds: float
    burst: int | None = None  # default: half the window's writes

    @property
    def burst_size(self) -> int:
        return self.writes // 2 if self.burst is None else self.burst

    @property
    def spacing(self) -> float:
        return self.seconds / self.writes

    def meter(self) -> Meter:
        return _WindowMeter(self)


class _WindowMeter:
    def __init__(self, limit: WindowLimit) -> None:
        self._limit = limit
        self._writes: deque[float] = deque()  # their times, oldest first

    def wait(self, now: float) -> float:
        limit, writes = self._limit, self._writes
        while writes and writes[0] <= now - limit.seconds:
            writes.popleft()
        if len(writes) >= limit.writes:
            return writes[0] + limit.seconds - now
        if writes and len(writes) >= limit.burst_size:
            return max(0.0, writes[-1] + limit.spacing - now)
        return 0.0

    def spare_wait(self, now: float) -> float:
        """A group's touches beyond its first 5 go only as writes age out of the window: none while it keeps 5
        writes a minute or more (harmless: a changed render clears the touch, and goes as any write)."""
        wait = self.wait(now)  # (which forgets the writes out of the window)
        over = len(self._writes) - _spared(self._limit.burst_size)
        return wait if over < 0 else max(wait, self._writes[over] + self._limit.seconds - now)

    def record(self, now: float) -> None:
        self._writes.append(now)


@dataclass(frozen=True)
class BurstLimit:
    """Up to `burst` writes at once, then one per `spacing` seconds; the burst comes back as time passes (a
    token bucket, kept as its theoretical arrival time: the GCRA form)."""

    burst: int
    spacing: float

    def meter(self) -> Meter:
        return _BurstMeter(self)


class _BurstMeter:
    def __init__(self, limit: BurstLimit) -> None:
        self._limit = limit
        self._due = -math.inf  # when the bucket would be full again had every write been spaced

    def wait(self, now: float) -> float:
        return max(0.0, self._due - (self._limit.burst - 1) * self._limit.spacing - now)

    def spare_wait(self, now: float) -> float:
        limit = self._limit
        return max(0.0, self._due - (_spared(limit.burst) - 1) * limit.spacing - now)

    def record(self, now: float) -> None:
        self._due = max(self._due, now) + self._limit.spacing


Limit = WindowLimit | BurstLimit


def _spared(burst: int) -> int:
    """How much of a burst the writes that leave half of it to others may take: half, rounded up (one of
    two)."""
    return burst - burst // 2


# Groups: Telegram's 20 a minute, half of them at once, the rest one per 3 s.
GROUP_LIMIT = WindowLimit(20, 60.0)
# What of a group's window answers to commands (and the boards and menus people page) may take, at once if
# asked at once; the rest is kept for the game's screens (table, results, the game's notices), which may use
# the whole window. 8 a minute is one person's whole burst of commands (command_budget), more than a group
# reading rules and boards asks for; the 12 left let a table edited every 5 s go on with no answer ahead of
# it, however many members flood the group. With 12 for answers, four members flooding a quiet group still
# filled its window and held a table edited every 4-6 s for 15-22 s.
GROUP_REPLY_SHARE = WindowLimit(8, 60.0, burst=8)
# Of that share, one person's answers take at most this many while it binds: a member sending 8 commands at
# once took it all, and another's /rules then waited up to a minute. The last two are kept for the others
# (bot.tg.pacing_share), and queued answers go to whoever was given the fewest lately first.
ONE_PERSONS_ANSWERS = 6
# The share binds while a game writes to the group: a screen of it written this long ago at most, or waiting.
# A group with no game going gives answers its whole window (a flurry of /stats after an evening's matches).
GAME_WRITING_SECONDS = 60.0
# Private chats: Telegram (and the fake Bot API) allow a burst of about 3, then one a second. Two at once and
# then one a second keeps a token of that burst in reserve, so jitter between our clock and Telegram's never
# turns a write into a 429; a two-player match (a write to each player per move) keeps up with people.
PRIVATE_LIMIT = BurstLimit(2, 1.0)
# Bot-wide: Telegram's 30 a second, less headroom for network jitter: writes spaced on our clock can arrive
# closer together on Telegram's. Spread evenly after a burst, so no second sees two bursts back to back.
# Every write passes it: sends, edits (settings and stats menus too) and deletes. When the replaced hand's
# delete (about one for every three paced writes) went around it, 25 here overran PTB's AIORateLimiter (30 a
# second, first come first served), which became the real queue: the mover waited ~4.5 s for their hand in
# the 50-game bench at machine speed.
BOT_LIMIT = WindowLimit(27, 1.0)

# When the bot-wide window is full, writes go in the order they were asked for, less a head start by kind.
# A hand edit answers a press (the mover's hand after the move, the card they drew): the person who pressed
# is looking at it, and with no visible change they press again. It goes ahead of everything asked up to
# this much later: under a lasting overload (the whole bench at machine speed) a 2 s head start still left
# the mover waiting ~4.5 s for their hand, and one press in fifteen was a repeat on the unchanged keyboard.
# Hand edits are at most one a move, so they never starve the sends; and under overload the time a game
# waits for its next move is the same either way.
HAND_EDIT_HEAD_START = 10.0
# A send (a hand that notifies the player whose turn begins, a new table, a reply) goes next.
SEND_HEAD_START = 1.0
# A group edit (the table) lets private writes asked for up to this much later go first: the table's
# onlookers can wait a moment, and while the table waits its later renders replace the queued one (a busy
# bot then spends its 30 a second on hands).
GROUP_EDIT_YIELD = 1.0
# A delete (the hand a new one replaced) only tidies the chat: it lets writes asked for up to this much later
# go first.
DELETE_YIELD = 1.0
# A delete of a message that has served its time (a refusal read minutes ago) can wait for ever: it goes after
# every other write, however much later that was asked for.
TIDY_YIELD = math.inf


class BotWideWindow:
    """The gate every chat's worker passes before each write, in order of urgency once the window is full."""

    def __init__(self, limit: Limit, clock: Callable[[], float], sleep: Sleep) -> None:
        self._meter = limit.meter()
        self._clock = clock
        self._sleep = sleep
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._gate: asyncio.Task[None] | None = None

    async def admit(self, head_start: float) -> None:
        """Return when one more write fits in the window (the write is counted). Once it is full, writes go
        in order of the time they were asked for less their `head_start` (seconds; negative: they yield)."""
        now = self._clock()
        if not self._waiting and self._meter.wait(now) <= 0:
            self._meter.record(now)
            return
        turn = asyncio.get_running_loop().create_future()
        rank = now - head_start
        heapq.heappush(self._waiting, (rank, next(self._order), turn))
        if self._gate is None or self._gate.done():
            self._gate = asyncio.create_task(self._open(), name="pacer-bot-wide")
        await turn

    def close(self) -> None:
        """Stop admitting (shutdown); the writers still waiting are the pacer's to resolve."""
        if self._gate is not None:
            self._gate.cancel()
        for _, _, turn in self._waiting:
            turn.cancel()
        self._waiting.clear()

    async def _open(self) -> None:
        while self._waiting:
            wait = self._meter.wait(self._clock())
            if wait > 0:
                await self._sleep(wait)
                continue
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():  # else its worker was stopped meanwhile
                self._meter.record(self._clock())
                turn.set_result(None)
