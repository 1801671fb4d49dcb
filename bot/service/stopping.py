"""A running match stopped early: /stop, the bot removed from the group, or only computers left in it."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.rules import Scoring
from bot.service.document import GameDocument
from bot.service.results import at, match_rows
from bot.storage import GameRecord, GameStatus, UnitOfWork


async def stop_match(
    uow: UnitOfWork, record: GameRecord, doc: GameDocument, now: int
) -> tuple[GameRecord, GameDocument]:
    """Record the standings of the players still in the match (a stopped match has no winner); the record,
    stopped, and the document, owing the group those standings."""
    state = doc.state
    totals = {p: state.scores[p] for p in state.players}
    low_wins = doc.rules.scoring is Scoring.OWN_HAND
    rows = match_rows(doc, totals, (), low_wins, now, stopped=True)
    await uow.results.add_match(record.id, record.chat_id, rows)
    stopped = replace(record, status=GameStatus.STOPPED, finished_at=at(now))
    return stopped, replace(doc, standings_unannounced=True)
