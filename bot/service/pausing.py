"""A match paused while its forum topic is closed to the bot (it may post nothing there:
`GameDocument.paused_closed`), or its group refuses the bot's posts (`GameDocument.paused_muted`), or both:
nobody moves and no clock runs (`GameDocument.paused_since`, its first pause's), until each reason is gone
(the topic reopened, the group letting the bot post again) and the match gets its time back once, as after an
outage; one that stays closed for CLOSED_TOO_LONG_MS stops it (`GameService.timeout`). Who leaves
it meanwhile (/leave, /kick, or the group) is noted (`GameDocument.departing`) and leaves it as it goes on, or
before it is stopped.

GameService inherits it; each change is one transaction under the game's lock (bot.service.changes).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.engine.actions import GiveTimeBack, Leave
from bot.engine.game import apply
from bot.engine.serialization import action_to_dict
from bot.service import stop_rules
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument
from bot.service.errors import Refusal
from bot.service.kicking import with_kick
from bot.service.model import Clock, Outcome
from bot.service.progress import Screens, advance, humans
from bot.storage import GameRecord, GameStatus, NewEvent, UnitOfWork

# A topic closed this long was not closed for the night or a spam wave: its match stops (the group is told
# nothing: the bot cannot post there; the hands say why).
CLOSED_TOO_LONG_MS = 24 * 60 * 60 * 1000


def closed_too_long(doc: GameDocument) -> int:
    """When a paused match stops (ms)."""
    return doc.paused_since + CLOSED_TOO_LONG_MS


def departure_noted(record: GameRecord, doc: GameDocument, player: int, by: int, left_group: bool) -> Work:
    """`by` removed `player` from the paused match (themselves: /leave; else /kick, or from the group): noted,
    it takes effect when the match goes on, or is stopped (`departures`); their hand says so meanwhile.
    Refused as "leaving_noted" once noted: the first one stands (whoever removed them, however)."""
    if player in doc.departing:
        raise Refusal("leaving_noted")
    noted = replace(doc, departing={**doc.departing, player: by})
    kind = "player.left_group" if left_group else "player.leave_noted"
    hand = frozenset({player}) - doc.unreachable
    return Work(record, noted, [NewEvent(kind, {"by": by}, player)], screens=Screens(hands_to_edit=hand))


class PauseUseCases:
    # Set by GameService, whose part this is.
    _clock: Clock
    _changes: Changes
    _started: int

    async def pause(self, game_id: int, muted: bool = False) -> Outcome | None:
        """The match's forum topic was closed to the bot (`muted`: its group refuses the bot's posts): it
        pauses, its table and hands say so; one paused for the other reason keeps its moment and stays paused
        for both, its hands saying the group's reason if it is one (None: no match runs, or it is paused for
        this reason already)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if record.status is not GameStatus.RUNNING or _paused_for(doc, muted):
                return None
            log_row = NewEvent("game.pause", {"muted": muted})
            if doc.paused:  # the group's reason is the one the hands give; the table can't be written to
                both = replace(doc, paused_muted=True, paused_closed=True)
                return Work(record, both, [log_row], screens=_hands(doc) if muted else Screens())
            now = max(self._clock(), doc.state.clock)
            paused = replace(doc, paused_since=now, paused_muted=muted, paused_closed=not muted)
            return Work(record, paused, [log_row], screens=_all(doc))

        return await self._changes.optional(game_id, step)

    async def resume(self, game_id: int, muted: bool) -> Outcome | None:
        """The match's forum topic was reopened (`muted`: its group lets the bot post again): a match paused
        for that reason alone goes on. Who left it (or the group) meanwhile leaves it, and it goes on, its
        deadlines (or its idle clock) moved on by the time it was paused; the hands show their cards again,
        the turn's player is told of it anew, and the table (the adapter posts it anew) says the game goes
        on. One paused for the other reason too stays paused for it, its hands saying so (None: it was not
        paused for this reason)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if record.status is not GameStatus.RUNNING or not _paused_for(doc, muted):
                return None
            if doc.paused_muted and doc.paused_closed:  # the other reason stands: no time back until it goes
                left = replace(doc, paused_muted=not muted, paused_closed=muted)
                log_row = NewEvent("game.pause_reason_gone", {"muted": muted})
                return Work(record, left, [log_row], screens=_hands(doc) if muted else Screens())
            now = max(self._clock(), doc.state.clock)
            since, lost = doc.paused_since, now - doc.paused_since
            log_row = NewEvent("game.resume", {"paused_ms": lost})
            going = replace(doc, paused_since=0, paused_muted=False, paused_closed=False)
            departed = await self.departures(uow, record, going, since, now)
            if departed is not None:
                if departed.record.status is not GameStatus.RUNNING:  # won, or stopped, by the departures
                    departed.log.append(log_row)
                    return departed
                record, going = departed.record, departed.doc
            if going.state.next_deadline() is None:  # no turn timer: the idle hour stood still instead
                idle = stop_rules.idle_began(going, self._started)
                going = replace(going, idle_since=idle + stop_rules.idle_time_back(idle, since, lost))
                return _went_on(Work(record, going, [log_row]), departed)
            try:
                work = await self._changes.engine_step(
                    uow, record, going, GiveTimeBack(since, lost, now), None, now
                )
            except Refusal:  # every deadline running was due before the pause: none moves
                return _went_on(Work(record, going, [log_row]), departed)
            work.log.append(log_row)
            return _went_on(work, departed)

        return await self._changes.optional(game_id, step)

    async def departures(
        self, uow: UnitOfWork, record: GameRecord, doc: GameDocument, since: int, now: int
    ) -> Work | None:
        """Those who left the match (or the group) while it was paused (from `since`) leave it, or are
        kicked, as they would have at the pause (the clocks their leaving restarts stood still since); None
        when nobody did."""
        if not doc.departing:
            return None
        state, events, log_rows, kicked = doc.state, [], [], replace(doc, departing={})
        for player, by in doc.departing.items():
            if player not in state.players or state.match_over:
                continue
            if by != player:
                kicked = with_kick(replace(kicked, engine=state), player, by, since)
            action = Leave(player, since)
            state, produced = apply(state, action)
            events += produced
            log_rows.append(NewEvent("action.Leave", action_to_dict(action), player))
        progress = advance(replace(kicked, engine=doc.engine), doc.state, state, events, None, now)
        return await self._changes.settle(uow, record, progress, log_rows, events, now)

    async def stop_after_departures(
        self,
        uow: UnitOfWork,
        record: GameRecord,
        doc: GameDocument,
        now: int,
        stop: Callable[[GameRecord, GameDocument], Awaitable[Work]],
    ) -> Work:
        """`stop` the match (however it is stopped), once who left it while it was paused is out of it:
        their standing a leaver's, their hands saying so. The departures may end it themselves: won by the
        one left, or stopped (computers alone, the last opponent kicked); it is not stopped again."""
        departed = None
        if doc.paused:
            departed = await self.departures(uow, record, replace(doc, paused_since=0), doc.paused_since, now)
        if departed is None:
            return await stop(record, doc)
        if departed.record.status is not GameStatus.RUNNING:
            return departed
        work = await stop(departed.record, departed.doc)
        work.log[:0] = departed.log
        work.events = (*departed.events, *work.events)
        edits = work.screens.hands_to_edit | departed.screens.hands_to_edit
        work.screens = replace(work.screens, hands_to_edit=edits)
        return work


def _went_on(work: Work, departed: Work | None) -> Work:
    """The paused match goes on (after the `departed` left it): the table says so until the next move, the
    hands show their cards again (and a departed player's that they are out), and the turn's player gets their
    hand in a new message, which notifies: their turn was told before the pause, perhaps hours ago."""
    doc = work.doc
    work.doc = replace(doc, went_on_at=doc.state.seq)
    hands = _hands(doc)
    actor = doc.state.actor
    # No actor between rounds (nobody's turn runs: the next deal tells each player anew) or once it is over.
    told = frozenset() if actor is None else frozenset({actor})
    again = told & hands.hands_to_edit
    edits = hands.hands_to_edit
    if departed is not None:
        work.log[:0] = departed.log
        work.events = (*departed.events, *work.events)
        edits |= departed.screens.hands_to_edit
        again |= departed.screens.hands_to_send & hands.hands_to_edit
    work.screens = replace(hands, hands_to_edit=edits - again, hands_to_send_again=again)
    return work


def _paused_for(doc: GameDocument, muted: bool) -> bool:
    """Whether the match is paused as its group refuses the bot's posts (`muted`), or else as its topic is
    closed to the bot."""
    return doc.paused_muted if muted else doc.paused_closed


def _hands(doc: GameDocument) -> Screens:
    """Every hand the bot can write to."""
    return Screens(hands_to_edit=frozenset(humans(doc, doc.state)) - doc.unreachable)


def _all(doc: GameDocument) -> Screens:
    """The table and every hand the bot can write to."""
    return replace(_hands(doc), table=True)
