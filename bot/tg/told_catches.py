"""Since when the group can see a catch window open: the engine times it from the play, the group sees it when
the table showing "Catch!" lands. Computers catch no sooner than people could from then, and a window whose
table came late gets its whole time from then (RULES.md §5), as a turn told late does (private_hands)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.service import GameDocument, GameService
from bot.storage import GameRecord, GameStatus
from bot.tg.background import Spawn
from bot.tg.pacing import Landed

log = logging.getLogger(__name__)

# A catch window whose table took longer than this share of the window to land (Telegram made the bot wait)
# gets its whole time from then: nobody could catch or call meanwhile. Less late, the group lost little, and
# a new deadline costs it a table edit: a busy group's edits wait a few seconds often (about 3 s of a 10 s
# window with three games in one forum), and there every edit more makes the next window later still.
TOLD_LATE_SHARE = 0.5

Clock = Callable[[], int]
# Told when a catch window's table landed (the game as it was drawn; when it landed, if late, else None): the
# runtime times the computers from then, and starts a late window's time again through the service (`shown`
# its new deadline).
OnShown = Callable[[GameRecord, GameDocument, int | None], Awaitable[None]]


class ToldCatches:
    """Per game, the catch window (by its deadline) whose table the group was shown (stored in the background
    for a restart: `GameDocument.catch_told`)."""

    def __init__(self, clock: Clock, service: GameService, on_shown: OnShown, spawn: Spawn) -> None:
        self._clock = clock
        self._service = service
        self._on_shown = on_shown
        self._spawn = spawn
        # game -> the window the group saw open: the state's seq whose table showed it, and its deadline
        self._told: dict[int, tuple[int, int]] = {}

    def to_tell(self, record: GameRecord, doc: GameDocument) -> Landed | None:
        """While a catch window is open that the group has not seen: what follows the table showing it."""
        state = doc.engine
        running = state is not None and record.status is GameStatus.RUNNING
        deadline = state.catch_deadline if state is not None and running and state.catchable else None
        if state is None or deadline is None:
            self.forget(record.id)
            return None
        if self.seen(record.id, deadline):
            return None
        game_id, window_ms, seq = record.id, state.rules.uno_window_seconds * 1000, state.seq
        opened = deadline - window_ms

        def landed() -> None:
            told = self._told.get(game_id)
            # (a table of an older state landing after one of a newer: a window started again as it landed
            # would be told as not seen yet, and its edit's landing start it once more)
            if told is not None and (told[1] == deadline or told[0] > seq):
                return
            self._told[game_id] = (seq, deadline)
            self._spawn(self._store(game_id, deadline))
            now = self._clock()
            late = now - opened > window_ms * TOLD_LATE_SHARE
            self._spawn(self._shown(record, doc, now if late else None))

        return landed

    def shown(self, game_id: int, seq: int, deadline: int) -> None:
        """The group can see the window that closes at `deadline`, of the state `seq` (one started again as
        its table landed)."""
        self._told[game_id] = (seq, deadline)
        self._spawn(self._store(game_id, deadline))

    def seen(self, game_id: int, deadline: int) -> bool:
        told = self._told.get(game_id)
        return told is not None and told[1] == deadline

    def seen_before_start(self, record: GameRecord, doc: GameDocument) -> None:
        """At start-up: a window whose table landed before the restart was shown then (the time the bot was
        down is given back apart, bot.tg.downtime); its start-up redraw is no news. One a flood kept off the
        table the group never saw: it waits for the start-up redraw, and gets its time from then if late."""
        state = doc.engine
        told = record.status is GameStatus.RUNNING and doc.catch_told
        if told and state is not None and state.catch_deadline is not None:
            self._told[record.id] = (state.seq, state.catch_deadline)

    def forget(self, game_id: int) -> None:
        self._told.pop(game_id, None)

    async def _store(self, game_id: int, deadline: int) -> None:
        try:
            await self._service.catch_told(game_id, deadline)
        except Exception:  # only a restart would miss it: the window would wait for its start-up redraw
            log.exception("storing that game %s's catch window was told failed", game_id)

    async def _shown(self, record: GameRecord, doc: GameDocument, late_at: int | None) -> None:
        try:
            await self._on_shown(record, doc, late_at)
        except Exception:  # the window keeps the time it had
            log.exception("following game %s's catch window shown failed", record.id)
