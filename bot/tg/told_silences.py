"""Since when the group can read that a seven silence is on: a message binds only after that (RULES.md §7)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import GameDocument, GameService
from bot.storage import GameRecord, GameStatus
from bot.tg.background import Spawn

log = logging.getLogger(__name__)

# A seven silence binds a message only this long after the table telling it landed: people need a moment to
# see it (their apps show edits a little later, and a sentence may have been typed before).
SILENCE_GRACE_MS = 1000

Clock = Callable[[], int]


@dataclass
class _Silence:
    """A seven silence the table tells, and since when the group can read it (None: not yet)."""

    holder: int
    told_ms: int | None = None


class ToldSilences:
    """Per game, the silence on and when the table showing it landed (kept here, and stored in the background
    for a restart)."""

    def __init__(self, clock: Clock, service: GameService, spawn: Spawn) -> None:
        self._clock = clock
        self._service = service
        self._spawn = spawn
        self._silences: dict[int, _Silence] = {}  # game -> its silence, while one is on

    def binds(self, game_id: int, holder: int, sent_s: int) -> bool:
        """Whether a group message dated `sent_s` (Telegram's date: whole seconds, rounded down) was written
        after the group could read that `holder`'s silence is on."""
        silence = self._silences.get(game_id)
        told = silence.told_ms if silence is not None and silence.holder == holder else None
        return told is not None and sent_s * 1000 >= told + SILENCE_GRACE_MS

    def seen_before_start(self, record: GameRecord, doc: GameDocument) -> None:
        """At start-up: a silence the table showed before the restart binds as it did then. One a crash kept
        off the table binds once the start-up redraw shows it: nobody could have known of it before."""
        holder = doc.engine.silence_holder if doc.engine is not None else None
        told = doc.silence_told
        if record.status is GameStatus.RUNNING and told is not None and told[0] == holder:
            self._silences[record.id] = _Silence(told[0], told_ms=told[1])

    def forget(self, game_id: int) -> None:
        self._silences.pop(game_id, None)

    def to_tell(self, record: GameRecord, doc: GameDocument) -> Callable[[], None] | None:
        """While a silence is on that the group has not seen: what records the moment the table shows it."""
        running = doc.engine is not None and record.status is GameStatus.RUNNING
        holder = doc.state.silence_holder if running else None
        if holder is None:
            self.forget(record.id)
            return None
        silence = self._silences.get(record.id)
        if silence is None or silence.holder != holder:  # (a 7 of the holder's own keeps the one seen)
            silence = self._silences[record.id] = _Silence(holder)
        if silence.told_ms is not None:
            return None
        untold, game_id = silence, record.id

        def landed() -> None:
            if untold.told_ms is None:
                untold.told_ms = self._clock()
                self._spawn(self._store(game_id, untold.holder, untold.told_ms))

        return landed

    async def _store(self, game_id: int, holder: int, told_ms: int) -> None:
        try:
            await self._service.silence_told(game_id, holder, told_ms)
        except Exception:  # only a restart would miss it: the silence would bind from its redraw on
            log.exception("storing that game %s's silence was told failed", game_id)
