"""One log line when a match starts and one when it ends or is stopped: the operator sees the bot in use
(and how long matches run) without a line per press, and without anyone's name or cards."""

from __future__ import annotations

import logging

from bot.service import Outcome

log = logging.getLogger(__name__)


def log_match_milestone(outcome: Outcome) -> None:
    game, doc = outcome.game, outcome.doc
    # A forum's topics each have their game: one topic's history is found by its id.
    where = f"chat {game.chat_id}, topic {game.topic_id}" if game.topic_id else f"chat {game.chat_id}"
    if outcome.started:
        players, computers = len(doc.players), len(doc.computers)
        log.info("Game %s started in %s: %s players (computers: %s)", game.id, where, players, computers)
        return
    if doc.engine is None or not (outcome.stopped or outcome.match_end):
        return  # a lobby's change (one stopped included), or a move
    ended_ms = int(game.finished_at.timestamp() * 1000) if game.finished_at else doc.started_ms
    minutes = max(0, ended_ms - doc.started_ms) // 60_000
    how = "ended" if outcome.match_end else f"stopped ({doc.stopped_because or 'by /stop'})"
    rounds = doc.engine.round_no
    log.info("Game %s in %s %s after %s rounds, %s min", game.id, where, how, rounds, minutes)
