"""How long the bot was down, as the next start reads it (bot.tg.downtime), on a real migrated database: a
stop written down is when it ended; after a crash, the last moment written down is up to ALIVE_SECONDS
before it, and the time given back counts from the latest the crash can have come."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage import Database
from bot.storage import engine as storage_engine
from bot.storage.last_alive import Alive
from bot.tg.downtime import ALIVE_JOB, ALIVE_SECONDS, Down, Downtime, Span
from bot.tg.outages import LONG_MS, Reach
from tests.e2e.harness import ManualScheduler
from tests.e2e.locked_database import database_locked
from tests.fake_bot_api import FakeClock

AT = 1_767_225_600_000  # ms: the moment last written down
OUT = TELEGRAM = frozenset({Reach.TELEGRAM})  # what an outage had out of reach
DATABASE = frozenset({Reach.DATABASE})
ALIVE_MS = int(ALIVE_SECONDS * 1000)


async def _down(database: Database, written: Alive | None, now: int) -> Down | None:
    if written is not None:
        async with database.unit_of_work() as uow:
            await uow.last_alive.put(written)
    return await Downtime(database, lambda: now, lambda: False).last_run()


def _at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


async def test_nothing_written_down_gives_nothing_back(database: Database) -> None:
    assert await _down(database, None, AT) is None


@pytest.mark.parametrize(
    ("stopped", "now", "down"),
    [
        (True, AT + 70_000, Down(AT, 70_000, 70_000)),  # stopped: down from then
        # crashed: from the latest it can have come, though it may have come on the moment written down
        (False, AT + 70_000, Down(AT + ALIVE_MS, 70_000 - ALIVE_MS, 70_000)),
        (False, AT + 3_000, Down(AT + 3_000, 0, 3_000)),  # crashed and back within ALIVE_SECONDS: none lost
        (False, AT, Down(AT, 0, 0)),  # back on the very moment written down: nothing lost, nothing taken away
        (True, AT - 3_600_000, Down(AT, -3_600_000, -3_600_000)),  # the clock set back: as much taken away
        # crashed, the clock set back: from the latest the crash can have come too
        (False, AT - 3_600_000, Down(AT + ALIVE_MS, -3_600_000 - ALIVE_MS, -3_600_000)),
    ],
    ids=[
        "stopped",
        "crashed",
        "crashed and back at once",
        "back on the moment written",
        "clock set back",
        "crashed, clock set back",
    ],
)
async def test_the_time_down_counts_from_the_stop_or_the_latest_a_crash_can_have_come(
    database: Database, stopped: bool, now: int, down: Down
) -> None:
    assert await _down(database, Alive(_at(AT), stopped), now) == down


@pytest.mark.parametrize(
    ("down", "long"),
    [
        (Down(AT, 9_000, 9_000), False),  # stopped 9 s: a short restart, the start-up grace covers it
        (Down(AT, 10_000, 10_000), True),
        # crashed just after the write, down 14 s: 9 s are known lost, and given back (not a short restart)
        (Down(AT + ALIVE_MS, 9_000, 14_000), True),
        (Down(AT + ALIVE_MS, 4_000, 9_000), False),  # down 9 s at most: a short restart
        (Down(AT, -10_000, -10_000), True),  # the clock set back 10 s: taken away
    ],
    ids=["stopped 9 s", "stopped 10 s", "crashed, down 9 to 14 s", "crashed, down 9 s at most", "set back"],
)
def test_the_games_get_the_time_back_when_the_bot_was_or_may_have_been_down_long(
    down: Down, long: bool
) -> None:
    assert down.long is long


async def test_the_moment_is_written_over_and_not_while_an_outage_holds_the_games(database: Database) -> None:
    """One row, rewritten; an outage holding the games keeps the moment before it (the next start gives its
    time back too)."""
    now, holding = AT, False
    downtime = Downtime(database, lambda: now, lambda: holding)
    await downtime.stopped()
    now, holding = AT + 30_000, True
    await downtime.stopped()
    async with database.unit_of_work() as uow:
        assert await uow.last_alive.get() == Alive(_at(AT), stopped=True)
    holding = False
    await downtime.stopped()
    async with database.unit_of_work() as uow:
        assert await uow.last_alive.get() == Alive(_at(AT + 30_000), stopped=True)


async def test_an_outages_beginning_stays_written_down_until_its_time_is_given_or_the_bot_runs_on(
    database: Database, clock: FakeClock
) -> None:
    """As an outage's end begins to give its time back, its beginning is written down as a stop: a stop
    before every game has it writes nothing over it (the next start gives it). The bot written down as
    running since (its give-back failed, and it ran on) owes nothing more: the next outage's end gives its
    own time alone."""
    now = AT + 30_000
    downtime = Downtime(database, lambda: now, lambda: False)
    assert await downtime.owing(AT, 30_000, OUT) == Span(AT, 30_000, OUT)
    await downtime.stopped()
    async with database.unit_of_work() as uow:
        assert await uow.last_alive.get() == Alive(_at(AT), stopped=True)
    await downtime.start(ManualScheduler(clock, left_out=[ALIVE_JOB]))
    now = AT + 90_000
    assert await downtime.owing(AT + 60_000, 30_000, OUT) == Span(AT + 60_000, 30_000, OUT)


@pytest.mark.parametrize(
    ("lost", "written"), [(LONG_MS - 1, AT + LONG_MS), (LONG_MS, AT)], ids=["short", "long"]
)
async def test_an_outage_whose_time_is_given_back_has_its_beginning_written_down_however_short(
    database: Database, lost: int, written: int
) -> None:
    """An outage of LONG_MS, the shortest whose time the games get back (bot.tg.outages), leaves its beginning
    written down as a longer one does: a stop before every game has it leaves it to the next start. A shorter
    one gives nothing back, and a stop after it writes down its own moment."""
    downtime = Downtime(database, lambda: AT + LONG_MS, lambda: False)
    assert await downtime.owing(AT, lost, OUT) == Span(AT, lost, OUT)
    await downtime.stopped()
    async with database.unit_of_work() as uow:
        assert await uow.last_alive.get() == Alive(_at(written), stopped=True)


async def test_a_failed_write_leaves_the_outages_time_owed(
    sqlite_at_head: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: FakeClock
) -> None:
    """An outage's end gave its time to some games only (the database out of reach again); the bot's next
    write that it runs fails too: nothing was written down since, so the next outage's end still gives from
    the first one's beginning, to the games the first never reached."""
    monkeypatch.setattr(storage_engine, "SQLITE_BUSY_TIMEOUT_MS", 50)  # the lock refuses the write at once
    path = tmp_path / "locked.db"
    shutil.copyfile(sqlite_at_head, path)
    url = f"sqlite+aiosqlite:///{path}"
    database = Database.connect(url)
    try:
        downtime = Downtime(database, lambda: AT + 40_000, lambda: False)
        assert await downtime.owing(AT, 30_000, TELEGRAM) == Span(AT, 30_000, TELEGRAM)
        with database_locked(url):
            await downtime.start(ManualScheduler(clock, left_out=[ALIVE_JOB]))
        # (told as both were out of reach: a table read "I couldn't reach my game records for 80 s")
        assert await downtime.owing(AT + 60_000, 20_000, DATABASE) == Span(AT, 80_000, TELEGRAM | DATABASE)
    finally:
        await database.dispose()


