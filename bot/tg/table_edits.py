"""Group edits that wait a moment for the next change of the same message, so that quick successions (a Wild
and its colour, a draw and its pass, UNO! and the play) cost one edit. The wait is bounded: the first change
starts it and the latest render goes out when it ends, however many changes follow; a change that asks for a
shorter wait brings the edit forward. A change while an edit of the message waits for the group's window is
taken into that edit: it goes out as late as it would have, and no second edit follows it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.tg.background import Spawn
from bot.tg.pacing import Landed, Render, WritePacer
from bot.tg.send import Sleep

# A group may take about 20 writes a minute, one per 3 s: a table edit waits that long for the next change,
# so a lively game spends its budget on states that last, not on one gone a second later.
SETTLE_SECONDS = 3.0
# The player who acted is still deciding their turn (they drew, or chose a black card and not yet its
# colour): the group learns nothing it can act on, so the table waits for the turn to pass, this long at most.
HOLD_SECONDS = 5.0
EARLY = 0.001  # a timer may fire this much before its deadline on the clock


@dataclass
class _Due:
    shown: Callable[[], Render]
    at: float  # when the edit goes out


class SettlingEdits:
    def __init__(
        self,
        pacer: WritePacer,
        clock: Callable[[], float],
        sleep: Sleep,
        spawn: Spawn,
        seconds: float = SETTLE_SECONDS,
    ) -> None:
        self._pacer = pacer
        self._clock = clock
        self._sleep = sleep
        self._spawn = spawn
        self._seconds = seconds
        self._due: dict[tuple[int, int], _Due] = {}

    def later(
        self,
        chat_id: int,
        message_id: int,
        shown: Callable[[], Render],
        busy: asyncio.Lock,
        wait: float | None = None,
    ) -> None:
        """Edit the message within `wait` seconds (default: the settle time); `shown` renders it when the edit
        goes out (the latest request wins). When the wait ends while `busy` is held (the game's next change is
        being published), the edit waits for it: that change may still ask for a newer render."""
        key = (chat_id, message_id)
        due = self._due.get(key)
        if due is None and self._pacer.revise_edit(chat_id, message_id, shown):
            return  # an edit of it waits for the group's window: it goes out showing this, none after it
        at = self._clock() + (self._seconds if wait is None else wait)
        self._due[key] = _Due(shown, at if due is None else min(at, due.at))
        if due is None or at < due.at:
            self._spawn(self._after_wait(key, at, busy))

    def now(
        self,
        chat_id: int,
        message_id: int,
        shown: Render,
        landed: Landed | None = None,
        redraw: Callable[[], Render] | None = None,
        urgent: bool = False,
    ) -> None:
        """An edit that must not wait (the lobby answering a press); it replaces a waiting one. `landed`,
        `redraw` and `urgent`: as for WritePacer.edit."""
        self._due.pop((chat_id, message_id), None)
        self._pacer.edit(chat_id, message_id, shown, landed, redraw, urgent=urgent)

    def discard(self, chat_id: int, message_id: int) -> None:
        """The message is about to be deleted: no edit of it is waiting any more."""
        self._due.pop((chat_id, message_id), None)
        self._pacer.discard(chat_id, message_id)

    def drop(self, chat_id: int, message_id: int) -> bool:
        """The message may be deleted soon (a new one is on its way): no edit of it waits any more, and what
        it shows stays known, should it stay (an edit to the same is no write then). Whether one waited."""
        settling = self._due.pop((chat_id, message_id), None) is not None
        return self._pacer.drop_edit(chat_id, message_id) or settling

    def flush(self, chat_id: int) -> None:
        """A new message is about to be sent in the chat: the waiting edits land before it."""
        for key in [key for key in self._due if key[0] == chat_id]:
            self._write(key)

    async def _after_wait(self, key: tuple[int, int], at: float, busy: asyncio.Lock) -> None:
        while True:
            await self._sleep(max(0.0, at - self._clock()))
            async with busy:
                due = self._due.get(key)
                if due is None or due.at != at:
                    return  # written already, or brought forward: another waiter has it
                if at <= self._clock() + EARLY:
                    self._write(key)
                    return

    def _write(self, key: tuple[int, int]) -> None:
        due = self._due.pop(key, None)
        if due is not None:
            self._pacer.edit(key[0], key[1], due.shown(), redraw=due.shown)  # the time left when it goes out
