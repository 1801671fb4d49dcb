"""A controllable clock for tests: time moves only when a test (or a fake sleep) moves it."""

from __future__ import annotations

import asyncio


class FakeClock:
    def __init__(self, start: float = 1_767_225_600.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        """A drop-in for asyncio.sleep that advances this clock instead of waiting."""
        self.advance(max(0.0, seconds))
        await asyncio.sleep(0)
