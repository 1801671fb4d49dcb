"""What a paused match's document keeps across versions of the bot: the reasons it is paused for."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.rules import Rules
from bot.service.document import GameDocument

ALICE, BOB = 1, 2
DOC = GameDocument(
    creator=ALICE, chat_title="Friends", rules=Rules(), preset=None, players=(ALICE, BOB), names={}
)


def test_both_reasons_of_a_pause_are_kept() -> None:
    both = replace(DOC, paused_since=1_000, paused_muted=True, paused_closed=True)
    read = GameDocument.from_dict(both.to_dict())
    assert (read.paused_since, read.paused_muted, read.paused_closed) == (1_000, True, True)


def test_a_pause_saved_before_two_reasons_were_kept_reads_as_its_one_reason() -> None:
    """Documents saved before `paused_closed` said only whether the pause was the group's (`paused_muted`):
    one that was not was its closed topic's."""

    def saved(doc: GameDocument) -> GameDocument:
        return GameDocument.from_dict({k: v for k, v in doc.to_dict().items() if k != "paused_closed"})

    closed = saved(replace(DOC, paused_since=1_000))
    muted = saved(replace(DOC, paused_since=1_000, paused_muted=True))
    assert (closed.paused_muted, closed.paused_closed) == (False, True)
    assert (muted.paused_muted, muted.paused_closed) == (True, False)
    assert not saved(DOC).paused_closed