async def test_a_clock_set_back_while_an_outages_time_is_owed_is_given_with_it_from_its_beginning(
    database: Database,
) -> None:
    """An outage's end gave its 30 s to some games only; the next one's, the clock set back an hour meanwhile,
    gives both in one span from the first one's beginning, the set-back in it (`Span.back`), each game what it
    did not get in one write. That beginning stays the moment written down: a stop before every game has it
    leaves both to the next start. (Before: the set-back's moment was written over it, and a crash as the
    games were set back lost the first one's time for those not reached yet.)"""
    downtime = Downtime(database, lambda: AT, lambda: False)
    assert await downtime.owing(AT, 30_000, TELEGRAM) == Span(AT, 30_000, TELEGRAM)
    set_back = -3_600_000
    # (the first one's time told as its own: a table read "I couldn't reach my game records" for Telegram's)
    span = Span(AT, 40_000 + set_back, TELEGRAM, back=set_back)
    assert await downtime.owing(AT + 40_000, set_back, DATABASE) == span
    await downtime.stopped()
    async with database.unit_of_work() as uow:
        assert await uow.last_alive.get() == Alive(_at(AT), stopped=True)
    # given again (cut short once more), it is still the same span, lasting until now
    assert await downtime.owing(AT + set_back + 50_000, 5_000, DATABASE) == Span(
        AT, 55_000 + set_back, TELEGRAM | DATABASE, back=set_back
    )


async def test_two_clock_set_backs_while_an_outages_time_is_owed_are_given_both(database: Database) -> None:
    """The first set-back's give-back cut short too (the database out again), a second set-back's outage end
    gives the span from the first outage's beginning with both set-backs in it: the games not reached yet go
    back by both, as the clock did. (Before: the second's alone, a turn lasting the first's hour longer.)"""
    downtime = Downtime(database, lambda: AT, lambda: False)
    assert await downtime.owing(AT, 30_000, TELEGRAM) == Span(AT, 30_000, TELEGRAM)
    first, second = -3_600_000, -1_800_000
    assert await downtime.owing(AT + 40_000, first, DATABASE) == Span(
        AT, 40_000 + first, TELEGRAM, back=first
    )
    # on the clock gone back an hour, 50 s later
    span = await downtime.owing(AT + first + 90_000, second, DATABASE)
    assert span == Span(AT, 90_000 + first + second, TELEGRAM, back=first + second)


async def test_a_clock_set_back_of_just_long_while_an_outages_time_is_owed_is_a_set_back(
    database: Database,
) -> None:
    """Set back LONG_MS, the least the games are moved back for (as an outage that long is given back), while
    an outage's time is owed: the span has it as a set-back, not as time out of reach."""
    downtime = Downtime(database, lambda: AT, lambda: False)
    assert await downtime.owing(AT, 30_000, TELEGRAM) == Span(AT, 30_000, TELEGRAM)
    assert await downtime.owing(AT + 40_000, -LONG_MS, DATABASE) == Span(
        AT, 40_000 - LONG_MS, TELEGRAM, back=-LONG_MS
    )


async def test_a_clock_set_back_given_again_with_a_second_keeps_both(database: Database) -> None:
    """A set-back alone begins the time owed (its give-back cut short), and the clock is set back again before
    every game had it: the span from its moment has both set-backs in it, and a later outage's end still
    does. (Before: the first was not kept as one; the games not reached went back by the second alone.)"""
    downtime = Downtime(database, lambda: AT, lambda: False)
    first, second = -3_600_000, -1_800_000
    assert await downtime.owing(AT, first, frozenset()) == Span(AT, first, frozenset())
    assert await downtime.owing(AT + first + 10_000, 5_000, DATABASE) == Span(
        AT, first + 15_000, DATABASE, back=first
    )
    span = await downtime.owing(AT + first + 20_000, second, DATABASE)
    assert span == Span(AT, 20_000 + first + second, DATABASE, back=first + second)
