"""How every use-case changes a game: one transaction under the game's lock, retried on a stale version.

A use-case is a `Step`: given the unit of work, the game's record and document, it returns the `Work` to save
(or None: nothing to change). The step runs again from a fresh read when the game was saved meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from bot.engine.actions import Action
from bot.engine.errors import IllegalAction
from bot.engine.events import Event, MatchEnded, PlayerLeft
from bot.engine.game import apply
from bot.engine.serialization import action_to_dict
from bot.service.document import GameDocument, read_document
from bot.service.errors import Refusal
from bot.service.leaderboards import record_match
from bot.service.lobby import with_creator_seated
from bot.service.locks import GameLocks
from bot.service.model import Outcome
from bot.service.progress import Progress, Screens, advance, end_told_to_removed
from bot.service.results import add_match_rows, at
from bot.service.stop_rules import stop_match, stop_reason, without_match_end
from bot.storage import GameRecord, GameStatus, NewEvent, StaleGameVersion, UnitOfWork
from bot.storage.unit_of_work import Database

log = logging.getLogger(__name__)

SAVE_ATTEMPTS = 5


@dataclass
class Work:
    """What a use-case decided inside its transaction."""

    record: GameRecord
    doc: GameDocument
    log: list[NewEvent]
    events: tuple[Event, ...] = ()
    screens: Screens = field(default_factory=Screens)
    started: bool = False
    stopped: bool = False
    notice: int | None = None
    idle_warning: bool = False


Step = Callable[[UnitOfWork, GameRecord, GameDocument], Awaitable[Work | None]]


class Changes:
    def __init__(self, database: Database) -> None:
        self._db = database
        self._locks = GameLocks()
        # game -> (version, document) as last saved by this process: the next change of the game reuses it
        # instead of parsing the stored state again (a third of a press's time while it holds the writer).
        self._saved: dict[int, tuple[int, GameDocument]] = {}

    async def engine_step(
        self,
        uow: UnitOfWork,
        record: GameRecord,
        doc: GameDocument,
        action: Action,
        actor: int | None,
        now: int,
    ) -> Work:
        try:
            state, events = apply(doc.state, action)
        except IllegalAction as error:
            raise Refusal(error.reason.value) from None
        progress = advance(doc, doc.state, state, events, actor, now)
        entry = NewEvent(f"action.{type(action).__name__}", action_to_dict(action), actor)
        return await self.settle(uow, record, progress, [entry], events, now)

    async def settle(
        self,
        uow: UnitOfWork,
        record: GameRecord,
        progress: Progress,
        log_rows: list[NewEvent],
        events: list[Event],
        now: int,
    ) -> Work:
        """Results rows, left players, and the finished status, in the same transaction."""
        for round_no, rows in progress.round_rows:
            await uow.results.add_round(record.id, record.chat_id, round_no, rows)
        for event in events:
            if isinstance(event, PlayerLeft):
                await uow.games.mark_left(record.id, event.player)
        reason = stop_reason(progress.doc, events, ended=progress.match_rows is not None)
        screens = progress.screens
        if reason is not None or progress.match_rows is not None:
            screens = end_told_to_removed(screens, progress.doc)
        if reason is not None:
            record, owing = await stop_match(uow, record, without_match_end(progress.doc), now, reason)
            log_rows = [*log_rows, NewEvent("game.stop", {"reason": reason.value})]
            told = tuple(event for event in events if not isinstance(event, MatchEnded))
            return Work(record, owing, log_rows, told, screens, stopped=True)
        doc = with_creator_seated(progress.doc)
        if progress.match_rows is not None:
            await add_match_rows(uow, record.id, record.chat_id, doc, progress.match_rows)
            await record_match(uow.session, record.id)  # ratings move with the results, in one transaction
            record = replace(record, status=GameStatus.FINISHED, finished_at=at(now))
        return Work(record, doc, log_rows, tuple(events), screens)

    def document(self, record: GameRecord) -> GameDocument:
        """The record's document: the one this process saved at that version, else parsed from the row
        (UnreadableGame when it cannot be)."""
        saved = self._saved.get(record.id)
        if saved is not None and saved[0] == record.version:
            return saved[1]
        return read_document(record)

    async def stop_unreadable(self, game_id: int, finished_at: datetime, log_row: NewEvent) -> None:
        """Stop an active game without reading its document (it cannot be: UnreadableGame): no results (its
        standings are in it), the document kept as it is for whoever mends it."""
        async with self._locks(game_id):
            async with self._db.unit_of_work() as uow:
                record = await uow.games.get(game_id)
                if record is None or not record.active:
                    raise Refusal("no_game")
                stopped = replace(record, status=GameStatus.STOPPED, finished_at=finished_at)
                await uow.games.save(stopped, [log_row])
            self._saved.pop(game_id, None)

    async def discard(
        self, game_id: int, unseen: Callable[[GameRecord, GameDocument], bool]
    ) -> tuple[GameRecord, GameDocument] | None:
        """Delete the game, under its lock, when it is `unseen` as it stands; what it was, if it was."""
        async with self._locks(game_id):
            async with self._db.unit_of_work() as uow:
                record = await uow.games.get(game_id)
                if record is None:
                    return None
                doc = self.document(record)
                if not unseen(record, doc):
                    return None
                await uow.games.delete(game_id)
            self._saved.pop(game_id, None)
            return record, doc

    async def change(self, game_id: int, step: Step) -> Outcome:
        outcome = await self.optional(game_id, step)
        if outcome is None:
            raise Refusal("unknown")
        return outcome

    async def optional(self, game_id: int, step: Step) -> Outcome | None:
        async with self._locks(game_id):
            for _ in range(SAVE_ATTEMPTS):
                try:
                    async with self._db.unit_of_work() as uow:
                        record = await uow.games.get(game_id)
                        if record is None:
                            raise Refusal("no_game")
                        work = await step(uow, record, self.document(record))
                        if work is None:
                            return None
                        saved = await uow.games.save(
                            replace(work.record, state=_kept(work).to_dict()), work.log
                        )
                except StaleGameVersion:
                    log.info("game %s changed under us; retrying", game_id)
                    continue
                if saved.active:
                    self._saved[game_id] = (saved.version, work.doc)
                else:
                    self._saved.pop(game_id, None)
                return Outcome(
                    saved,
                    work.doc,
                    work.events,
                    work.screens,
                    started=work.started,
                    stopped=work.stopped,
                    unreachable_notice=work.notice,
                    idle_warning=work.idle_warning,
                )
        raise Refusal("unknown")


def _kept(work: Work) -> GameDocument:
    """The document stored: a game that ends keeps no chat admin's name from a kick (only the running match's
    screens name them; /privacy says /forgetme deletes a kept name, which it looks for in active games
    alone). The end's own screens still do: the outcome has `work.doc`; redrawn by a restart, "a chat admin"
    (the group's notice of the kick, never edited, still names them)."""
    return work.doc if work.record.active else replace(work.doc, kicker_names={})
