"""RULES.md section 7, UNO Extreme's eight cover: an 8 covered in the same turn, drawn for when nothing
covers it, as the last card, passed on by a jump-in, the catch window an 8 opens or leaves shut, and the
duty lapsing on an empty draw pile."""

import pytest

from bot.engine import (
    Catch,
    Draw,
    IllegalAction,
    JumpIn,
    Pending,
    Play,
    Reason,
    Rules,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
)
from bot.engine.ai import choose_action
from bot.engine.events import Caught, CoverRequired, FalseCatch, RoundEnded

from .helpers import act, card_id, codes, given

COVER = Rules(eight_cover=True)


def test_an_eight_must_be_covered_in_the_same_turn() -> None:
    state = given({1: "R8 R2 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state, events = act(state, Play(1, card_id(state, 1, "R8")))
    assert CoverRequired(1) in events and state.turn == 1 and state.pending is Pending.COVER
    assert Draw(1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, Draw(1))
    assert error.value.reason is Reason.CANNOT_DRAW_CAN_COVER
    state, _ = act(state, Play(1, card_id(state, 1, "R2")))
    assert state.turn == 2 and state.pending is Pending.PLAY


def test_an_uncoverable_eight_draws_until_able() -> None:
    state = given({1: "R8 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER, draw="B4 Y4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Draw(1))
    assert codes(state, 1) == ["G1", "G2", "B4", "Y4", "R6"] and state.pending is Pending.COVER
    state, _ = act(state, Play(1, card_id(state, 1, "R6")))
    assert state.turn == 2


def test_an_eight_as_the_last_card_must_still_be_covered() -> None:
    state = given({1: "R8", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER, draw="B4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    assert not state.round_over and state.pending is Pending.COVER
    state, _ = act(state, Draw(1))
    state, _ = act(state, Play(1, card_id(state, 1, "R6")))
    assert not state.round_over and codes(state, 1) == ["B4"]


def test_the_cover_itself_may_be_the_last_card() -> None:
    state = given({1: "R8 R6", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state, events = act(state, Play(1, card_id(state, 1, "R8")), Play(1, card_id(state, 1, "R6")))
    assert any(isinstance(e, RoundEnded) and e.winner == 1 for e in events)


@pytest.mark.parametrize("jump_in", [JumpIn.ON, JumpIn.EXTREME])
def test_a_jump_in_on_an_eight_passes_the_cover_duty_to_the_jumper(jump_in: JumpIn) -> None:
    rules = COVER.changed(jump_in=jump_in)
    state = given({1: "R8 G1 G2", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Play(3, card_id(state, 3, "R8")))
    assert state.turn == 3 and state.pending is Pending.COVER
    state, _ = act(state, Play(3, card_id(state, 3, "R2")))
    assert state.turn == 1


def test_drawing_to_cover_an_eight_leaves_the_jump_in_on_it_open() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8 G1", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules, draw="Y4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Draw(1))
    assert state.pending is Pending.COVER and codes(state, 1) == ["G1", "Y4", "R6"]
    state, _ = act(state, Play(3, card_id(state, 3, "R8")))
    assert state.turn == 3 and state.pending is Pending.COVER


def test_a_jump_in_on_a_last_eight_leaves_its_player_out_and_the_round_ends() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    assert state.pending is Pending.COVER and state.hands[1] == []
    state, events = act(state, Play(3, card_id(state, 3, "R8")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1 and ended.hand_points == {1: 0, 2: 10, 3: 4}
    assert state.match_over or state.round_over


def test_an_eight_that_leaves_one_uncalled_card_opens_the_catch_window() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8 G2", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8"), 1000))
    assert state.catchable == [1] and state.catch_deadline == 11_000 and state.pending is Pending.COVER
    state, events = act(state, Catch(2, 2000))
    assert Caught(2, 1) in events and codes(state, 1) == ["G2", "R0", "R1"]
    assert state.turn == 1 and state.pending is Pending.COVER


@pytest.mark.parametrize(
    "hands",
    [{1: "RS R8", 2: "B9 B1"}, {1: "R8 R8", 2: "B9 B1", 3: "G5 G2"}],
    ids=["a Skip between two gives the turn back", "an 8 covered by an 8"],
)
def test_a_last_eight_played_without_a_call_leaves_nobody_to_catch(hands: dict[int, str]) -> None:
    """(rules audit, session 49) A player who reached one card without calling, then played it as an 8 in the
    same turn, stayed catchable with no card while drawing to cover it; the computer players caught them."""
    state = given(hands, "R3", rules=COVER, draw="B4 R6")
    first, last = state.hands[1]
    state, _ = act(state, Play(1, first, 1000))
    assert state.catchable == [1] and state.turn == 1
    state, _ = act(state, Play(1, last, 2000))
    assert state.hands[1] == [] and state.pending is Pending.COVER
    assert state.catchable == [] and state.catch_deadline is None
    assert not isinstance(choose_action(state, 2, now=2500), Catch)
    state, events = act(state, Catch(2, 2500))
    assert FalseCatch(2) in events and state.hands[1] == []
    state, _ = act(state, Draw(1, 3000))
    state, _ = act(state, Play(1, card_id(state, 1, "R6"), 4000))
    assert codes(state, 1) == ["B4"] and state.catchable == [1]  # one card again, no call: the usual window


def test_drawn_back_from_an_empty_hand_to_one_uncalled_card_a_player_is_catchable() -> None:
    state = given({1: "RS R8", 2: "B9 B1"}, "R3", rules=COVER, draw="G1")
    state.draw_pile = state.draw_pile[-1:]  # the G1 alone, and it cannot cover the 8
    skip, eight = card_id(state, 1, "RS"), card_id(state, 1, "R8")
    state, _ = act(state, Play(1, skip, 1000), Play(1, eight, 2000), Draw(1, 3000))
    assert codes(state, 1) == ["G1"] and state.turn == 2
    assert state.catchable == [1] and state.catch_deadline == 13_000
    state, events = act(state, Catch(2, 4000))
    assert Caught(2, 1) in events and len(state.hands[1]) == 3


def test_a_cover_draw_that_finds_nothing_reopens_no_catch_window_that_ran_out() -> None:
    state = given({1: "R8 G1", 2: "B9 B1", 3: "B5 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    eight = card_id(state, 1, "R8")
    state, _ = act(state, Play(1, eight, 1000), Timeout(TimeoutKind.CATCH, 11_000), Draw(1, 12_000))
    assert codes(state, 1) == ["G1"] and state.turn == 2 and state.catchable == []


def test_covering_does_not_reshuffle_the_discards_the_duty_lapses_instead() -> None:
    state = given({1: "R8 B8 G1", 2: "B9 B1", 3: "B5 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Play(1, card_id(state, 1, "B8")))
    assert state.pending is Pending.COVER and state.turn == 1
    state, events = act(state, Draw(1))
    assert "Reshuffled" not in [type(e).__name__ for e in events]
    assert state.turn == 2 and state.pending is Pending.PLAY and codes(state, 1) == ["G1"]


def test_an_uncoverable_last_eight_with_an_empty_draw_pile_wins_the_round() -> None:
    state = given({1: "R8", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    state, events = act(state, Draw(1))
    assert any(isinstance(e, RoundEnded) and e.winner == 1 for e in events)
