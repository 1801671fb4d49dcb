"""What a stopped game's document keeps across versions of the bot: who a stopped match's loss is, why a
lobby closed by itself."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.rules import Rules
from bot.service.document import GameDocument, LobbyClosed, StopReason

ALICE, BOB = 1, 2
DOC = GameDocument(
    creator=ALICE, chat_title="Friends", rules=Rules(), preset=None, players=(ALICE, BOB), names={}
)


def test_a_stop_saved_before_the_forfeit_was_kept_reads_as_the_stoppers_loss_only() -> None:
    """Documents saved before `forfeited` said only whether the /stop-er lost (`stopper_lost`)."""
    saved = {key: value for key, value in DOC.to_dict().items() if key != "forfeited"}
    lost = GameDocument.from_dict({**saved, "stopped_by": ALICE, "stopper_lost": True})
    kept = GameDocument.from_dict({**saved, "stopped_by": ALICE, "stopper_lost": False})
    assert (lost.forfeited, lost.stopper_lost) == (ALICE, True)
    assert (kept.forfeited, kept.stopper_lost) == (None, False)


def test_the_player_an_idle_match_waited_for_is_kept_as_its_loss_and_no_stoppers() -> None:
    stalled = replace(DOC, stopped_because=StopReason.IDLE, forfeited=BOB)
    read = GameDocument.from_dict(stalled.to_dict())
    assert (read.forfeited, read.stopper_lost) == (BOB, False)


def test_why_a_lobby_closed_by_itself_is_kept_and_one_saved_before_it_was_kept_reads_without() -> None:
    emptied = replace(DOC, closed_because=LobbyClosed.EMPTY)
    assert GameDocument.from_dict(emptied.to_dict()).closed_because is LobbyClosed.EMPTY
    saved = {key: value for key, value in DOC.to_dict().items() if key != "closed_because"}
    assert GameDocument.from_dict(saved).closed_because is None
