"""Illegal actions are refused with a reason code and change nothing; leaving closes every window."""

from collections.abc import Callable

import pytest

from bot.engine import (
    Accept,
    Action,
    ChooseColour,
    ChooseSwap,
    Colour,
    Draw,
    GameState,
    IllegalAction,
    Leave,
    Pass,
    Play,
    Reason,
    Rules,
    Slap,
    apply,
    state_to_json,
)

from .helpers import act, card_id, given


def colour_pending() -> GameState:
    state = given({1: "W G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W")))
    return state


@pytest.mark.parametrize(
    ("make", "action", "reason"),
    [
        (colour_pending, Draw(2), Reason.DECISION_PENDING),
        (colour_pending, Play(2, 0), Reason.DECISION_PENDING),
        (colour_pending, ChooseColour(2, Colour.RED), Reason.NOT_YOUR_TURN),
        (colour_pending, ChooseSwap(1, 2), Reason.NO_DECISION),
        (lambda: given({1: "R5 G1", 2: "B9", 3: "B8"}, "R3"), Play(1, 50), Reason.CARD_NOT_IN_HAND),
        (lambda: given({1: "R5 G1", 2: "B9", 3: "B8"}, "R3"), Accept(1), Reason.NO_PENALTY),
        (lambda: given({1: "R5 G1", 2: "B9", 3: "B8"}, "R3"), Leave(4), Reason.NOT_A_PLAYER),
        (lambda: given({1: "R5 G1", 2: "B9", 3: "B8"}, "R3"), Pass(1), Reason.MUST_DRAW_FIRST),
    ],
)
def test_refusals_change_nothing(make: Callable[[], GameState], action: Action, reason: Reason) -> None:
    state = make()
    before = state_to_json(state)
    with pytest.raises(IllegalAction) as error:
        apply(state, action)
    assert error.value.reason is reason and state_to_json(state) == before


def test_a_penalty_victim_may_not_draw_or_pass() -> None:
    state = given({1: "R+2 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    for action in (Draw(2), Pass(2)):
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.reason is Reason.PENALTY_PENDING


def test_leaving_clears_the_leavers_windows() -> None:
    rules = Rules(zero_slap=True, seven_silence=True)
    state = given({1: "R7 R0 G1", 2: "B9 B1 B2", 3: "B8 B2 B3"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    assert state.silence_holder == 1
    silent, events = apply(state, Leave(1))
    assert silent.silence_holder is None and "SilenceEnded" in [type(e).__name__ for e in events]
    state.turn = 1  # let 1 also play the 0 (this tests the windows, not the turn order)
    state, _ = act(state, Play(1, card_id(state, 1, "R0")))
    assert state.catchable == [1] and state.silence_holder is None and state.slap_pending == [1, 2, 3]
    state, _ = apply(state, Leave(3))
    assert state.slap_pending == [1, 2]
    state, _ = act(state, Slap(2))
    state, _ = apply(state, Leave(1))  # the last one who had to slap left: the last to slap draws 4
    assert state.catchable == [] and state.catch_deadline is None and state.match_over
