"""A timer job that drops the event logs of long-ended games (GAME_LOG_DAYS; none when it is 0) and compacts
their documents, forgets the group messages too old for Telegram to let the bot delete them (bot.tg.fleeting),
and then lets SQLite's query planner learn the tables' sizes: a minute after start-up, when the screens are
healed and presses are served, then every few hours."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from bot.service.model import Clock
from bot.service.old_logs import drop_old_game_logs
from bot.storage.unit_of_work import Database
from bot.tg.scheduler import Scheduler

log = logging.getLogger(__name__)

JOB = "old-game-logs"
FIRST_DELAY_SECONDS = 60.0
EVERY_SECONDS = 6 * 3600.0


class OldGameLogs:
    def __init__(
        self,
        db: Database,
        scheduler: Scheduler,
        clock: Clock,
        days: int,
        forget_undeletable: Callable[[], Awaitable[int]],
    ) -> None:
        """`days`: how long after its end a game keeps its log; 0 keeps every log (the rest still runs);
        `forget_undeletable`: forgets the messages Telegram would no longer let the bot delete (how many)."""
        self._db = db
        self._scheduler = scheduler
        self._clock = clock
        self._days = days
        self._forget_undeletable = forget_undeletable
        # The last run's cut-off: the games that ended before it lost their logs then (None: no run yet, the
        # first looks at every game). Runs after the first look only at the games that ended since.
        self._since: datetime | None = None

    def start(self) -> None:
        self._scheduler.call_later(JOB, FIRST_DELAY_SECONDS, self._run)

    async def _run(self) -> None:
        if self._days > 0:
            await self._drop_old_logs()
        try:
            forgotten = await self._forget_undeletable()
        except Exception:
            log.exception("Forgetting the group messages too old to delete failed")
        else:
            if forgotten:
                log.info("Forgot %s group messages too old to delete", forgotten)
        try:  # the same few-hourly upkeep: the query planner's statistics catch up with the tables' growth
            await self._db.optimize()
        except Exception:
            log.exception("Updating the query planner's statistics failed")
        self._scheduler.call_later(JOB, EVERY_SECONDS, self._run)

    async def _drop_old_logs(self) -> None:
        try:
            dropped, self._since = await drop_old_game_logs(self._db, self._clock, self._days, self._since)
        except Exception:  # the next run tries again; the games go on meanwhile
            log.exception("Dropping the logs of old games failed")
        else:
            if dropped:
                log.info("Dropped the event logs of %s games ended over %s days ago", dropped, self._days)
