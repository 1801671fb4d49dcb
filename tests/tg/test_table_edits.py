"""Table edits wait for the next change: 1 s by default, longer while the same player decides, and a change
that asks for less brings the edit forward. On virtual time, through the pacer, against the fake Bot API."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_window import GROUP_LIMIT
from bot.tg.table_edits import HOLD_SECONDS, SETTLE_SECONDS, SettlingEdits
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.tg.pacing_checks import send_table


def _edits(fake: FakeTelegram, chat_id: int, since: float) -> list[tuple[float, str | None]]:
    return [
        (c.time - since, c.params.get("text"))
        for c in fake.calls
        if c.method == "editMessageText" and int(c.params["chat_id"]) == chat_id and c.time >= since
    ]


@dataclass
class Table:
    """A group's table message and its settling edits, on virtual time."""

    pacer: WritePacer
    fake: FakeTelegram
    clock: FakeClock
    chat_id: int = 0
    message_id: int = 0
    start: float = 0.0
    edits: SettlingEdits | None = None
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    busy: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def open(self) -> Table:
        group = self.fake.add_group("Friends", members=[self.fake.add_user("Alice")])
        self.chat_id, self.message_id = group.id, await send_table(self.pacer, group, "table")
        self.edits = SettlingEdits(self.pacer, self.clock, self.clock.sleep, self._spawn)
        self.start = self.clock.now
        return self

    def change(self, text: str, wait: float | None = None) -> None:
        assert self.edits is not None
        self.edits.later(self.chat_id, self.message_id, lambda: Render(text), self.busy, wait)

    async def written(self) -> list[tuple[float, str | None]]:
        await self.clock.run(asyncio.gather(*self.tasks))
        await self.clock.run(self.pacer.drain())
        return _edits(self.fake, self.chat_id, self.start)

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(asyncio.ensure_future(coroutine))


