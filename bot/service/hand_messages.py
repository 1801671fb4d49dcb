"""Which private message shows each player's hand, and what the player turned it to (a page, a multi-play
selection), written to the database in batches.

Every hand sent anew (a turn begins, a match is dealt) records its message id, so that a restart edits and
deletes the right messages; every page turn or selection records what the hand shows, so that a restart
redraws it so. One transaction each would queue behind one another on SQLite's single writer: when a busy
moment deals fifty games at once, players' presses waited behind two hundred such writes. What comes in while
a batch waits for the database joins it; each caller still returns only once theirs is stored.
"""

from __future__ import annotations

import asyncio

from bot.storage import Database, HandChoices
from bot.storage.game_records import HandMessage

HandKey = tuple[int, int]  # game id, user id


class _Batch:
    def __init__(self) -> None:
        self.ids: dict[HandKey, HandMessage] = {}
        self.choices: dict[HandKey, HandChoices] = {}
        self.written: asyncio.Task[None] | None = None


class HandMessages:
    def __init__(self, database: Database) -> None:
        self._db = database
        self._open: _Batch | None = None  # the batch still taking writes: its transaction has not begun
        self._writing: set[asyncio.Task[None]] = set()  # batches not yet committed, callers cancelled or not

    async def store(
        self, game_id: int, user_id: int, message_id: int | None, sent_for: int | None = None
    ) -> None:
        """Record the player's hand message (and the turn it was sent for); returns when it is committed
        (raises if that failed)."""
        batch = self._batch()
        batch.ids[(game_id, user_id)] = (message_id, sent_for)
        await self._committed(batch)

    async def keep_choices(self, game_id: int, user_id: int, choices: HandChoices) -> None:
        """Record what the player turned their hand to; returns when it is committed (raises if that
        failed)."""
        batch = self._batch()
        batch.choices[(game_id, user_id)] = choices
        await self._committed(batch)

    async def written(self) -> None:
        """Wait for every batch begun (shutdown: a batch outlives its cancelled callers, and the database
        must not be closed under it)."""
        while self._writing:
            await asyncio.wait(set(self._writing))

    def _batch(self) -> _Batch:
        """The batch still taking writes; a new one (its write under way) when there is none."""
        batch = self._open
        if batch is None:
            batch = self._open = _Batch()
            batch.written = asyncio.create_task(self._write(batch), name="hand-messages")
            batch.written.add_done_callback(_seen)
            self._writing.add(batch.written)
            batch.written.add_done_callback(self._writing.discard)
        return batch

    async def _committed(self, batch: _Batch) -> None:
        assert batch.written is not None
        await asyncio.shield(batch.written)  # a cancelled caller leaves the batch to the others

    async def _write(self, batch: _Batch) -> None:
        async with self._db.unit_of_work() as uow:
            if self._open is batch:
                self._open = None  # from here on, writes start the next batch
            await uow.games.set_hand_messages(batch.ids)
            await uow.games.set_hand_choices(batch.choices)


def _seen(written: asyncio.Task[None]) -> None:
    """Its callers get its failure; when all of them were cancelled (shutdown), asyncio must not report it as
    never retrieved."""
    if not written.cancelled():
        written.exception()
