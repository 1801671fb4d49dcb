"""The warning that a match nobody moves in is about to stop (no turn timer): once its turn is over (someone
moved, the player to move left) or the match ended, it is of no use and goes, at the pacer's lowest
priority. Kept in memory only: after a restart a warning posted before it stays."""

from __future__ import annotations

import asyncio

from bot.service import GameDocument
from bot.storage import GameRecord
from bot.tg.fleeting import FleetingMessages
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent


class IdleWarnings:
    def __init__(self, fleeting: FleetingMessages) -> None:
        self._fleeting = fleeting
        # game -> (its chat, the turn warned of: `GameDocument.turn_began`, the warning's posting)
        self._warned: dict[int, tuple[int, int, asyncio.Future[SendOutcome]]] = {}

    def posting(self, record: GameRecord, doc: GameDocument, posting: asyncio.Future[SendOutcome]) -> None:
        self._warned[record.id] = (record.chat_id, doc.turn_began, posting)

    def follow(self, record: GameRecord, doc: GameDocument) -> None:
        """The game's warning goes once its turn is over or the game ended."""
        warned = self._warned.get(record.id)
        if warned is not None and (not record.active or doc.turn_began != warned[1]):
            self.ended(record.id)

    def ended(self, game_id: int) -> None:
        warned = self._warned.pop(game_id, None)
        if warned is None:
            return
        chat_id, _, posting = warned

        def landed(done: asyncio.Future[SendOutcome]) -> None:
            sent = None if done.cancelled() else done.result()
            if isinstance(sent, Sent) and sent.message_id is not None:
                self._fleeting.delete_now(chat_id, sent.message_id)

        posting.add_done_callback(landed)  # called at once when it has landed already

    def forget(self, game_id: int) -> None:
        """Drop the game's warning, which stays (its chat moved: it is in the old one)."""
        self._warned.pop(game_id, None)
