"""Engine bugs found by computer-player fuzzing and property tests, each replayed from its reported state."""

import json
from pathlib import Path

from bot.engine import (
    Catch,
    Challenge,
    Colour,
    Draw,
    DrawRule,
    Pass,
    Play,
    Rules,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
    state_from_dict,
)

from .helpers import act, card_id, codes, given

DATA = Path(__file__).parent / "data"


def test_extreme_challenge_after_the_previous_top_was_reshuffled_and_drawn() -> None:
    state = state_from_dict(json.loads((DATA / "extreme_challenge_take_back.json").read_text())["state"])
    assert state.discard == [105] and 0 in state.hands[3]
    new, _ = apply(state, Challenge(3, state.clock))
    assert new.discard == [105]  # the card stays: the previous top is gone
    assert new.colour is Colour.RED  # the colour still reverts
    assert len(new.hands[2]) == len(state.hands[2]) + 4
    assert new.turn == 3 and len(new.hands[3]) == len(state.hands[3])


def test_a_drawn_card_made_illegal_by_a_later_penalty_may_be_passed_under_force_play() -> None:
    rules = Rules(force_play=True, wd4_challenge=False, false_catch_penalty=1)
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="W4 R9", rules=rules)
    state, _ = act(state, Draw(1))
    assert state.drawn_card is not None and Pass(1) not in legal_actions(state, 1)
    state, _ = act(state, Catch(1))  # a false catch: draws R9, a card of the colour in force
    assert Play(1, state.drawn_card) not in legal_actions(state, 1)
    state, _ = act(state, Pass(1))
    assert state.turn == 2


def test_a_drawn_wild_draw_four_that_may_not_be_played_leaves_a_pass() -> None:
    state = state_from_dict(json.loads((DATA / "drawn_w4_not_allowed.json").read_text())["state"])
    assert state.drawn_card == 107
    assert legal_actions(state, 2) == [Pass(2, state.clock), Catch(2, state.clock)]
    passed, events = apply(state, Timeout(TimeoutKind.TURN, 10**12))
    assert passed.turn != 2 and "Passed" in [type(e).__name__ for e in events]


def test_draw_until_playable_judges_a_restricted_card_on_the_hand_as_it_grows() -> None:
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE, wd4_challenge=False)
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B5 R9 W4", rules=rules)
    state, _ = act(state, Draw(1))  # R9 is playable: W4 is never reached
    assert codes(state, 1) == ["G1", "G2", "B5", "R9"]
    late = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="Y5 W4", rules=rules, colour=Colour.YELLOW)
    late, _ = act(late, Draw(1))  # Y5 is playable at once
    assert codes(late, 1) == ["G1", "G2", "Y5"] and late.drawn_card == card_id(late, 1, "Y5")
