"""Virtual time for tests: the clock moves only when a test moves it, and `sleep` waits for virtual time.

`sleep` (a drop-in for asyncio.sleep) parks the caller until the clock reaches its deadline. Tests move time
with `advance` (jump), `pass_time` (let `seconds` pass, waking every sleeper in deadline order and letting the
woken tasks run), or `run` (await something, jumping to the next deadline whenever everything is idle).
`jump` moves the wall clock alone (NTP, a machine resumed from suspend): `monotonic` does not follow it.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")
_IDLE_ROUNDS = 50  # event-loop turns that let in-process HTTP calls (ASGI transport) finish


async def _let_tasks_run() -> None:
    for _ in range(_IDLE_ROUNDS):
        await asyncio.sleep(0)


class FakeClock:
    def __init__(self, start: float = 1_767_225_600.0) -> None:
        self.now = start
        self._jumped = 0.0  # how far `jump` moved the wall clock (not `monotonic`)
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    def __call__(self) -> float:
        return self.now

    def monotonic(self) -> float:
        """What `time.monotonic` (and the event loop's timers) read: the wall clock less its jumps."""
        return self.now - self._jumped

    def advance(self, seconds: float) -> None:
        self._move_to(self.now + seconds)

    def jump(self, seconds: float) -> None:
        """The wall clock moves by `seconds` (either way) while no time passes: sleepers wait as long as they
        did (asyncio.sleep waits on the monotonic clock)."""
        self.now += seconds
        self._jumped += seconds
        self._sleepers = [(deadline + seconds, order, wake) for deadline, order, wake in self._sleepers]

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        wake = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), wake))
        await wake

    async def pass_time(self, seconds: float) -> None:
        """Let `seconds` of virtual time pass, running every task that wakes up meanwhile."""
        target = self.now + seconds
        while True:
            await _let_tasks_run()
            deadline = self._next_deadline()
            if deadline is None or deadline > target:
                break
            self._move_to(deadline)
        self._move_to(target)
        await _let_tasks_run()

    async def run(self, awaitable: Awaitable[T]) -> T:
        """Await `awaitable`, letting virtual time jump ahead whenever nothing else can happen."""
        task = asyncio.ensure_future(awaitable)
        while not task.done():
            await _let_tasks_run()
            if task.done():
                break
            deadline = self._next_deadline()
            # Waiting on something real (a socket, a database thread, a timer of the event loop's own such
            # as a rate limiter's bucket): give it real time.
            if deadline is None:
                await asyncio.wait({task}, timeout=0.05)
            else:
                self._move_to(deadline)
        return task.result()

    def _next_deadline(self) -> float | None:
        while self._sleepers and self._sleepers[0][2].done():  # cancelled sleepers
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    def _move_to(self, moment: float) -> None:
        self.now = max(self.now, moment)
        while self._sleepers and self._sleepers[0][0] <= self.now:
            _, _, wake = heapq.heappop(self._sleepers)
            if not wake.done():
                wake.set_result(None)
