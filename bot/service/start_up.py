"""Start-up's use-case: before the deadlines are armed again, a turn a crash kept untold gets its time.

GameService inherits it; each change is one transaction under the game's lock (bot.service.changes).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from bot.engine.actions import RestartTurnTimer
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument
from bot.service.errors import UnreadableGame
from bot.service.model import Clock
from bot.storage import GameRecord, GameStatus, UnitOfWork
from bot.storage.unit_of_work import Database

log = logging.getLogger(__name__)


class StartUpUseCases:
    # Set by GameService, whose part this is.
    _db: Database
    _clock: Clock
    _changes: Changes

    async def retime_untold_turns(self, games: list[GameRecord]) -> list[tuple[GameRecord, GameDocument]]:
        """At start-up, before the deadlines are armed: a turn its player was never told of (the bot died
        before the message telling them went out) starts its time again, as the redraw that follows tells
        them; else, the bot down that long, they would be told of their turn and miss it at once. `games`
        as read, each with its document (a retimed one read again), but for those whose document cannot be
        read: logged and left out, the others must start. One query for every game's hands: a start-up with
        many games re-arms their timers as soon as before."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            told = {
                p.user_id: p.hand_sent_for for p in await uow.games.players(record.id) if p.hand_message_id
            }
            if doc.engine is None or not _turn_untold(record, doc, told):
                return None
            now = max(self._clock(), doc.engine.clock)
            return await self._changes.engine_step(uow, record, doc, RestartTurnTimer(now), None, now)

        async with self._db.unit_of_work() as uow:
            hands_told = await uow.games.hands_told()
        loaded = []
        for record in games:
            try:
                doc = self._changes.document(record)
            except UnreadableGame as unreadable:
                log.error("%s: left out at start-up; /stop in its chat ends it", unreadable)
                continue
            if _turn_untold(record, doc, hands_told.get(record.id, {})):
                await self._changes.optional(record.id, step)
                async with self._db.unit_of_work() as uow:
                    again = await uow.games.get(record.id)
                if again is None:
                    continue
                record, doc = again, self._changes.document(again)
            loaded.append((record, doc))
        return loaded


def _turn_untold(record: GameRecord, doc: GameDocument, told: Mapping[int, int | None]) -> bool:
    """Whether the running game's turn player has a turn timer running and was never sent the hand message
    telling them of it (`told`: by player with a hand message, the turn it was sent anew for). Not while it
    is paused: its reopening gives the turn its time back."""
    state = doc.engine
    if record.status is not GameStatus.RUNNING or state is None or state.turn_deadline is None or doc.paused:
        return False
    actor = state.actor
    if actor is None or actor not in doc.hand_sends or actor in doc.unreachable:
        return False
    return told.get(actor) != doc.hand_sends[actor]
