"""The group messages the bot means to delete later, written down in the database (`tracked_messages`) so
that a restart still deletes them. Written in the background, a batch a transaction: a command's answer must
not wait for the database, and answers given at once (a burst of refusals) cost one transaction, not one
each. A write the database refuses (out of reach) is logged and left: those deletions are then kept in
memory only, as they all were before."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy.exc import SQLAlchemyError

from bot.logging_setup import database_unavailable
from bot.storage import Database
from bot.storage.tracked_messages import Tracked
from bot.tg.background import Spawn

log = logging.getLogger(__name__)

Key = tuple[int, int]  # chat id, message id


def at(ms: int) -> datetime:
    return datetime.fromtimestamp(ms / 1000, UTC)


def ms_of(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


class KeptDeletions:
    def __init__(self, database: Database, spawn: Spawn) -> None:
        self._database = database
        self._spawn = spawn
        self._pending: dict[Key, Tracked | None] = {}  # None: the row goes
        self._flushing = False

    def put(self, chat_id: int, message_id: int, tracked: Tracked) -> None:
        self._soon((chat_id, message_id), tracked)

    def drop(self, chat_id: int, message_id: int) -> None:
        self._soon((chat_id, message_id), None)

    async def read(self) -> dict[Key, Tracked]:
        """Every message written down (start-up)."""
        async with self._database.unit_of_work() as uow:
            return await uow.tracked.all()

    async def drop_posted_by(self, posted_by: datetime) -> int:
        """Drop the messages posted at `posted_by` or before, in one statement; how many there were."""
        async with self._database.unit_of_work() as uow:
            return await uow.tracked.drop_posted_by(posted_by)

    async def flush(self) -> None:
        """Write what is pending now (shutdown: what a cancelled flush left)."""
        while self._pending:
            batch = dict(self._pending)
            try:
                async with self._database.unit_of_work() as uow:
                    for (chat_id, message_id), tracked in batch.items():
                        if tracked is None:
                            await uow.tracked.drop(chat_id, message_id)
                        else:
                            await uow.tracked.put(chat_id, message_id, tracked)
            except SQLAlchemyError as error:  # the database out of reach said in one line, else with its SQL
                why = database_unavailable(error) or error
                log.warning("Could not write down %s deletions to come: %s", len(batch), why)
            # Only now, and only what changed no more meanwhile: a flush cut short leaves its batch pending.
            for key, tracked in batch.items():
                if key in self._pending and self._pending[key] is tracked:
                    del self._pending[key]

    def _soon(self, key: Key, tracked: Tracked | None) -> None:
        self._pending[key] = tracked
        if not self._flushing:
            self._flushing = True
            self._spawn(self._flush_in_background())

    async def _flush_in_background(self) -> None:
        try:
            await self.flush()
        finally:
            self._flushing = False
