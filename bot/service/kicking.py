"""/kick in a running match, against the one who kicks: a player of the match who removes a player still
playing (say, the one about to win) cannot win it by that. A kick is never the kicked player's loss
(`match_rows`); and if who removed someone still playing wins, the match counts for nobody (a loss of one who
left stays, as in a stopped match): no win to take, and no loss of one's own to void either."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bot.service.document import GameDocument

# The match waited this long for the move of the one kicked: they were holding it up, not playing.
HOLDING_UP_MS = 60 * 1000


def holds_up(doc: GameDocument, player: int, now: int) -> bool:
    """Whether `player` keeps the match from going on: the bot cannot reach them with their cards, they
    missed their last turn, or the match has waited at least HOLDING_UP_MS for their move."""
    state = doc.state
    waited = state.actor == player and now - state.clock >= HOLDING_UP_MS
    return player in doc.unreachable or state.afk.get(player, 0) > 0 or waited


def removes_one_playing(doc: GameDocument, target: int, by: int, now: int) -> bool:
    """Whether `by`, a player of the match, removes `target` while they are still playing: a win of `by`'s
    then counts for nobody (`voided_by_kick`)."""
    return by in doc.state.players and by not in doc.computers and not holds_up(doc, target, now)


def with_kick(doc: GameDocument, target: int, by: int, now: int) -> GameDocument:
    """The document once `by` removed `target` from the running match (the engine's Leave follows); `by`
    marked if `target` was still playing (`removes_one_playing`)."""
    playing = removes_one_playing(doc, target, by, now)
    return replace(
        doc,
        kicked=doc.kicked | {target},
        kicked_by={**doc.kicked_by, target: by},
        kicked_someone_playing=doc.kicked_someone_playing | ({by} if playing else set()),
    )


def voided_by_kick(doc: GameDocument, winners: Iterable[int]) -> bool:
    """Whether the match that these players won counts for nobody: one of them removed a player still
    playing."""
    return any(winner in doc.kicked_someone_playing for winner in winners)
