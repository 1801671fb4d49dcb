"""The event logs of long-ended games are dropped, and their documents compacted: a log grows with every move
(~200 bytes an action, most of what a match leaves in the database), and a document keeps the piles, hands
and figures of the end; once the match is over nothing reads either (results and stats keep rows of their
own; see bot.service.ended_games for what the document keeps). A recent game keeps both, to look into a
report while it is fresh."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.service.document import read_document
from bot.service.ended_games import compacted
from bot.service.errors import UnreadableGame
from bot.service.model import Clock
from bot.service.results import at
from bot.storage.game_records import EndedGame
from bot.storage.games import GameRepository
from bot.storage.unit_of_work import Database, UnitOfWork

DAY_MS = 86_400_000
# Ended games looked at per unit of work: each holds the one writer briefly, so a press waits behind one batch
# at most.
GAMES_PER_BATCH = 50


async def drop_old_game_logs(
    db: Database, clock: Clock, days: int, since: datetime | None = None
) -> tuple[int, datetime]:
    """Drop the log of every game that ended more than `days` days ago, `since` (the previous run's cut-off:
    it dropped the logs of the games that ended before it; None: the first run) or later, and compact its
    document; returns how many games lost their logs, and this run's cut-off."""
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
            looked = await uow.games.drop_logs_of_games_ended_before(before, after, GAMES_PER_BATCH)
            for game_id in looked.games:
                await _compact(uow, game_id)
        dropped += looked.logs_dropped
        after = looked.last
        if after is None:
            return dropped, before


async def _compact(uow: UnitOfWork, game_id: int) -> None:
    """The ended game's document compacted, unless it is already, or what it would be cannot be read (it is
    kept as it is for whoever mends it)."""
    record = await uow.games.get(game_id)
    if record is None or record.state.get("compact"):
        return
    try:
        kept = replace(record, state=compacted(record.state))
    except (KeyError, TypeError, AttributeError):  # no game document at all
        return
    try:
        read_document(kept)
    except UnreadableGame:
        return
    await uow.games.save(kept)
