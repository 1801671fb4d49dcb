"""Which of the table's recent moves came after a screen was shown: each is kept with the seq the engine
reached with it, so a press on an outdated hand is told the move that outdated it (bot.service.races)."""

from __future__ import annotations

from bot.engine.events import CardPlayed, MatchEnded
from bot.engine.rules import Rules
from bot.service.document import GameDocument
from bot.service.recent_moves import LINES_KEPT
from bot.service.stop_rules import without_match_end

PLAYERS = (1, 2, 3)
DOC = GameDocument(creator=1, chat_title="Friends", rules=Rules(), preset=None, players=PLAYERS, names={})


def _played(doc: GameDocument, seqs: range) -> GameDocument:
    """A card played at each of `seqs`, each a line of its own (each by the next player)."""
    for seq in seqs:
        doc = doc.with_recent([CardPlayed(PLAYERS[seq % len(PLAYERS)], seq)], seq)
    return doc


def test_the_moves_since_a_seq_are_those_made_after_it_in_order() -> None:
    doc = _played(DOC, range(1, 6))
    assert doc.told_since(3) == (CardPlayed(PLAYERS[1], 4), CardPlayed(PLAYERS[2], 5))
    assert doc.told_since(5) == ()
    assert GameDocument.from_dict(doc.to_dict()).told_since(3) == doc.told_since(3)


def test_moves_since_a_seq_the_table_no_longer_keeps_all_of_are_not_known() -> None:
    """More lines came since than the table keeps: the first of them is gone, so none can be said first."""
    doc = _played(DOC, range(1, LINES_KEPT + 3))
    assert len(doc.recent_seqs) == len(doc.recent) == LINES_KEPT
    assert doc.told_since(1) is None
    assert doc.told_since(2) is None  # its own move is gone too: nothing kept says none came between
    assert doc.told_since(3) == doc.recent[1:]


def test_a_game_saved_before_the_seqs_were_kept_knows_only_the_moves_made_since() -> None:
    saved = {key: value for key, value in _played(DOC, range(1, 4)).to_dict().items() if key != "recent_seqs"}
    old = GameDocument.from_dict(saved)
    assert old.told_since(1) is None
    later = _played(old, range(4, 6))
    assert later.told_since(3) is None  # what came between 1 and 4 is not known
    assert later.told_since(4) == (CardPlayed(PLAYERS[2], 5),)


def test_a_match_end_left_out_of_the_recent_moves_takes_its_seq_with_it() -> None:
    ended = _played(DOC, range(1, 3)).with_recent([CardPlayed(PLAYERS[0], 3), MatchEnded((1,), {})], 3)
    stopped = without_match_end(ended)
    assert len(stopped.recent_seqs) == len(stopped.recent) == 3
    assert stopped.told_since(1) == (CardPlayed(PLAYERS[2], 2), CardPlayed(PLAYERS[0], 3))
