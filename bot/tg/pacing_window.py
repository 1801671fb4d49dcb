"""Rolling-window write limits: one per chat (kept by the chat's worker) and one bot-wide gate.

Telegram counts writes per chat (about 20 a minute in a group, about one a second in a private chat after a
short burst) and across the whole bot (about 30 a second). Both are rolling windows on Telegram's side, so
both are kept as rolling windows here; PTB's AIORateLimiter is a leaky bucket and lets up to twice its rate
through in a rolling second.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .send import Sleep


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

    def wait(self, writes: deque[float], now: float) -> float:
        """Seconds until one more write fits among `writes` (their times, oldest first); 0 when it fits now.
        Forgets the writes that have left the window."""
        while writes and writes[0] <= now - self.seconds:
            writes.popleft()
        if len(writes) >= self.writes:
            return writes[0] + self.seconds - now
        if writes and len(writes) >= self.burst_size:
            return max(0.0, writes[-1] + self.spacing - now)
        return 0.0


# Groups: Telegram's 20 a minute, half of them at once, the rest one per 3 s.
GROUP_LIMIT = WindowLimit(20, 60.0)
# Private chats: Telegram (and the fake Bot API) allow a burst of about 3, then one a second. Two at once and
# then one a second keeps a token of that burst in reserve, so jitter between our clock and Telegram's never
# turns the third write into a 429; a two-player match (a write to each player per move) keeps up with people.
PRIVATE_LIMIT = WindowLimit(3, 3.0, burst=2)
# Bot-wide: Telegram's 30 a second, less headroom for the writes that do not pass the pacer (settings and
# stats menus, limited by AIORateLimiter) and for network jitter: writes spaced on our clock can arrive closer
# together on Telegram's. Spread evenly after a burst, so no second sees two bursts back to back.
BOT_LIMIT = WindowLimit(25, 1.0, burst=10)

# When the bot-wide window is full, a send (a hand that notifies the player whose turn begins, a new table, a
# reply) goes ahead of edits that have waited less than this: an edit can wait, and while it waits later
# renders of the same message replace it, so fewer writes are needed. Older edits keep their turn.
SEND_HEAD_START = 1.0


class BotWideWindow:
    """The gate every chat's worker passes before each write, in order of urgency once the window is full."""

    def __init__(self, limit: WindowLimit, clock: Callable[[], float], sleep: Sleep) -> None:
        self._limit = limit
        self._clock = clock
        self._sleep = sleep
        self._writes: deque[float] = deque()
        self._waiting: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._gate: asyncio.Task[None] | None = None

    async def admit(self, send: bool) -> None:
        """Return when one more write fits in the window (the write is counted)."""
        now = self._clock()
        if not self._waiting and self._limit.wait(self._writes, now) <= 0:
            self._writes.append(now)
            return
        turn = asyncio.get_running_loop().create_future()
        rank = now - SEND_HEAD_START if send else now
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
            wait = self._limit.wait(self._writes, self._clock())
            if wait > 0:
                await self._sleep(wait)
                continue
            _, _, turn = heapq.heappop(self._waiting)
            if not turn.done():  # else its worker was stopped meanwhile
                self._writes.append(self._clock())
                turn.set_result(None)
