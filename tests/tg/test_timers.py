"""Timers on virtual time: one job per game and purpose, replaced on re-arm, calling the service."""

from __future__ import annotations

import asyncio
import itertools

from sqlalchemy.exc import OperationalError

from bot.service import GameDocument, GameService, Outcome, Person, Place
from bot.service.lobby import LOBBY_IDLE_MS
from bot.service.playing import CatchSeen
from bot.storage import Database, GameRecord, GameStatus
from bot.tg.scheduler import Callback, LoopScheduler
from bot.tg.timers import (
    FAILED_RETRY_SECONDS,
    REMIND_BEFORE_MS,
    STARTUP_GRACE_SECONDS,
    Timers,
)
from tests.census import census
from tests.fake_bot_api import FakeClock


class SleepScheduler(LoopScheduler):
    """Jobs as tasks that wait on the fake clock, so the timers run on virtual time (cancelled and closed
    by name as the loop's timers are)."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(spawn=asyncio.ensure_future)
        self._clock = clock

    def call_later(self, name: str, delay: float, callback: Callback) -> None:
        self.cancel(name)

        async def run() -> None:
            await self._clock.sleep(max(0.0, delay))
            del self._jobs[name]
            await callback()

        self._jobs[name] = asyncio.create_task(run(), name=name)  # type: ignore[assignment]


async def test_timers_close_an_idle_lobby_and_follow_a_moved_deadline(
    database: Database, clock: FakeClock
) -> None:
    def now_ms() -> int:
        return int(clock() * 1000)

    seeds = itertools.count(1)
    service = GameService(database, now_ms, lambda: next(seeds), now_ms)
    outcomes: list[Outcome] = []
    closed = asyncio.Event()
    scheduler = SleepScheduler(clock)

    async def on_outcome(outcome: Outcome) -> None:
        outcomes.append(outcome)
        timers.arm(outcome.game, outcome.doc)
        closed.set()

    timers = Timers(service, scheduler, now_ms, on_outcome)
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    timers.arm(opened.game, opened.doc)
    await clock.pass_time(LOBBY_IDLE_MS / 2000)
    joined = await service.join(opened.game.id, Person(2, "Bob"))  # activity moves the deadline
    # The job armed for the old deadline fires, finds nothing due, and re-arms for the new one.
    await clock.run(closed.wait())
    assert now_ms() >= joined.doc.touched_ms + LOBBY_IDLE_MS
    assert [(o.game.id, o.game.status) for o in outcomes] == [(joined.game.id, GameStatus.STOPPED)]
    assert await timers.rearm_all() == []
    scheduler.close()


async def test_a_game_that_ends_leaves_nothing_of_it_kept(database: Database, clock: FakeClock) -> None:
    """A game that ended within its grace after a restart (or an outage's end) kept that grace for as long
    as the bot ran."""

    def now_ms() -> int:
        return int(clock() * 1000)

    service = GameService(database, now_ms, lambda: 1, now_ms)
    scheduler = SleepScheduler(clock)
    timers = Timers(service, scheduler, now_ms, lambda outcome: asyncio.sleep(0))
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    assert await timers.rearm_all() == [opened.game.id]  # no deadline of it fires in the next 10 s
    stopped = await service.stop(opened.game.id, None, is_admin=True)
    timers.arm(stopped.game, stopped.doc)
    assert sum(census({"timers": timers}).values()) == 0
    scheduler.close()


class DatabaseBusyOnce(GameService):
    """The first timeout's unit of work fails, as SQLite's "database is locked" after its busy timeout."""

    failed = False

    async def timeout(
        self, game_id: int, untold: int | None = None, window_seen: CatchSeen | None = None
    ) -> Outcome | None:
        if not self.failed:
            self.failed = True
            raise OperationalError("BEGIN IMMEDIATE", {}, Exception("database is locked"))
        return await super().timeout(game_id, untold, window_seen)


async def test_a_deadline_whose_unit_of_work_failed_is_tried_again(
    database: Database, clock: FakeClock
) -> None:
    """(found by an audit, 2026-12-02) the failed job was dropped: the game never moved on again."""

    def now_ms() -> int:
        return int(clock() * 1000)

    service = DatabaseBusyOnce(database, now_ms, lambda: 1, now_ms)
    closed = asyncio.Event()
    scheduler = SleepScheduler(clock)

    async def on_outcome(outcome: Outcome) -> None:
        closed.set()

    timers = Timers(service, scheduler, now_ms, on_outcome)
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    timers.arm(opened.game, opened.doc)
    await clock.pass_time(LOBBY_IDLE_MS / 1000)
    assert service.failed and not closed.is_set()
    await asyncio.wait_for(clock.run(closed.wait()), timeout=10)  # real seconds: the job never came back
    assert now_ms() == opened.doc.touched_ms + LOBBY_IDLE_MS + FAILED_RETRY_SECONDS * 1000
    assert (await service.find(Place(-1))) is None  # the idle lobby closed on the second try
    scheduler.close()


async def test_a_loop_scheduler_replaces_cancels_and_closes_jobs() -> None:
    tasks: list[asyncio.Task[None]] = []
    scheduler = LoopScheduler(lambda work: tasks.append(asyncio.ensure_future(work)))
    fired: list[str] = []
    done = asyncio.Event()

    def job(label: str) -> Callback:
        async def run() -> None:
            fired.append(label)
            done.set()

        return run

    for game in range(100):  # far in the future: armed, never due in this test
        scheduler.call_later(f"deadline-{game}", 3600, job(f"deadline-{game}"))
    scheduler.cancel("deadline-0")
    scheduler.call_later("computer-1", 3600, job("first"))
    scheduler.call_later("computer-1", -5, job("replacement"))  # a deadline already passed fires at once
    await asyncio.wait_for(done.wait(), 5)
    await asyncio.gather(*tasks)
    assert fired == ["replacement"]
    scheduler.cancel("computer-1")  # already run: nothing to cancel, no error

    scheduler.call_later("deadline-0", 0.01, job("after close"))
    scheduler.close()
    await asyncio.sleep(0.05)
    assert fired == ["replacement"] and len(tasks) == 1


async def test_a_game_held_through_an_outage_moves_on_and_is_let_go_once_it_is_over(
    database: Database, clock: FakeClock
) -> None:
    """A deadline that came while Telegram was out of reach waits for the outage's end, which arms its game
    again (the very version armed before: not ignored as an older one, or the lobby stayed open for good);
    the game is then no longer held (every later outage's end would load and arm it anew)."""

    def now_ms() -> int:
        return int(clock() * 1000)

    out_of_reach = True
    service = GameService(database, now_ms, lambda: 1, now_ms)
    closed = asyncio.Event()
    scheduler = SleepScheduler(clock)

    async def on_outcome(outcome: Outcome) -> None:
        closed.set()

    timers = Timers(service, scheduler, now_ms, on_outcome, holding=lambda: out_of_reach)
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    timers.arm(opened.game, opened.doc)
    await clock.pass_time(LOBBY_IDLE_MS / 1000)  # the lobby's deadline, in the outage
    assert census({"timers": timers})["timers._held"] == 1
    out_of_reach = False
    released = now_ms()
    await timers.release()
    assert census({"timers": timers})["timers._held"] == 0
    await asyncio.wait_for(clock.run(closed.wait()), timeout=10)  # real seconds: else it never closes
    assert now_ms() == released + STARTUP_GRACE_SECONDS * 1000
    assert (await service.find(Place(-1))) is None
    scheduler.close()


async def test_a_change_armed_after_a_newer_one_leaves_the_newer_ones_jobs(
    database: Database, clock: FakeClock
) -> None:
    """A lobby's change armed after the deal (its caller awaited something between its save and its arm)
    cancelled the computer's first move and armed the lobby's idle deadline instead: nothing happened until
    that deadline, ten minutes on."""

    def now_ms() -> int:
        return int(clock() * 1000)

    service = GameService(database, now_ms, lambda: 4, now_ms)  # a deal whose computer plays first
    moved = asyncio.Event()
    scheduler = SleepScheduler(clock)

    async def on_outcome(outcome: Outcome) -> None:
        timers.arm(outcome.game, outcome.doc)
        moved.set()

    timers = Timers(service, scheduler, now_ms, on_outcome)
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    added = await service.add_computer(opened.game.id, 1)
    started = await service.start(opened.game.id, 1, is_admin=False)
    assert started.doc.engine is not None and started.doc.engine.actor in started.doc.computers
    timers.arm(started.game, started.doc)
    timers.arm(added.game, added.doc)  # older: it changes nothing
    await clock.pass_time(10)  # its computer's pause, a few seconds; its turn's deadline is a minute away
    await asyncio.wait_for(moved.wait(), timeout=10)  # real seconds: its move's unit of work (else never)
    loaded = await service.load(opened.game.id)
    assert loaded is not None and loaded[1].engine is not None
    assert loaded[1].engine.seq > started.doc.engine.seq and loaded[0].version > started.game.version
    scheduler.close()


async def test_a_game_forgotten_leaves_no_version_kept(database: Database, clock: FakeClock) -> None:
    """What `arm` keeps of a game (its newest version armed) goes with the game: deleted (`forget`), or
    ended (the game that ends test above)."""

    def now_ms() -> int:
        return int(clock() * 1000)

    service = GameService(database, now_ms, lambda: 1, now_ms)
    scheduler = SleepScheduler(clock)
    timers = Timers(service, scheduler, now_ms, lambda outcome: asyncio.sleep(0))
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    timers.arm(opened.game, opened.doc)
    assert census({"timers": timers})["timers._newest._versions"] == 1
    assert await service.discard_unseen_lobby(opened.game.id) is not None
    timers.forget(opened.game.id)
    assert sum(census({"timers": timers}).values()) == 0
    scheduler.close()


async def test_a_slow_turns_redraw_owed_by_an_outage_leaves_the_next_turns_redraw_armed(
    database: Database, clock: FakeClock
) -> None:
    """A slow turn's redraw came due during a short outage (owed to its end), and the turn ran out meanwhile:
    the next turn's redraw was armed. The outage's end armed the owed one under the same job, replacing it,
    and found its turn over: the next turn's player never saw their time running out."""

    def now_ms() -> int:
        return int(clock() * 1000)

    out_of_reach = True
    service = GameService(database, now_ms, lambda: 1, now_ms)
    scheduler = SleepScheduler(clock)
    reminded: list[int] = []
    came = asyncio.Event()

    async def on_remind(record: GameRecord, doc: GameDocument) -> None:
        reminded.append(doc.state.seq)
        came.set()

    timers = Timers(
        service, scheduler, now_ms, lambda _: asyncio.sleep(0), on_remind, holding=lambda: out_of_reach
    )
    opened = await service.open_lobby(Place(-1), Person(1, "Alice"), "Friends")
    await service.join(opened.game.id, Person(2, "Bob"))
    started = await service.start(opened.game.id, 1, is_admin=False)
    timers.arm(started.game, started.doc)
    deadline = started.doc.state.turn_deadline
    assert deadline is not None
    await clock.pass_time((deadline - now_ms()) / 1000)  # its redraw due (owed), then its deadline (held)
    moved = await service.timeout(opened.game.id)  # the turn ran out (a change made in the outage)
    assert moved is not None and moved.doc.state.turn_deadline is not None
    timers.arm(moved.game, moved.doc)
    out_of_reach = False
    await timers.release()
    await clock.pass_time((moved.doc.state.turn_deadline - REMIND_BEFORE_MS - now_ms()) / 1000 + 1)
    await asyncio.wait_for(
        came.wait(), timeout=10
    )  # real seconds: the redraw's load of the game (else never)
    assert reminded == [moved.doc.state.seq]
    scheduler.close()
