"""The group's notices that a player cannot get their cards, each following its player: once they pressed
Start it says they can, and should they block the bot again (the group is told once a game) it says so
again. Kept in memory only: after a restart a notice posted before it stays as it was."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import GameDocument
from bot.storage import GameRecord
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent

# The notice about a player, as it reads while they can (True) or cannot (False) get their cards.
NoticeRender = Callable[[int, bool], Render]


@dataclass
class _Notice:
    reachable: bool = False  # what it was last asked to say
    message_id: int | None = None  # once posted
    owed: Render | None = None  # asked for before it was posted: edited in once it is


class UnreachableNotices:
    def __init__(self, pacer: WritePacer) -> None:
        self._pacer = pacer
        self._notices: dict[int, dict[int, _Notice]] = {}  # game -> player -> their notice

    def posting(self, record: GameRecord, player: int, posting: asyncio.Future[SendOutcome]) -> None:
        """The notice about `player` goes out as `posting` tells."""
        notice = _Notice()
        self._notices.setdefault(record.id, {})[player] = notice
        chat_id = record.chat_id

        def landed(done: asyncio.Future[SendOutcome]) -> None:
            sent = None if done.cancelled() else done.result()
            if not isinstance(sent, Sent) or sent.message_id is None:
                return
            notice.message_id = sent.message_id
            if notice.owed is not None:  # the player came back while it waited for the group's window
                self._pacer.edit(chat_id, sent.message_id, notice.owed)

        posting.add_done_callback(landed)

    def follow(self, record: GameRecord, doc: GameDocument, render: NoticeRender) -> None:
        """Each notice of the game says whether its player can get their cards now; an edit only when that
        changed."""
        for player, notice in self._notices.get(record.id, {}).items():
            reachable = player not in doc.unreachable
            if reachable == notice.reachable:
                continue
            notice.reachable = reachable
            shown = render(player, reachable)
            if notice.message_id is None:
                notice.owed = shown
            else:
                self._pacer.edit(record.chat_id, notice.message_id, shown)

    def forget(self, game_id: int) -> None:
        self._notices.pop(game_id, None)
