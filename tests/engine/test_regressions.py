"""Bugs reported in /work/notes/engine-bugs.md, each replayed from the reported state."""

import json
from pathlib import Path

from bot.engine import Challenge, Colour, apply, state_from_dict

DATA = Path(__file__).parent / "data"


def test_extreme_challenge_after_the_previous_top_was_reshuffled_and_drawn() -> None:
    state = state_from_dict(json.loads((DATA / "extreme_challenge_take_back.json").read_text())["state"])
    assert state.discard == [105] and 0 in state.hands[3]
    new, _ = apply(state, Challenge(3, state.clock))
    assert new.discard == [105]  # the card stays: the previous top is gone
    assert new.colour is Colour.RED  # the colour still reverts
    assert len(new.hands[2]) == len(state.hands[2]) + 4
    assert new.turn == 3 and len(new.hands[3]) == len(state.hands[3])
