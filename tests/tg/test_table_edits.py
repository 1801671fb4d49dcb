"""Table edits wait for the next change: 1 s by default, longer while the same player decides, and a change
that asks for less brings the edit forward. On virtual time, through the pacer, against the fake Bot API."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from bot.tg.pacing import Render, WritePacer
from bot.tg.table_edits import HOLD_SECONDS, SETTLE_SECONDS, SettlingEdits
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.tg.test_pacing import send_table


def _edits(fake: FakeTelegram, chat_id: int, since: float) -> list[tuple[float, str | None]]:
    return [
        (c.time - since, c.params.get("text"))
        for c in fake.calls
        if c.method == "editMessageText" and int(c.params["chat_id"]) == chat_id and c.time >= since
    ]


async def _settling(pacer: WritePacer, clock: FakeClock) -> tuple[SettlingEdits, list[asyncio.Task[None]]]:
    tasks: list[asyncio.Task[None]] = []

    def spawn(coroutine: Coroutine[Any, Any, None]) -> None:
        tasks.append(asyncio.ensure_future(coroutine))

    return SettlingEdits(pacer, clock, clock.sleep, spawn), tasks


async def test_a_held_edit_is_brought_forward_by_a_change_that_cannot_wait(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")
    edits, tasks = await _settling(pacer, clock)
    busy = asyncio.Lock()
    start = clock.now

    edits.later(group.id, table, lambda: Render("Alice drew a card"), busy, wait=HOLD_SECONDS)
    await clock.pass_time(3)
    edits.later(group.id, table, lambda: Render("Alice passed; Bob's turn"), busy)
    await clock.pass_time(HOLD_SECONDS)
    await clock.run(asyncio.gather(*tasks))
    await clock.run(pacer.drain())

    assert _edits(fake, group.id, start) == [(3 + SETTLE_SECONDS, "Alice passed; Bob's turn")]


async def test_a_held_edit_goes_out_when_the_hold_ends_and_a_later_change_waits_on_its_own(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await send_table(pacer, group, "table")
    edits, tasks = await _settling(pacer, clock)
    busy = asyncio.Lock()
    start = clock.now

    edits.later(group.id, table, lambda: Render("Alice drew a card"), busy, wait=HOLD_SECONDS)
    await clock.pass_time(HOLD_SECONDS + 1)
    edits.later(group.id, table, lambda: Render("Alice passed; Bob's turn"), busy)
    await clock.pass_time(SETTLE_SECONDS)
    await clock.run(asyncio.gather(*tasks))
    await clock.run(pacer.drain())

    assert _edits(fake, group.id, start) == [
        (HOLD_SECONDS, "Alice drew a card"),
        (HOLD_SECONDS + 1 + SETTLE_SECONDS, "Alice passed; Bob's turn"),
    ]
