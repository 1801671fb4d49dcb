"""Playing a running match: a player's press, the deadlines that run out (and a lobby left idle, a topic
closed too long), a computer player's move and how long it thinks first, and a seven-silence broken.

GameService inherits them; each change is one transaction under the game's lock (bot.service.changes).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace

from bot.engine.actions import BreakSilence, Timeout, TimeoutKind
from bot.engine.errors import IllegalAction, Reason
from bot.engine.game import apply
from bot.engine.serialization import action_to_dict
from bot.engine.state import GameState
from bot.service import lobby
from bot.service.changes import Work
from bot.service.computer import Thinking, computer_action, thinking_time
from bot.service.decision_answers import decision_refusal
from bot.service.document import GameDocument, LobbyClosed, StopReason
from bot.service.errors import Refusal
from bot.service.model import Intent, Outcome, StaleCheck, Surface
from bot.service.pausing import PauseUseCases, closed_too_long
from bot.service.penalty_answers import penalty_refusal
from bot.service.progress import Screens, advance
from bot.service.races import race_refusal
from bot.service.results import at
from bot.service.seats import unseated
from bot.service.stop_rules import abandoned_deadline, idle_deadline, stalling
from bot.service.stops import stopped_work
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork

log = logging.getLogger(__name__)

# Whether the group was shown the game's catch window that closes at this deadline (ms).
CatchSeen = Callable[[int], bool]

MAX_TIMEOUTS_PER_CALL = 8  # several deadlines may have passed while the bot was down


# On PauseUseCases (its clock, changes and start time set by GameService, whose part this is): a match paused
# too long is stopped once who left it meanwhile is out of it (`stop_after_departures`).
class PlayUseCases(PauseUseCases):
    async def press(
        self,
        game_id: int,
        user_id: int,
        surface: Surface,
        counter: int,
        intent: Intent,
        on_stale: StaleCheck | None = None,
    ) -> Outcome:
        """A player's button press: refused (nothing changes) when stale, not theirs, or illegal.
        A press on an outdated screen is refused as "stale", or with the reason `on_stale(state, user, now)`
        gives; when that gives None, the press acts on the game as it is now."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            if record.status is not GameStatus.RUNNING:
                raise Refusal("no_game")
            state = doc.state
            if user_id not in state.players:
                raise unseated(doc, user_id)
            if doc.paused:
                raise Refusal("paused_muted" if doc.paused_muted else "paused")
            current = doc.hand_counters.get(user_id) if surface is Surface.HAND else doc.table_counter
            now = max(self._clock(), state.clock)
            if counter != current:
                reason = "stale" if on_stale is None else on_stale(state, user_id, now)
                if reason is not None:
                    pressed = counter if on_stale is None and surface is Surface.HAND else None
                    raise race_refusal(doc, user_id, reason, counter, hand_pressed=pressed)
            try:
                action = intent(state, user_id, now)
            except Refusal as refusal:
                raise race_refusal(doc, user_id, refusal.reason, counter) from None
            try:
                return await self._changes.engine_step(uow, record, doc, action, user_id, now)
            except Refusal as refusal:
                if refusal.reason == Reason.PENALTY_PENDING.value:
                    raise Refusal(penalty_refusal(state, user_id, now)) from None
                if refusal.reason == Reason.DECISION_PENDING.value:
                    raise decision_refusal(state, user_id, now) or refusal from None
                raise

        return await self._changes.change(game_id, step)

    async def timeout(
        self, game_id: int, untold: int | None = None, window_seen: CatchSeen | None = None
    ) -> Outcome | None:
        """Act on every deadline of the game that is really due now; None when none is. `untold`: a player
        the message telling them of their turn is still on its way to (Telegram made the bot wait): their
        turn does not run out before they could see it (`turn_told_late` gives it its time then).
        `window_seen`: whether the table showing the catch window that closes at a deadline reached the
        group; one still on its way does not run out before the group could see it (`catch_told_late`)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            now = self._clock()
            if record.status is GameStatus.LOBBY:
                if now < lobby.idle_deadline(doc):
                    return None
                closed = replace(record, status=GameStatus.STOPPED, finished_at=at(now))
                idle = replace(doc, closed_because=LobbyClosed.IDLE)
                return Work(closed, idle, [NewEvent("lobby.idle", {})], screens=Screens(lobby=True))
            if record.status is not GameStatus.RUNNING:
                return None
            if doc.paused:  # its clocks stand still; a topic (or group) closed to the bot too long stops it
                return (
                    await self._closed_too_long(uow, record, doc, now)
                    if now >= closed_too_long(doc)
                    else None
                )
            if doc.state.next_deadline() is None:
                abandoned = abandoned_deadline(doc, self._started)
                if now >= abandoned:
                    # Nobody moved for that long (no turn timer): the match is stopped, with no winner.
                    log_rows = [NewEvent("game.stop", {"reason": StopReason.IDLE.value})]
                    return await stopped_work(
                        uow, record, doc, now, log_rows, StopReason.IDLE, forfeit=stalling(doc)
                    )
                if now >= idle_deadline(doc, self._started):  # once before it, while a move still saves it
                    warned = replace(doc, idle_warned=abandoned)
                    return Work(record, warned, [NewEvent("game.idle_warning", {})], idle_warning=True)
            state, actions, events = doc.state, [], []
            for _ in range(MAX_TIMEOUTS_PER_CALL):
                held = untold is not None and state.actor == untold
                kind = _due(state, now, held, window_seen is not None and _unseen(state, now, window_seen))
                if kind is None:
                    break
                action = Timeout(kind, now)
                try:
                    state, produced = apply(state, action)
                except IllegalAction as error:  # the engine disagrees that it is due: leave it be
                    log.warning("game %s: timeout %s refused (%s)", game_id, kind.value, error.reason.value)
                    break
                actions.append(action)
                events += produced
            if not actions:
                return None
            progress = advance(doc, doc.state, state, events, None, now)
            log_rows = [NewEvent(f"action.{type(a).__name__}", action_to_dict(a)) for a in actions]
            return await self._changes.settle(uow, record, progress, log_rows, events, now)

        return await self._changes.optional(game_id, step)

    async def _closed_too_long(
        self, uow: UnitOfWork, record: GameRecord, doc: GameDocument, now: int
    ) -> Work:
        """The paused match's topic stayed closed (or its group refused the bot's posts) for
        CLOSED_TOO_LONG_MS: it stops, once who left it (or the group) meanwhile is out of it."""

        async def stop_now(record: GameRecord, doc: GameDocument) -> Work:
            log_rows = [NewEvent("game.stop", {"reason": StopReason.GONE.value})]
            return await stopped_work(uow, record, doc, now, log_rows, StopReason.GONE)

        return await self.stop_after_departures(uow, record, doc, now, stop_now)

    async def computer_move(self, game_id: int) -> Outcome | None:
        """One move or reflex of a computer player, if any computer has something to do."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if record.status is not GameStatus.RUNNING or doc.paused:
                return None
            now = max(self._clock(), doc.state.clock)
            chosen = computer_action(doc, doc.state, now)
            if chosen is None:
                return None
            player, action = chosen
            return await self._changes.engine_step(uow, record, doc, action, player, now)

        return await self._changes.optional(game_id, step)

    async def break_silence(self, game_id: int, user_id: int, holder: int) -> Outcome | None:
        """Seven-silence: a player posted in the group while `holder`'s silence was on, as the group had
        been told (None: no player, or that silence is over; a newer one may not be told yet)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if record.status is not GameStatus.RUNNING or doc.paused:
                return None
            state = doc.state
            if state.silence_holder != holder or user_id not in state.players:
                return None
            now = max(self._clock(), state.clock)
            return await self._changes.engine_step(uow, record, doc, BreakSilence(user_id, now), user_id, now)

        return await self._changes.optional(game_id, step)

    def computer_thinking(self, doc: GameDocument) -> Thinking | None:
        """While some computer player has something to do, how long it thinks first (in multiples of a move's
        time, and by when at the latest; the adapter schedules `computer_move` after it); None when no
        computer has anything to do."""
        state = doc.engine
        if state is None or doc.paused:
            return None
        now = max(self._clock(), state.clock)
        chosen = computer_action(doc, state, now)
        return thinking_time(doc, state, *chosen, now) if chosen is not None else None


def _due(state: GameState, now: int, held: bool = False, catch_held: bool = False) -> TimeoutKind | None:
    """The deadline due first (`held`: not the turn's; `catch_held`: not the catch window's)."""
    deadlines = [
        (None if catch_held else state.catch_deadline, TimeoutKind.CATCH),
        (state.slap_deadline, TimeoutKind.SLAP),
        (None if held else state.turn_deadline, TimeoutKind.TURN),
        (state.next_round_deadline, TimeoutKind.NEXT_ROUND),
    ]
    due = [(deadline, kind) for deadline, kind in deadlines if deadline is not None and deadline <= now]
    return min(due, key=lambda item: item[0])[1] if due else None


def _unseen(state: GameState, now: int, window_seen: CatchSeen) -> bool:
    """Whether the catch window open is one the group has not seen yet, its table on its way."""
    deadline = state.catch_deadline
    if deadline is None or not state.catchable or window_seen(deadline):
        return False
    return now < unseen_window_waits_until(deadline, state)


def unseen_window_waits_until(deadline: int, state: GameState) -> int:
    """Until when a catch window closing at `deadline` whose table has not reached the group waits for it
    (ms): one more window's length at most, so that an edit that never lands (it failed) lets it close."""
    return deadline + state.rules.uno_window_seconds * 1000
