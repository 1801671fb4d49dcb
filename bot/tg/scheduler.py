"""Jobs run later by name, one of a name at a time (a game's deadline, its computer's move, a fleeting
notice's end, an outage's probe, the old logs' sweep): the `Scheduler` the bot's timed parts share, and the
one that runs them on the event loop's own timers; tests pass one on virtual time."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

from bot.tg.background import Spawn

Callback = Callable[[], Coroutine[Any, Any, None]]


class Scheduler(Protocol):
    def call_later(self, name: str, delay: float, callback: Callback) -> None:
        """Run `callback` after `delay` seconds, replacing any job of the same name."""

    def cancel(self, name: str) -> None: ...

    def close(self) -> None:
        """Shutdown: cancel every job."""


class LoopScheduler:
    """Jobs as the event loop's own timers, kept by name. Every move re-arms its game's jobs: a timer handle
    is freed as soon as it is replaced, where a JobQueue job and its APScheduler twin referred to each other
    and piled up until a full garbage collection (which then stopped the loop for 100-200 ms at 50 games)."""

    def __init__(self, spawn: Spawn) -> None:
        self._spawn = spawn
        self._jobs: dict[str, asyncio.TimerHandle] = {}

    def call_later(self, name: str, delay: float, callback: Callback) -> None:
        self.cancel(name)
        self._jobs[name] = asyncio.get_running_loop().call_later(max(0.0, delay), self._fire, name, callback)

    def _fire(self, name: str, callback: Callback) -> None:
        del self._jobs[name]
        self._spawn(callback())

    def cancel(self, name: str) -> None:
        job = self._jobs.pop(name, None)
        if job is not None:
            job.cancel()

    def close(self) -> None:
        """Shutdown: no job fires any more (the next start re-arms every game)."""
        for name in list(self._jobs):
            self.cancel(name)
