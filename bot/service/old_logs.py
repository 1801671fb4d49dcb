"""The event logs of long-ended games are dropped: a log grows with every move (~200 bytes an action, most of
what a match leaves in the database), and once the match is over nothing reads it (results and stats keep
rows of their own). A recent game keeps its log, to look into a report while it is fresh."""

from __future__ import annotations

from datetime import datetime

from bot.service.model import Clock
from bot.service.results import at
from bot.storage.games import EndedGame, GameRepository
from bot.storage.unit_of_work import Database

DAY_MS = 86_400_000
# Ended games looked at per unit of work: each holds the one writer briefly, so a press waits behind one batch
# at most.
GAMES_PER_BATCH = 50


async def drop_old_game_logs(
    db: Database, clock: Clock, days: int, since: datetime | None = None
) -> tuple[int, datetime]:
    """Drop the log of every game that ended more than `days` days ago, `since` (the previous run's cut-off:
    it dropped the logs of the games that ended before it; None: the first run) or later; returns how many
    games lost theirs, and this run's cut-off."""
    before = at(clock() - days * DAY_MS)
    if since is None:  # the first run since start-up: from where the logs kept begin, not the first game ever
        async with db.reading() as session:
            since = await GameRepository(session).logs_kept_since()
        if since is None:
            return 0, before
    after: EndedGame | None = (since, 0)
    dropped = 0
    while True:
        async with db.unit_of_work() as uow:
            done, after = await uow.games.drop_logs_of_games_ended_before(before, after, GAMES_PER_BATCH)
        dropped += done
        if after is None:
            return dropped, before
