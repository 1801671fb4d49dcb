"""One asyncio.Lock per game inside the process; forgotten when nobody holds or waits for it."""

from __future__ import annotations

import asyncio
from weakref import WeakValueDictionary


class GameLocks:
    def __init__(self) -> None:
        self._locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()

    def __call__(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock
