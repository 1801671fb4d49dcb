"""Stopping a lobby or a running match: /stop (by a player, the creator or an admin), the bot's own stops
(say, removed from the group), and /stop of a game whose document cannot be read. What a stop does to a match
(its reasons, who forfeits, its standings) is bot.service.stop_rules's.

GameService inherits them; each is one transaction under the game's lock (bot.service.changes). A match
paused in a closed topic is stopped once who left it meanwhile is out of it (PauseUseCases).
"""

from __future__ import annotations

from dataclasses import replace

from bot.service import lobby
from bot.service.changes import Work
from bot.service.document import GameDocument, StopReason
from bot.service.errors import Refusal
from bot.service.model import Outcome
from bot.service.pausing import PauseUseCases
from bot.service.progress import Screens, end_told_to_removed, humans
from bot.service.results import at
from bot.service.stop_rules import counts_already, stop_match, stopper_forfeits
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork
from bot.storage.unit_of_work import Database


class StopUseCases(PauseUseCases):
    # Set by GameService, whose part this is.
    _db: Database

    async def stop(
        self,
        game_id: int,
        by: int | None,
        is_admin: bool,
        reason: StopReason | None = None,
        lobby_only: bool = False,
    ) -> Outcome:
        """Stop a lobby or a running match (`by` None: the bot itself, e.g. removed from the group, for
        `reason`; a player of a match that counts already takes it as their loss: `stopper_forfeits`);
        `lobby_only`: the lobby only, as the question was asked before the match started. Who left the group
        while the match was paused in a closed topic leaves it first, which may end it: won, not stopped."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            if not record.active:
                raise Refusal("no_game")
            if by is not None:
                lobby.check_manager(doc, by, is_admin)
            if lobby_only and record.status is not GameStatus.LOBBY:
                raise Refusal("stop_asked_in_lobby")
            now = self._clock()
            log_rows = [NewEvent("game.stop", {"reason": reason.value} if reason else {}, by)]
            if record.status is GameStatus.RUNNING:
                played = await uow.results.round_people(record.id)

                async def stop_now(record: GameRecord, doc: GameDocument) -> Work:
                    forfeit = by if stopper_forfeits(doc, by, played) else None
                    work = await stopped_work(uow, record, doc, now, log_rows, reason, by, forfeit)
                    if reason is StopReason.TOPICS_OFF:
                        # Its table, shown in the one chat now, says why and each one's points; its topic,
                        # where a round's results and the standings would go, takes no message any more
                        # (owed, they would be sent there again at each restart).
                        work.doc = replace(work.doc, unannounced=(), standings_unannounced=False)
                    return work

                return await self.stop_after_departures(uow, record, doc, now, stop_now)
            closed = replace(record, status=GameStatus.STOPPED, finished_at=at(now))
            doc = replace(doc, stopped_because=reason)  # a lobby redrawn later still says why
            return Work(closed, doc, log_rows, screens=Screens(lobby=True), stopped=True)

        return await self._changes.change(game_id, step)

    async def counts_already(self, game_id: int) -> bool:
        """Whether the game is a match that counts on the boards already: a /stop by a player of it is then
        their loss (`stopper_forfeits`)."""
        async with self._db.unit_of_work() as uow:
            return counts_already(await uow.results.round_people(game_id))

    async def stop_unreadable(self, game_id: int, by: int) -> None:
        """/stop of a game whose document cannot be read (UnreadableGame): it can never go on, so it is
        stopped as it stands, with no results."""
        log_row = NewEvent("game.stop", {"reason": "unreadable"}, by)
        await self._changes.stop_unreadable(game_id, at(self._clock()), log_row)


async def stopped_work(
    uow: UnitOfWork,
    record: GameRecord,
    doc: GameDocument,
    now: int,
    log_rows: list[NewEvent],
    reason: StopReason | None = None,
    by: int | None = None,
    forfeit: int | None = None,
) -> Work:
    """A running match stopped early (by the bot for `reason`, or by `by` with /stop): its standings
    recorded (`forfeit`: whose result is a loss), its table and the people's hands redrawn."""
    stopped, owing = await stop_match(uow, record, doc, now, reason, by, forfeit)
    hands = frozenset(humans(doc, doc.state)) - doc.unreachable
    screens = end_told_to_removed(Screens(table=True, hands_to_edit=hands), doc)
    return Work(stopped, owing, log_rows, screens=screens, stopped=True)
