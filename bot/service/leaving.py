"""Removing a player from a lobby or a running match: /leave (and the lobby's Leave button), /kick, and
leaving the group (or being removed from it).

GameService inherits them; each is one transaction under the game's lock (bot.service.changes).
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine.actions import Leave
from bot.service import lobby
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument, LobbyClosed
from bot.service.errors import Refusal
from bot.service.kicking import with_kick
from bot.service.model import Clock, Outcome
from bot.service.pausing import departure_noted
from bot.service.progress import Screens
from bot.service.results import at
from bot.service.seats import unseated
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork


class LeaveUseCases:
    # Set by GameService, whose part this is.
    _clock: Clock
    _changes: Changes

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        """Leave the lobby, or the running match (the engine removes the player)."""
        return await self._remove(game_id, user_id, by=user_id, is_admin=False)

    async def leave_lobby(self, game_id: int, user_id: int) -> Outcome:
        """The lobby's Leave button: on a screen not yet redrawn after Start it must not end the match."""
        return await self._remove(game_id, user_id, by=user_id, is_admin=False, lobby_only=True)

    async def kick(
        self, game_id: int, by: int, is_admin: bool, target: int, admin_name: str | None = None
    ) -> Outcome:
        """`by` removes `target`; `admin_name`: the name the group's notice gives `by`, a chat admin outside
        the match (None: an anonymous admin, or a player, whom the game's screens name)."""
        return await self._remove(game_id, target, by=by, is_admin=is_admin, admin_name=admin_name)

    async def left_group(self, game_id: int, user_id: int, by: int) -> Outcome:
        """`user_id` left the game's group, or `by` (an admin, or an admin's bot) removed them from it: they
        leave the game as with /leave, or /kick."""
        return await self._remove(game_id, user_id, by=by, is_admin=True, left_group=True)

    async def _remove(
        self,
        game_id: int,
        user_id: int,
        by: int,
        is_admin: bool,
        lobby_only: bool = False,
        left_group: bool = False,
        admin_name: str | None = None,
    ) -> Outcome:
        """`by` removes `user_id`: themselves (no rights needed), else as the creator or an admin. A match
        paused in a closed topic notes it for when it goes on, or is stopped (`departure_noted`)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            if by != user_id:
                lobby.check_manager(doc, by, is_admin)
            now = self._clock()
            if record.status is GameStatus.RUNNING:
                if user_id not in doc.state.players:  # before "to leave it, send /leave": not in it at all
                    raise unseated(doc, user_id)
                if lobby_only:
                    raise Refusal("lobby_left_started")
                if left_group and by == user_id:  # the table tells why they left (not as if by /leave)
                    doc = replace(doc, left_group=doc.left_group | {user_id})
                if admin_name is not None and by not in doc.players:  # named by the table and the hand too
                    doc = replace(doc, kicker_names={**doc.kicker_names, by: admin_name})
                if doc.paused:  # nothing changes in it: its time given back must be the time it stood still
                    return departure_noted(record, doc, user_id, by, left_group)
                if by != user_id:
                    doc = with_kick(doc, user_id, by, now)
                return await self._changes.engine_step(uow, record, doc, Leave(user_id, now), user_id, now)
            lobby.check_in_lobby(record)
            new = lobby.without(doc, user_id, now)
            await uow.games.mark_left(record.id, user_id)
            work = Work(
                record, new, [NewEvent("lobby.leave", {"by": by}, user_id)], screens=Screens(lobby=True)
            )
            if not lobby.has_people(new):
                work.record = replace(record, status=GameStatus.STOPPED, finished_at=at(now))
                work.doc = replace(new, closed_because=LobbyClosed.EMPTY)
            return work

        return await self._changes.change(game_id, step)
