"""Deadlines and computer players: one job per game for its next deadline, one for its computers' next move;
and redraws that show time running out (a slow turn once, a slap window every second).

Jobs run on the event loop's timers (bot.tg.scheduler); tests pass a `Scheduler` on virtual time, so nothing
waits in real time. A firing job calls the service, which re-reads the game under its lock and acts only if
the deadline is really due (a stale job does nothing and re-arms).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from bot.service import GameDocument, GameService, Outcome, UnreadableGame
from bot.storage import GameRecord, GameStatus
from bot.tg.held_deadlines import HeldDeadlines, Telling, WindowSeen
from bot.tg.newest_versions import NewestVersions
from bot.tg.scheduler import Scheduler

log = logging.getLogger(__name__)

OnOutcome = Callable[[Outcome], Awaitable[object]]
Remind = Callable[[GameRecord, GameDocument], Awaitable[None]]
COMPUTER_DELAY_SECONDS = 1.5  # a natural pause before a computer player moves
IDLE_RETRY_SECONDS = 1.0  # a job that found nothing to do never comes back sooner (no busy loop)
FAILED_RETRY_SECONDS = 2.0  # a job that failed is tried again after this, doubling up to the last
LAST_FAILED_RETRY_SECONDS = 300.0
REMIND_BEFORE_MS = 20_000  # a slow turn's screens are redrawn once, to show the time running out
# A slap window lasts seconds: the table counts them down, one redraw per second shown (the pacer still
# coalesces them within the group's 20 writes a minute), none after the window closes. A catch window lasts
# longer (10 s by default) and comes with every second-to-last card: a redraw every 5 s shown keeps its
# seconds honest without spending the group's writes on it.
COUNTDOWN_STEP_MS = 1000
CATCH_COUNTDOWN_STEP_MS = 5000
# At start-up, and after an outage, no deadline fires sooner than this: Telegram kept the presses made while
# the bot was down or cut off, and polling hands them over only after start-up (after an outage, once its
# backoff lets it try again); a player who pressed in time must not lose to a deadline that passed while
# nobody could answer them (the engine accepts a move until its Timeout is applied).
STARTUP_GRACE_SECONDS = 10.0


class Timers:
    def __init__(
        self,
        service: GameService,
        scheduler: Scheduler,
        clock: Callable[[], int],
        on_outcome: OnOutcome,
        on_remind: Remind | None = None,
        on_countdown: Remind | None = None,
        telling: Telling | None = None,
        holding: Callable[[], bool] = lambda: False,
        window_seen: WindowSeen | None = None,
    ) -> None:
        """`holding`: whether deadlines and computers wait (Telegram or the database out of reach: the
        outage's end runs every game's jobs again, `resume`)."""
        self._service = service
        self._scheduler = scheduler
        self._clock = clock
        self._on_outcome = on_outcome
        self._on_remind = on_remind
        self._on_countdown = on_countdown
        self._holding = holding
        # a turn whose player is being told of it, a catch window whose table has not landed
        self._held_deadlines = HeldDeadlines(telling, window_seen)
        self._grace_until: dict[int, int] = {}  # game -> ms: none fires sooner (start-up, `release`)
        self._failures: dict[int, int] = {}  # game -> its jobs' failures in a row
        self._held: set[int] = set()  # games whose deadline or computer waited for an outage's end
        # game -> the turn (seq) whose slow turn's redraw came due while Telegram or the database was out of
        # reach: nobody saw it, and a short outage's end redraws no screen (`release`)
        self._reminders_owed: dict[int, int] = {}
        self._newest = NewestVersions()  # of each active game, the newest version armed

    def close(self) -> None:
        """Shutdown: no job fires any more."""
        self._scheduler.close()

    def grace_end(self, game_id: int) -> int:
        """When the game's grace ends (ms; 0: none given), given at start-up (`resume`) and to the games held
        by a short outage (`release`): no deadline of it fires sooner, and its screens show that time for one
        due meanwhile (bot.tg.views `shown_state`). One passed stays until the next `arm` drops it: harmless,
        as only a deadline between now and it is shown so."""
        return self._grace_until.get(game_id, 0)

    def forget(self, game_id: int) -> None:
        """The game was deleted, or ended with no outcome to arm: none of its jobs fires."""
        self._grace_until.pop(game_id, None)
        self._failures.pop(game_id, None)
        self._held.discard(game_id)
        self._reminders_owed.pop(game_id, None)
        self._held_deadlines.forget(game_id)
        self._newest.forget(game_id)
        for job in (_deadline_job, _remind_job, _owed_remind_job, _countdown_job, _computer_job):
            self._scheduler.cancel(job(game_id))

    def arm(self, record: GameRecord, doc: GameDocument, min_delay: float = 0.0) -> None:
        """(Re)schedule the game's jobs after a change (`min_delay`: after a job that found nothing to do). A
        change armed after a newer one of its game (its caller awaited something between its save and this)
        leaves the newer one's jobs: they are the right ones."""
        game_id = record.id
        if self._newest.overtaken(record):
            return
        if not record.active:  # nothing of it fires any more: what is kept of it goes (an older change armed
            # after this one arms jobs that find nothing to do, and then follow the game: `_run`)
            self._grace_until.pop(game_id, None)
            self._failures.pop(game_id, None)
            self._newest.forget(game_id)
        self._arm_deadline(record, doc, min_delay)
        # A lobby, an ended game still showing its last turn, or a paused match (its forum topic closed).
        if record.status is not GameStatus.RUNNING or doc.paused:
            for job in (_remind_job, _countdown_job, _computer_job):
                self._scheduler.cancel(job(game_id))
            return
        self._arm_reminder(record, doc)
        self._arm_countdown(record, doc)
        thinking = self._service.computer_thinking(doc)
        if thinking is not None:
            delay = COMPUTER_DELAY_SECONDS * _hesitation(doc) * thinking.times
            if thinking.by is not None:
                delay = min(delay, (thinking.by - self._clock()) / 1000)
            unseen = self._held_deadlines.unseen_window(record.id, doc)
            if unseen is not None:  # a computer thinks once the group sees it too (re-armed as it lands)
                delay = max(delay, (unseen - self._clock()) / 1000)
            delay = max(min_delay, delay)
            self._scheduler.call_later(_computer_job(game_id), delay, lambda: self._computer(game_id))
        else:
            self._scheduler.cancel(_computer_job(game_id))

    def _arm_deadline(self, record: GameRecord, doc: GameDocument, min_delay: float = 0.0) -> None:
        game_id = record.id
        deadline = self._held_deadlines.deadline_at(self._service.deadline(record, doc), record, doc)
        if deadline is None:
            self._scheduler.cancel(_deadline_job(game_id))
            return
        now = self._clock()
        graced = self._grace_until.get(game_id, 0)
        if graced <= now:
            self._grace_until.pop(game_id, None)
        delay = max(min_delay, (deadline - now) / 1000, (graced - now) / 1000)
        self._scheduler.call_later(_deadline_job(game_id), delay, lambda: self._deadline(game_id))

    def told(self, game_id: int) -> None:
        """The message telling the game's turn player of their turn arrived (or failed): a deadline armed
        without that turn is armed again with it (at once, if it passed meanwhile)."""
        untold = self._held_deadlines.told(game_id)
        if untold is not None:
            self._arm_deadline(*untold)

    def _arm_reminder(self, record: GameRecord, doc: GameDocument) -> None:
        state = doc.engine
        deadline = state.turn_deadline if state is not None else None
        if self._on_remind is None or state is None or deadline is None or state.actor in doc.computers:
            self._scheduler.cancel(_remind_job(record.id))
            return
        delay = (deadline - REMIND_BEFORE_MS - self._clock()) / 1000
        if delay <= 0:
            self._scheduler.cancel(_remind_job(record.id))
            return
        seq = state.seq
        self._scheduler.call_later(_remind_job(record.id), delay, lambda: self._remind(record.id, seq))

    async def _remind(self, game_id: int, seq: int) -> None:
        """A slow turn's redraw; due while Telegram or the database is out of reach (or failing as they went),
        it comes at the outage's end (`release`): its writes were given up, or never tried."""
        try:
            with self._redrawing(game_id):
                if self._holding():
                    return
                loaded = await self._service.load(game_id)
                if loaded is None or self._on_remind is None:
                    return
                record, doc = loaded
                if doc.engine is not None and doc.engine.seq == seq and not doc.engine.match_over:
                    await self._on_remind(record, doc)
        finally:
            if self._holding():
                self._reminders_owed[game_id] = seq

    def _arm_countdown(self, record: GameRecord, doc: GameDocument) -> None:
        """The next redraw of an open slap or catch window: when the seconds left shown drop by a step. The
        last step needs none: the window's deadline redraws the table anyway."""
        now, redraws = self._clock(), []
        for deadline, step in _windows(doc):
            left = deadline - now
            if left > step:
                redraws.append((left % step or step, deadline))
        if self._on_countdown is None or not redraws:
            self._scheduler.cancel(_countdown_job(record.id))
            return
        delay, deadline = min(redraws)
        self._scheduler.call_later(
            _countdown_job(record.id), delay / 1000, lambda: self._countdown(record.id, deadline)
        )

    async def _countdown(self, game_id: int, deadline: int) -> None:
        with self._redrawing(game_id):
            loaded = await self._service.load(game_id)
            if loaded is None or self._on_countdown is None:
                return
            record, doc = loaded
            if deadline not in (shown for shown, _ in _windows(doc)):
                return  # closed or restarted: `arm` followed it
            await self._on_countdown(record, doc)
            self._arm_countdown(record, doc)

    async def rearm_all(self, loaded: Callable[[GameRecord, GameDocument], None] | None = None) -> list[int]:
        """On start-up: every active game's jobs (a deadline that passed while the bot was down, too short a
        time to give back (bot.tg.downtime), fires once the presses queued meanwhile had their chance; a turn
        nobody was told of starts its time again); their ids. `loaded` sees each game as read."""
        games = await self._service.retime_untold_turns(await self._service.active_games())
        if loaded is not None:  # first: what the screens showed before the restart times the computers
            for record, doc in games:
                loaded(record, doc)
        self.resume(games)
        return [record.id for record, _ in games]

    def resume(self, games: list[tuple[GameRecord, GameDocument]]) -> None:
        """Every active game's jobs after a time nobody could answer (the bot down, or out of reach): no
        deadline fires sooner than STARTUP_GRACE_SECONDS, the presses Telegram kept meanwhile come first."""
        # Every change re-arms its game: the grace holds until its time, whatever is armed meanwhile.
        graced = self._clock() + int(STARTUP_GRACE_SECONDS * 1000)
        self._held.clear()
        self._reminders_owed.clear()  # (every screen is redrawn with it)
        for record, doc in games:
            self._grace_until[record.id] = graced
            self.arm(record, doc)

    async def release(self) -> None:
        """A short outage is over: the games whose deadline or computer waited meanwhile go on (the others'
        jobs are armed as they were), their deadlines no sooner than STARTUP_GRACE_SECONDS from now, as at
        start-up: the first call to find Telegram back may be another than polling's, which waits longer
        after each failed call (1 s, 1.5 s, 2.25 s...) before it fetches the presses Telegram kept. A slow
        turn's redraw due meanwhile comes now, if its turn still runs (the hand, its "your turn" message sent
        anew if that was cut off, with the time left)."""
        graced = self._clock() + int(STARTUP_GRACE_SECONDS * 1000)
        for game_id in list(self._held):  # (one the database fails to read stays held for the next end)
            with self._readable():
                loaded = await self._service.load(game_id)
                if loaded is not None:
                    self._grace_until[game_id] = graced
                    self.arm(*loaded)
            self._held.discard(game_id)
        # (none comes if the turn is over; a job of its own: the arming above may have armed the next turn's)
        for game_id, seq in self._reminders_owed.items():
            self._scheduler.call_later(_owed_remind_job(game_id), 0, partial(self._remind, game_id, seq))
        self._reminders_owed.clear()

    @contextmanager
    def _readable(self) -> Iterator[None]:
        """A job of a game whose document cannot be read (changed under the running bot) stops its jobs."""
        try:
            yield
        except UnreadableGame as unreadable:
            self._stop(unreadable)

    @contextmanager
    def _redrawing(self, game_id: int) -> Iterator[None]:
        """A redraw job (a slow turn's, a window's countdown), `_readable`; one that failed while Telegram or
        the database is out of reach waits for its end, which arms the game again, as a held deadline does:
        a known condition, not a background task's failure logged with its traceback."""
        with self._readable():
            try:
                yield
            except Exception as error:
                if isinstance(error, UnreadableGame) or not self._holding():
                    raise
                # One line without its traceback: a real bug met during an outage still leaves a trace.
                log.debug(
                    "game %s: a redraw failed during an outage (%r); it waits for the outage's end",
                    game_id,
                    error,
                )
                self._held.add(game_id)

    def _stop(self, unreadable: UnreadableGame) -> None:
        """No job of an unreadable game can do anything, now or later (trying again would only fail again):
        one line, and its jobs are cancelled until /stop ends it; nothing else of it is kept here (no change
        re-arms it, which would let it go)."""
        log.error("%s: its timers stop; /stop in its chat ends it", unreadable)
        game_id = unreadable.record.id
        for job in (_deadline_job, _remind_job, _owed_remind_job, _countdown_job, _computer_job):
            self._scheduler.cancel(job(game_id))
        self._failures.pop(game_id, None)
        self._grace_until.pop(game_id, None)  # given after a restart or an outage
        self._held_deadlines.forget(game_id)
        self._newest.forget(game_id)

    async def _deadline(self, game_id: int) -> None:
        await self._run(game_id, self._timeout, _deadline_job(game_id), self._deadline)

    async def _timeout(self, game_id: int) -> Outcome | None:
        """The game's due deadlines; a turn whose player is still being told of it waits, and so does a catch
        window whose table has not reached the group (a job that found nothing to do arms the game again, a
        second later at the soonest, leaving out what waits: bot.tg.held_deadlines)."""
        held = self._held_deadlines
        return await self._service.timeout(game_id, held.untold(game_id), held.window_seen(game_id))

    async def _computer(self, game_id: int) -> None:
        await self._run(game_id, self._service.computer_move, _computer_job(game_id), self._computer)

    async def _run(
        self,
        game_id: int,
        use_case: Callable[[int], Awaitable[Outcome | None]],
        job: str,
        again: Callable[[int], Coroutine[Any, Any, None]],
    ) -> None:
        if self._holding():  # Telegram or the database out of reach: its end arms the game again
            self._held.add(game_id)
            return
        try:
            outcome = await use_case(game_id)
            loaded = None if outcome is not None else await self._service.load(game_id)
        except UnreadableGame as unreadable:
            self._stop(unreadable)
            return
        except Exception:
            if self._holding():  # the database out of reach: its return arms the game again at once
                self._held.add(game_id)
                return
            # Tried again later: a unit of work that failed must not leave the game with no deadline armed,
            # frozen until someone presses a button or the bot restarts.
            failures = self._failures[game_id] = self._failures.get(game_id, 0) + 1
            delay = min(FAILED_RETRY_SECONDS * 2 ** (failures - 1), LAST_FAILED_RETRY_SECONDS)
            log.exception("timer of game %s failed; trying again in %.0f s", game_id, delay)
            self._scheduler.call_later(job, delay, lambda: again(game_id))
            return
        self._failures.pop(game_id, None)
        if outcome is not None:
            await self._on_outcome(outcome)
        elif loaded is not None:  # nothing was due: the game moved on; follow it
            self.arm(*loaded, min_delay=IDLE_RETRY_SECONDS)


def _hesitation(doc: GameDocument) -> float:
    """0.6 to 1.4: computer players do not all think for the same time (deterministic per state)."""
    seq = doc.engine.seq if doc.engine is not None else 0
    return 0.6 + (seq * 7919 % 9) / 10


def _deadline_job(game_id: int) -> str:
    return f"deadline-{game_id}"


def _remind_job(game_id: int) -> str:
    return f"remind-{game_id}"


def _owed_remind_job(game_id: int) -> str:
    """A slow turn's redraw owed by an outage (`release`), apart from the one armed for the turn running."""
    return f"owed-remind-{game_id}"


def _windows(doc: GameDocument) -> list[tuple[int, int]]:
    """The open windows whose seconds the table counts down: (deadline, step), both in ms."""
    state = doc.engine
    if state is None:
        return []
    windows = []
    if state.slap_deadline is not None:
        windows.append((state.slap_deadline, COUNTDOWN_STEP_MS))
    if state.catchable and state.catch_deadline is not None:
        windows.append((state.catch_deadline, CATCH_COUNTDOWN_STEP_MS))
    return windows


def _countdown_job(game_id: int) -> str:
    return f"countdown-{game_id}"


def _computer_job(game_id: int) -> str:
    return f"computer-{game_id}"
