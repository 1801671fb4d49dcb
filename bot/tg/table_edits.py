"""Group edits that wait a moment for the next change of the same message, so that quick successions (a Wild
and its colour, a draw and its pass, UNO! and the play) cost one edit. The wait is bounded: the first change
starts it and the latest render goes out when it ends, however many changes follow."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Sleep

SETTLE_SECONDS = 1.0
Spawn = Callable[[Coroutine[Any, Any, None]], object]  # runs a coroutine in the background, tracked


class SettlingEdits:
    def __init__(
        self, pacer: WritePacer, sleep: Sleep, spawn: Spawn, seconds: float = SETTLE_SECONDS
    ) -> None:
        self._pacer = pacer
        self._sleep = sleep
        self._spawn = spawn
        self._seconds = seconds
        self._due: dict[tuple[int, int], Callable[[], Render]] = {}

    def later(self, chat_id: int, message_id: int, shown: Callable[[], Render], busy: asyncio.Lock) -> None:
        """Edit the message soon; `shown` renders it when the edit goes out (the latest request wins).
        When the wait ends while `busy` is held (the game's next change is being published), the edit waits
        for it: that change may still ask for a newer render."""
        key = (chat_id, message_id)
        waiting = key in self._due
        self._due[key] = shown
        if not waiting:
            self._spawn(self._after_wait(key, busy))

    def now(self, chat_id: int, message_id: int, shown: Render) -> None:
        """An edit that must not wait (the lobby answering a press); it replaces a waiting one."""
        self._due.pop((chat_id, message_id), None)
        self._pacer.edit(chat_id, message_id, shown)

    def flush(self, chat_id: int) -> None:
        """A new message is about to be sent in the chat: the waiting edits land before it."""
        for key in [key for key in self._due if key[0] == chat_id]:
            self._write(key)

    async def _after_wait(self, key: tuple[int, int], busy: asyncio.Lock) -> None:
        await self._sleep(self._seconds)
        async with busy:
            self._write(key)

    def _write(self, key: tuple[int, int]) -> None:
        shown = self._due.pop(key, None)
        if shown is not None:
            self._pacer.edit(key[0], key[1], shown())
