"""GameService: the use-cases (the lobby's own in bot.service.lobbies, removing a player in
bot.service.leaving, stopping in bot.service.stops, pausing in bot.service.pausing, playing in
bot.service.playing, start-up's in bot.service.start_up, what the adapter reports back in
bot.service.reports); here, the reads and starting a match.
Each is one transaction under the game's lock (bot.service.changes).

The adapter publishes the returned Outcome after the transaction has committed and the lock is released.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine.game import new_match
from bot.service import lobby
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument
from bot.service.hand_messages import HandMessages
from bot.service.leaving import LeaveUseCases
from bot.service.lobbies import LobbyUseCases
from bot.service.model import Clock, Outcome, Place, Seeds
from bot.service.pausing import closed_too_long
from bot.service.playing import PlayUseCases
from bot.service.progress import advance
from bot.service.reports import ENDED_RECENTLY_MS, ReportUseCases
from bot.service.results import at
from bot.service.settings import preset_label, rules_for_chat
from bot.service.start_up import StartUpUseCases
from bot.service.stop_rules import idle_deadline
from bot.service.stops import StopUseCases
from bot.service.topic_use import TopicUse
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork
from bot.storage.unit_of_work import Database


class GameService(LobbyUseCases, LeaveUseCases, StartUpUseCases, ReportUseCases, StopUseCases, PlayUseCases):
    def __init__(self, database: Database, clock: Clock, seeds: Seeds, ticks: Clock) -> None:
        """`clock`: ms on the wall clock (the games' moments); `ticks`: on one that never jumps (what is kept
        in memory for a while: a wall clock set a day ahead would forget it at once)."""
        self._db = database
        self._clock = clock
        self._started = clock()  # the time the bot was down does not count as time nobody moved
        # The last set-back of the wall clock `_started` moved back for: its moment, and how far (ms).
        self._started_set_back = (0, 0)
        self._seeds = seeds
        self._changes = Changes(database)
        self._hand_messages = HandMessages(database)
        self.topic_use = TopicUse(ticks)

    def clock_set_back(self, at: int, ms: int) -> None:
        """The wall clock was set back `ms` at `at` (bot.tg.outages): the bot's start, a match's idle hour
        counting from no earlier, moves back as much (each game's moments: `give_time_back`), once: a
        give-back cut short gives the set-back again from the same `at` (bot.tg.downtime `owing`), with one
        more in it when the clock was set back again meanwhile: moved back by that one alone."""
        moved = self._started_set_back[1] if at == self._started_set_back[0] else 0
        if ms > moved:
            self._started -= ms - moved
            self._started_set_back = (at, ms)

    # ---- reading ---------------------------------------------------------------------------------------

    async def find(self, place: Place) -> tuple[GameRecord, GameDocument] | None:
        async with self._db.unit_of_work() as uow:
            record = await uow.games.find_active(place.chat_id, place.topic_id)
        return None if record is None else (record, self._changes.document(record))

    async def last_ended(self, place: Place) -> tuple[GameRecord, GameDocument] | None:
        """The latest game of the chat (or forum topic) that has ended, if any has."""
        async with self._db.unit_of_work() as uow:
            record = await uow.games.last_ended(place.chat_id, place.topic_id)
        return None if record is None else (record, self._changes.document(record))

    async def load(self, game_id: int) -> tuple[GameRecord, GameDocument] | None:
        async with self._db.unit_of_work() as uow:
            record = await uow.games.get(game_id)
        return None if record is None else (record, self._changes.document(record))

    async def active_games(self) -> list[GameRecord]:
        async with self._db.unit_of_work() as uow:
            return await uow.games.list_active()

    async def active_games_in(self, chat_id: int) -> list[GameRecord]:
        """The lobbies and running games of a chat, in all its forum topics."""
        async with self._db.unit_of_work() as uow:
            return await uow.games.list_active_in(chat_id)

    async def active_games_of(self, user_id: int) -> list[GameRecord]:
        """The lobbies and running games this user joined (left ones included)."""
        async with self._db.unit_of_work() as uow:
            return await uow.games.list_active_of(user_id)

    async def recently_ended(self, chat_id: int | None = None, before: int | None = None) -> list[int]:
        """Games (of this chat, or of all) that finished or were stopped within ENDED_RECENTLY_MS (of now, or
        before `before` ms, and since): a restart may have cut their last screens short (the writes still
        queued when the process died), or an outage (their publish failed), or the group could not be
        written to."""
        since = (self._clock() if before is None else before) - ENDED_RECENTLY_MS
        async with self._db.unit_of_work() as uow:
            return await uow.games.ended_since(at(since), chat_id)

    def deadline(self, record: GameRecord, doc: GameDocument) -> int | None:
        """When `timeout` has something to do for this game (ms), if ever."""
        if record.status is GameStatus.LOBBY:
            return lobby.idle_deadline(doc)
        if record.status is GameStatus.RUNNING and doc.paused:
            return closed_too_long(doc)
        if record.status is GameStatus.RUNNING and doc.engine is not None:
            deadline = doc.engine.next_deadline()
            return deadline if deadline is not None else idle_deadline(doc, self._started)
        return None

    # ---- starting (the lobby itself: LobbyUseCases; leaving it: LeaveUseCases; stopping: StopUseCases) --

    async def start(self, game_id: int, by: int, is_admin: bool) -> Outcome:
        """Deal, by the chat's settings as they are now (they may have changed since the lobby opened)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            lobby.check_in_lobby(record)
            lobby.check_manager(doc, by, is_admin)
            lobby.check_startable(doc)
            rules = await rules_for_chat(uow, record.chat_id)
            doc = replace(doc, rules=rules, preset=preset_label(rules))
            record = replace(record, preset=doc.preset)
            now = self._clock()
            seed = self._seeds()
            state, events = new_match(list(doc.players), doc.rules, seed, now)
            # A creator marked at the lobby's opening was told so by the invitation, not the group: their hand
            # is tried, and a refusal tells the group (player_unreachable), as it does for anyone.
            unreachable = doc.unreachable & doc.told_unreachable
            blocked = doc.blocked & unreachable
            # The lobby told its handovers; one kept for a player who left and came back would be told again
            # when they leave the match, as though they ran it.
            started = replace(
                doc,
                started_ms=now,
                round_started_ms=now,
                handovers={},
                unreachable=unreachable,
                blocked=blocked,
            )
            progress = advance(started, None, state, events, None, now)
            payload = {"players": list(doc.players), "rules": doc.rules.to_dict(), "seed": seed, "now": now}
            running = replace(record, status=GameStatus.RUNNING, started_at=at(now))
            work = await self._changes.settle(
                uow, running, progress, [NewEvent("match.start", payload, by)], events, now
            )
            work.started = True
            return work

        return await self._changes.change(game_id, step)
