"""A running match stopped early: /stop, the bot removed from the group, nobody left to play it."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import replace

from bot.engine.events import Event, MatchEnded, PlayerLeft
from bot.engine.rules import Scoring
from bot.service.document import Departure, GameDocument, StopReason
from bot.service.results import add_match_rows, at, match_rows
from bot.storage import GameRecord, GameStatus, UnitOfWork
from bot.storage.results import BOARD_PEOPLE

# A running match in which nobody moved for this long is stopped: without a turn timer nothing else would
# ever end it, and it keeps the chat from starting another game.
ABANDONED_MS = 60 * 60 * 1000
IDLE_WARNING_MS = 10 * 60 * 1000  # the group is warned this long before such a stop
# Everyone away this long at least (their turns' time, missed since: `gone_quiet`), the turns ring no phone:
# at a minute a turn, three people who each missed one are likelier at the door than asleep.
QUIET_AFTER_SECONDS = 10 * 60


def stop_reason(doc: GameDocument, events: Sequence[Event], ended: bool) -> StopReason | None:
    """Why the bot stops the match after this change, if it does: nobody but computers is left in it (they
    neither play on alone in the group nor win it; one computer left ends the match in the engine), or the
    match `ended` by removing a player for missed turns and everyone left missed their last turn too, or by
    kicking the last opponent (a win nobody played for would count)."""
    if not any(p not in doc.computers for p in doc.state.players):
        return StopReason.COMPUTERS
    removed_idle = any(isinstance(event, PlayerLeft) and event.afk for event in events)
    if ended and removed_idle and everyone_away(doc):
        return StopReason.IDLE
    if ended and any(isinstance(event, PlayerLeft) and event.player in doc.kicked for event in events):
        return StopReason.KICKED
    return None


def everyone_away(doc: GameDocument) -> bool:
    """Whether every person still seated missed their last turn (their time ran out, and they pressed nothing
    since): nobody is at the table any more (gone to sleep, say)."""
    return _away_for(doc, 1)


def gone_quiet(doc: GameDocument) -> bool:
    """Whether the turns' hands go without a sound: everyone is away (`everyone_away`), each for
    QUIET_AFTER_SECONDS at least (their missed turns' time): asleep, not stepped out for a few minutes, whom
    the next turn's ring would call back before the missed turns remove them."""
    seconds = doc.state.rules.turn_seconds
    return seconds > 0 and _away_for(doc, math.ceil(QUIET_AFTER_SECONDS / seconds))


def _away_for(doc: GameDocument, turns: int) -> bool:
    """Whether every person still seated missed their last `turns` turns (or more) in a row."""
    people = [p for p in doc.state.players if p not in doc.computers]
    return bool(people) and all(doc.state.afk.get(p, 0) >= turns for p in people)


def stopper_forfeits(doc: GameDocument, by: int | None, played: Collection[int]) -> bool:
    """Whether a /stop is the loss of `by`, who stops the match: they play in it (are still seated) and it
    counts already (`played`: the people seated at a round's end; the boards count a match from BOARD_PEOPLE
    of them). Stopping is then leaving for them, and the others' match is void: else one about to lose would
    erase the match from the boards. Before that, and for an admin outside the match, a stop costs nobody."""
    seated = by is not None and by in doc.state.players and by not in doc.computers
    return seated and counts_already(played)


def counts_already(played: Collection[int]) -> bool:
    """Whether a match whose rounds ended with `played` people seated counts on the boards already."""
    return len(set(played)) >= BOARD_PEOPLE


def without_match_end(doc: GameDocument) -> GameDocument:
    """The document with no match end to tell: the match is stopped instead (see `stop_reason`)."""
    unannounced = tuple(e for e in doc.unannounced if not isinstance(e, MatchEnded))
    return replace(doc.without_told(MatchEnded), unannounced=unannounced)


def stalling(doc: GameDocument) -> int | None:
    """The person whose move the match waits for (without a turn timer): when nobody moved for so long that
    the bot stops it, it is their loss, as if they had left (else waiting, or blocking the bot, would dodge
    a loss that leaving takes)."""
    actor = doc.state.actor
    return actor if actor is not None and actor not in doc.computers else None


def idle_began(doc: GameDocument, since: int) -> int:
    """When the match's idle hour began: its last move, or later: `since` (when this process started: nobody
    could move while the bot was down), `idle_since` (an outage)."""
    return max(doc.state.clock, since, doc.idle_since)


def idle_time_back(idle_began: int, since: int, lost: int) -> int:
    """The part (ms) of a stand-still from `since` for `lost` ms (an outage, a closed topic) that an idle
    clock begun at `idle_began` counted: what it gets back (`GameDocument.idle_since`)."""
    return max(0, since + lost - max(idle_began, since))


def abandoned_deadline(doc: GameDocument, since: int) -> int:
    """When the match counts as abandoned: ABANDONED_MS after its idle hour began."""
    return idle_began(doc, since) + ABANDONED_MS


def idle_deadline(doc: GameDocument, since: int) -> int:
    """When a match nobody moves in next needs the bot: IDLE_WARNING_MS before it counts as abandoned, to warn
    the group, unless the group was warned of this very stop; then at the stop."""
    abandoned = abandoned_deadline(doc, since)
    return abandoned if doc.idle_warned == abandoned else abandoned - IDLE_WARNING_MS


async def stop_match(
    uow: UnitOfWork,
    record: GameRecord,
    doc: GameDocument,
    now: int,
    reason: StopReason | None = None,
    by: int | None = None,
    forfeit: int | None = None,
) -> tuple[GameRecord, GameDocument]:
    """Record the standings of the players still in the match (a stopped match has no winner); the record,
    stopped, and the document, owing the group those standings (`reason`: why the bot stopped it; `by`: who
    stopped it with /stop; `forfeit`: a player whose result is a loss, as if they had left: who kept the
    match from going on)."""
    state = doc.state
    totals = {p: state.scores[p] for p in state.players if p != forfeit}
    low_wins = doc.rules.scoring is Scoring.OWN_HAND
    counted = doc if forfeit is None else replace(doc, departures={**doc.departures, forfeit: Departure.LEFT})
    rows = match_rows(counted, totals, (), low_wins, now, stopped=True)
    await add_match_rows(uow, record.id, record.chat_id, counted, rows)
    stopped = replace(record, status=GameStatus.STOPPED, finished_at=at(now))
    owing = replace(doc, standings_unannounced=True, stopped_because=reason, stopped_by=by, forfeited=forfeit)
    return stopped, owing