async def test_a_held_edit_is_brought_forward_by_a_change_that_cannot_wait(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    table = await Table(pacer, fake, clock).open()

    table.change("Alice drew a card", wait=HOLD_SECONDS)
    await clock.pass_time(1)
    table.change("Alice passed; Bob's turn")
    await clock.pass_time(HOLD_SECONDS)

    assert 1 + SETTLE_SECONDS < HOLD_SECONDS
    assert await table.written() == [(1 + SETTLE_SECONDS, "Alice passed; Bob's turn")]


async def test_a_held_edit_goes_out_when_the_hold_ends_and_a_later_change_waits_on_its_own(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    table = await Table(pacer, fake, clock).open()

    table.change("Alice drew a card", wait=HOLD_SECONDS)
    await clock.pass_time(HOLD_SECONDS + 1)
    table.change("Alice passed; Bob's turn")
    await clock.pass_time(SETTLE_SECONDS)

    assert await table.written() == [
        (HOLD_SECONDS, "Alice drew a card"),
        (HOLD_SECONDS + 1 + SETTLE_SECONDS, "Alice passed; Bob's turn"),
    ]


async def test_a_change_after_a_brought_forward_edit_settles_for_its_whole_time(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The held edit's own wait, ended by the one brought forward, does not cut the next change's short."""
    table = await Table(pacer, fake, clock).open()

    table.change("Alice drew a card", wait=HOLD_SECONDS)
    await clock.pass_time(1)
    table.change("Alice passed; Bob's turn")
    await clock.pass_time(SETTLE_SECONDS + 0.5)  # written, and the held one's wait not over yet
    table.change("Bob played; Carol's turn")
    await clock.pass_time(SETTLE_SECONDS)

    assert await table.written() == [
        (1 + SETTLE_SECONDS, "Alice passed; Bob's turn"),
        (1 + 2 * SETTLE_SECONDS + 0.5, "Bob played; Carol's turn"),
    ]


async def test_an_edit_that_must_not_wait_replaces_the_one_settling(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """What a settling edit shows was drawn at its change: once an edit that cannot wait has shown a later
    state, the settling one must not follow it and put the table back."""
    table = await Table(pacer, fake, clock).open()
    assert table.edits is not None

    table.change("Alice played")
    await clock.pass_time(1)
    table.edits.now(table.chat_id, table.message_id, Render("Bob's turn: 10 s left"))
    await clock.pass_time(SETTLE_SECONDS)

    assert await table.written() == [(1, "Bob's turn: 10 s left")]


async def test_an_edit_that_waited_for_the_groups_window_is_drawn_as_it_goes_out(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The table shows a turn's time left: drawn when its settling ended, it would be stale by the time the
    full window let it go."""
    table = await Table(pacer, fake, clock).open()
    assert table.edits is not None
    for n in range(GROUP_LIMIT.writes - 1):  # the group's window, full with the table (paced: 27 s)
        await send_table(pacer, fake.chats[table.chat_id], f"notice {n}")

    def shown() -> Render:
        return Render(f"drawn at {clock.now - table.start:g} s")

    table.edits.later(table.chat_id, table.message_id, shown, table.busy)

    assert await table.written() == [(GROUP_LIMIT.seconds, f"drawn at {GROUP_LIMIT.seconds:g} s")]


async def test_a_change_that_would_hold_the_edit_longer_does_not_put_off_one_already_settling(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The wait is bounded from the first change: Bob's play settles for SETTLE_SECONDS, and Alice drawing
    a card a moment later (a change that would hold the table longer) goes out with it, no later."""
    table = await Table(pacer, fake, clock).open()

    table.change("Bob played; Alice's turn")
    await clock.pass_time(1)
    table.change("Alice drew a card", wait=HOLD_SECONDS)
    await clock.pass_time(HOLD_SECONDS)

    assert await table.written() == [(SETTLE_SECONDS, "Alice drew a card")]


async def test_a_change_while_the_edit_waits_for_the_groups_window_goes_out_in_that_edit(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The group's window is full: the table's edit waits for it, and a change just before it opens is
    taken into that edit, with no second edit settling after it."""
    table = await Table(pacer, fake, clock).open()
    for n in range(GROUP_LIMIT.writes - 1):  # the group's window, full with the table (paced: 27 s)
        await send_table(pacer, fake.chats[table.chat_id], f"notice {n}")

    table.change("Alice played")
    await clock.pass_time(table.start + GROUP_LIMIT.seconds - 1 - clock.now)
    table.change("Bob played")

    assert await table.written() == [(GROUP_LIMIT.seconds, "Bob played")]


async def test_a_discarded_table_gets_no_settling_edit(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The table is about to be deleted (posted anew below): the edit settling for it is dropped, not sent
    to a message that is gone."""
    table = await Table(pacer, fake, clock).open()
    assert table.edits is not None

    table.change("Alice played")
    table.edits.discard(table.chat_id, table.message_id)
    await clock.pass_time(SETTLE_SECONDS)

    assert await table.written() == []


async def test_an_edit_due_while_the_game_publishes_its_next_change_waits_and_shows_it(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """The settling ended while the game was publishing Bob's draw (its lock held): the edit goes once that
    is done, showing it, with no second edit settling after it."""
    table = await Table(pacer, fake, clock).open()

    table.change("Alice played")
    await clock.pass_time(SETTLE_SECONDS - 1)
    await table.busy.acquire()
    await clock.pass_time(2)
    table.change("Alice played; Bob drew")
    table.busy.release()

    assert await table.written() == [(SETTLE_SECONDS + 1, "Alice played; Bob drew")]


async def test_a_new_message_in_the_group_goes_after_the_table_edit_still_settling(
    pacer: WritePacer, fake: FakeTelegram, clock: FakeClock
) -> None:
    """A round's results posted while the table's edit showing the last card settled went out first: the
    group read the results under a table still showing the play before."""
    table = await Table(pacer, fake, clock).open()
    assert table.edits is not None

    table.change("Alice played her last card")
    table.edits.flush(table.chat_id)
    await clock.run(pacer.send(table.chat_id, Render("Round 1: Alice wins")))

    written = [c.params["text"] for c in fake.calls if c.method in ("sendMessage", "editMessageText")]
    assert written[1:] == ["Alice played her last card", "Round 1: Alice wins"]
    assert await table.written() == [(0, "Alice played her last card")]
