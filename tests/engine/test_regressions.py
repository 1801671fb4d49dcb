"""Engine bugs found by computer-player fuzzing and property tests, each replayed from its reported state."""

import json
from pathlib import Path

import pytest

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
from bot.engine.events import ColourReverted

from .helpers import act, card_id, codes, given

DATA = Path(__file__).parent / "data"


def test_extreme_challenge_after_the_previous_top_was_reshuffled_and_drawn() -> None:
    state = state_from_dict(json.loads((DATA / "extreme_challenge_take_back.json").read_text())["state"])
    assert state.discard == [105] and 0 in state.hands[3]
    new, events = apply(state, Challenge(3, state.clock))
    assert new.discard == [105]  # the card stays: the previous top is gone
    assert new.colour is Colour.RED and ColourReverted(Colour.RED) in events  # the colour still reverts, told
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


BLUFF_CASES = {  # a drawn restricted card that would be a bluff: hand R1 G2 on R5
    "force_play": (Rules(force_play=True), "W4"),
    "force_play, restricted Wild": (Rules(force_play=True, extreme_wild_restriction=True), "W"),
}


@pytest.mark.parametrize(("rules", "drawn"), BLUFF_CASES.values(), ids=BLUFF_CASES.keys())
def test_force_play_never_obliges_a_bluff(rules: Rules, drawn: str) -> None:
    """(found by the rules audit of 2026-12-02) a drawn Wild Draw Four the player may only bluff with
    could be played (it can be challenged), but force_play must not make them, nor a timeout for them."""
    state = given({1: "R1 G2", 2: "B9 B1", 3: "B8 B2"}, "R5", draw=drawn, rules=rules)
    state, _ = act(state, Draw(1))
    drawn_id = state.drawn_card
    assert drawn_id is not None
    assert {Play(1, drawn_id), Pass(1)} <= set(legal_actions(state, 1, now=0))
    passed, _ = act(state, Pass(1))
    assert passed.turn == 2 and drawn_id in passed.hands[1]
    timed_out, events = apply(state, Timeout(TimeoutKind.TURN, 10**12))
    assert timed_out.turn == 2 and drawn_id in timed_out.hands[1]
    assert "CardPlayed" not in [type(e).__name__ for e in events]


def test_draw_until_playable_does_not_stop_at_a_bluff() -> None:
    """(the same audit) with challenges on, a Wild Draw Four the player could only bluff with is not the
    playable card drawing stops at."""
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)
    state = given({1: "R1 G2", 2: "B9 B1", 3: "B8 B2"}, "R5", draw="W4 R9", rules=rules)
    state, _ = act(state, Draw(1))
    assert codes(state, 1) == ["R1", "G2", "W4", "R9"] and state.card(state.drawn_card or 0).code == "R9"


def test_a_timeout_plays_a_fair_card_rather_than_a_bluff() -> None:
    """an eight to cover, the hand W4 before R2: the timeout covers with R2, never bluffs with W4."""
    state = given({1: "R8 W4 R2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(eight_cover=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    timed_out, _ = apply(state, Timeout(TimeoutKind.TURN, 10**12))
    assert codes(timed_out, 1) == ["W4"] and timed_out.top.code == "R2"


def test_draw_until_playable_judges_a_restricted_card_on_the_hand_as_it_grows() -> None:
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE, wd4_challenge=False)
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B5 R9 W4", rules=rules)
    state, _ = act(state, Draw(1))  # R9 is playable: W4 is never reached
    assert codes(state, 1) == ["G1", "G2", "B5", "R9"]
    late = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="Y5 W4", rules=rules, colour=Colour.YELLOW)
    late, _ = act(late, Draw(1))  # Y5 is playable at once
    assert codes(late, 1) == ["G1", "G2", "Y5"] and late.drawn_card == card_id(late, 1, "Y5")
