"""Which new table names the player to move by a mention (bot.tg.views `mentions_actor`), for a game saved
before the document kept the turn on (`GameDocument.turn_began`) and read back after a restart."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.engine.state import GameState, Pending
from bot.service import GameDocument
from bot.tg.views import mentions_actor
from tests.tg.render.games import random_match

RULES = Rules(turn_seconds=0)
# kept by documents of later bots: the turn on, its mention, the round's deal
LATER_KEYS = ("turn_began", "turn_mention", "round_began")


def _mid_match() -> GameState:
    """A match some turns after its deal, with a player to move."""
    return next(
        state
        for state, _ in random_match(RULES, seed=7, players=2)
        if state.seq > 10 and state.actor is not None and state.pending is Pending.PLAY
    )


def _saved_before_turns_were_kept(doc: GameDocument) -> GameDocument:
    return GameDocument.from_dict({k: v for k, v in doc.to_dict().items() if k not in LATER_KEYS})


def test_a_turn_saved_before_turns_were_kept_reads_as_begun_now() -> None:
    """(session 59's list) Such a document read the turn on as begun at 0, the deal's (its round_began,
    absent too, reads 0): the deal's hand rang its player, so no new table mentioned them, /table nor a table
    deleted and posted again, until the turn was over."""
    state = _mid_match()
    doc = GameDocument(1, "Friends", RULES, None, (1, 2), {1: "Ann", 2: "Bob"}, engine=state)

    read = _saved_before_turns_were_kept(doc)

    assert mentions_actor(read, None)  # a new table mentions them, once: that turn's mention is then kept
    assert read.turn_began == state.seq and read.turn_mention is None


def test_a_document_saved_before_its_match_began_keeps_no_turn() -> None:
    lobby = GameDocument(1, "Friends", RULES, None, (1, 2), {1: "Ann", 2: "Bob"})
    assert _saved_before_turns_were_kept(lobby).turn_began == 0
