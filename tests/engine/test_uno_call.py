"""RULES.md section 5: calling UNO, the catch window, false catches, going out."""

import pytest

from bot.engine import (
    Accept,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    Colour,
    DecisionKind,
    Draw,
    DrawRule,
    IllegalAction,
    JumpIn,
    Pending,
    Play,
    Reason,
    Rules,
    Stacking,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
)
from bot.engine.decks import DeckName
from bot.engine.events import Caught, FalseCatch, RoundEnded

from .helpers import act, card_id, given, kinds

HANDS = {2: "B9 B1 G5", 3: "B8 B2 G6"}


def test_calling_before_playing_the_second_last_card_prevents_the_window() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    assert CallUno(1) in legal_actions(state, 1)
    state, events = act(state, CallUno(1, 10), Play(1, card_id(state, 1, "R5"), 20))
    assert kinds(events)[0] == "UnoCalled" and state.catchable == []
    state, events = act(state, Catch(2, 30))
    assert isinstance(events[0], FalseCatch) and len(state.hands[1]) == 1


def test_a_player_left_with_one_card_without_calling_can_be_caught() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.catchable == [1] and state.catch_deadline == 11_000
    state, events = act(state, Catch(3, 2000))
    assert Caught(3, 1) in events and len(state.hands[1]) == 3
    assert state.catchable == [] and state.catch_deadline is None


def test_a_call_for_a_play_that_a_jump_in_pre_empted_lapses() -> None:
    # The call belongs to the play it announces: after someone jumps in, it has to be made again.
    state = given({1: "R5 G1", 2: "B9 B1 G5", 3: "R3 B2 G6"}, "R3", rules=Rules(jump_in=JumpIn.ON))
    state, _ = act(state, CallUno(1, 10), Play(3, card_id(state, 3, "R3"), 20))
    assert state.uno_called == [] and state.turn == 1
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 30))
    assert state.catchable == [1]
    one = given({1: "R5", 2: "B9 B1 G5", 3: "R3 B2 G6"}, "R3", rules=Rules(jump_in=JumpIn.ON), turn=2)
    one, _ = act(one, CallUno(1, 10), Play(3, card_id(one, 3, "R3"), 20))
    assert one.uno_called == [1]  # a call holding one card stands


def test_the_penalty_is_a_setting() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3", rules=Rules(uno_penalty=4))
    state, _ = act(state, Play(1, card_id(state, 1, "R5")), Catch(2))
    assert len(state.hands[1]) == 5


def test_calling_with_one_card_closes_the_window() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5")), CallUno(1))
    assert state.catchable == []
    assert CallUno(1) not in legal_actions(state, 1)


@pytest.mark.parametrize(
    ("first", "move"), [("R5", "play"), ("R5", "draw"), ("R+2", "accept"), ("W4", "challenge")]
)
def test_the_window_closes_when_the_next_player_begins_their_turn(first: str, move: str) -> None:
    state = given({1: f"{first} G1", 2: "R9 B1 G5", 3: "B8 B2 G6"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, first)))
    if first == "W4":
        state, _ = act(state, ChooseColour(1, Colour.BLUE))
    assert state.catchable == [1]
    begin = {"play": Play(2, card_id(state, 2, "R9")), "draw": Draw(2), "accept": Accept(2)}.get(
        move, Challenge(2)
    )
    state, events = act(state, begin)
    assert state.catchable == [] and "CatchWindowClosed" in kinds(events)
    state, events = act(state, Catch(3))
    assert isinstance(events[0], FalseCatch)


def test_the_window_closes_when_a_third_player_jumps_in() -> None:
    """The product's decision (RULES.md section 5 names only the next player's turn): a jump-in by anyone
    else is a move too and closes the window."""
    state = given({1: "R5 G1", 2: "B9 B1 G5", 3: "R5 B2 G6"}, "R3", rules=Rules(jump_in=JumpIn.ON))
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.catchable == [1]
    state, events = act(state, Play(3, card_id(state, 3, "R5"), 2000))
    assert state.catchable == [] and state.catch_deadline is None and "CatchWindowClosed" in kinds(events)
    state, events = act(state, Catch(2, 3000))
    assert isinstance(events[0], FalseCatch) and len(state.hands[1]) == 1


def test_the_window_closes_when_its_time_runs_out() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.CATCH, 10_999))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE
    state, events = apply(state, Timeout(TimeoutKind.CATCH, 11_000))
    assert state.catchable == [] and kinds(events) == ["CatchWindowClosed"]
    with pytest.raises(IllegalAction):
        apply(state, Timeout(TimeoutKind.CATCH, 20_000))  # stale: nothing left to close


def test_a_catch_after_the_deadline_finds_the_window_closed_before_its_timeout_arrives() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.catchable_at(10_999) == [1] and state.catchable_at(11_000) == []
    state, events = act(state, Catch(3, 11_000))
    assert kinds(events) == ["CatchWindowClosed", "FalseCatch"] and len(state.hands[1]) == 1
    assert state.catchable == [] and state.catch_deadline is None


def test_a_player_who_draws_back_up_is_no_longer_catchable_and_must_call_again() -> None:
    state = given({1: "RS G1", 2: "B9 B1 G5"}, "R3", draw="B2")
    state, _ = act(state, Play(1, card_id(state, 1, "RS")))  # two players: 1 moves again, with one card
    assert state.catchable == [1] and state.turn == 1
    state, _ = act(state, Draw(1))
    assert state.catchable == [] and len(state.hands[1]) == 2
    state, events = act(state, Catch(2))
    assert isinstance(events[0], FalseCatch)
    called = given({1: "G1", 2: "B9 B1 G5"}, "R3", draw="B2", uno_called=[1])
    called, _ = act(called, Draw(1))
    assert called.uno_called == []


def test_calling_with_one_card_stops_the_windows_timer() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000), CallUno(1, 2000))
    assert state.catch_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.CATCH, 11_000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


def test_a_catch_with_nothing_left_to_draw_still_closes_the_window() -> None:
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    state.draw_pile, state.discard = [], state.discard[-1:]  # both piles exhausted
    state, events = act(state, Catch(2, 2000))
    assert Caught(2, 1) in events and len(state.hands[1]) == 1
    assert state.catchable == [] and state.catch_deadline is None


def test_uno_cannot_be_called_with_two_cards_while_choosing_a_colour() -> None:
    """The first player choosing a start Wild's colour has the turn and a decision: the call waits for it."""
    state = given({1: "R5 G1", **HANDS}, "W", decision=DecisionKind.COLOUR, decider=1)
    assert state.turn == 1 and CallUno(1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, CallUno(1))
    assert error.value.reason is Reason.CANNOT_CALL_UNO


def test_drawing_until_playable_takes_back_a_call() -> None:
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)
    called = given({1: "G1", 2: "B9 B1 G5"}, "R3", draw="B2 R9", rules=rules, uno_called=[1])
    called, _ = act(called, Draw(1))
    assert len(called.hands[1]) == 3 and called.uno_called == []


@pytest.mark.parametrize(("penalty", "cards"), [(0, 0), (1, 1)])
def test_false_catch_costs_the_setting(penalty: int, cards: int) -> None:
    state = given({1: "R5 G1", **HANDS}, "R3", rules=Rules(false_catch_penalty=penalty))
    state, events = act(state, Catch(2))
    assert isinstance(events[0], FalseCatch) and len(state.hands[2]) == 3 + cards


def test_the_uncalled_player_cannot_catch_themself() -> None:
    """Catching oneself is a false catch: no penalty cards, and the window stays open for the others."""
    state = given({1: "R5 G1", **HANDS}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    state, events = act(state, Catch(1, 2000))
    assert kinds(events) == ["FalseCatch"] and len(state.hands[1]) == 1 and state.catchable == [1]
    state, events = act(state, Catch(2, 3000))
    assert Caught(2, 1) in events and len(state.hands[1]) == 3


def test_uno_may_only_be_called_with_two_cards_on_your_turn_or_one_card() -> None:
    state = given({1: "R5 G1 G2", 2: "B9 B1", 3: "B8"}, "R3")
    assert CallUno(1) not in legal_actions(state, 1)
    assert CallUno(2) not in legal_actions(state, 2)  # two cards, not their turn
    assert CallUno(3) in legal_actions(state, 3)
    with pytest.raises(IllegalAction) as error:
        apply(state, CallUno(2))
    assert error.value.reason is Reason.CANNOT_CALL_UNO


@pytest.mark.parametrize(
    ("last", "victim_cards"),
    [("R+2", 5), ("W4", 7), ("R5", 3)],
)
def test_the_round_ends_at_once_and_a_last_draw_card_still_counts(last: str, victim_cards: int) -> None:
    state = given({1: last, 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", draw="R1 R2 R4 R6")
    state, events = act(state, Play(1, card_id(state, 1, last)))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1
    assert len(ended.hand_points) == 3
    assert ended.scored[1] == sum(v for p, v in ended.hand_points.items() if p != 1)
    assert "ColourChosen" not in kinds(events) and state.round_over
    drawn = {"R+2": 1 + 2, "W4": 1 + 2 + 4 + 6, "R5": 0}[last]
    assert ended.hand_points[2] == 15 + drawn


def test_a_last_seven_or_zero_does_nothing_with_seven_zero() -> None:
    rules = Rules(seven_zero=True)
    for last in ("R7", "R0"):
        state = given({1: last, 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", rules=rules)
        state, events = act(state, Play(1, card_id(state, 1, last)))
        assert "HandsSwapped" not in kinds(events) and "HandsRotated" not in kinds(events)
        assert state.round_over and state.decision is None


# A last Skip or Reverse does nothing (RULES.md section 5): no turn follows it to skip or to turn round.
LAST_ACTION_CARDS = {
    "a Skip": (Rules(), {1: "RS", 2: "B9 B1", 3: "Y1 Y2"}),
    "a Skip, two players": (Rules(), {1: "RS", 2: "B9 B1"}),
    "a Skip in a skip chain": (Rules(skip_chain=True), {3: "RS G1 G2", 2: "B9 B1", 1: "GS"}),
    "a Reverse": (Rules(), {1: "RR", 2: "B9 B1", 3: "Y1 Y2"}),
    "a Reverse, two players": (Rules(), {1: "RR", 2: "B9 B1"}),
    "a Reverse, draw chain on": (Rules(extreme_draw_chain=True), {1: "RR", 2: "B9 B1", 3: "Y1 Y2"}),
}


@pytest.mark.parametrize(("rules", "hands"), LAST_ACTION_CARDS.values(), ids=list(LAST_ACTION_CARDS))
def test_a_last_skip_or_reverse_skips_nobody_and_turns_nothing(rules: Rules, hands: dict[int, str]) -> None:
    state = given(hands, "R3", rules=rules)
    if state.turn != 1:
        state, _ = act(state, Play(3, state.hands[3][0]))
    direction = state.direction
    state, events = act(state, Play(1, state.hands[1][0]))
    assert kinds(events) == ["CardPlayed", "RoundEnded"]
    assert state.round_over and state.direction == direction


def test_a_multi_play_down_to_one_card_opens_the_catch_window() -> None:
    state = given({1: "R5 B5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(multi_play=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000, (card_id(state, 1, "B5"),)))
    assert state.catchable == [1] and state.catch_deadline == 11_000
    state, _ = act(state, Catch(3, 2000))
    assert len(state.hands[1]) == 3


# RULES.md section 5, the rarer last cards. Hands in seat order (the first moves first); the first player's
# cards before the winner's are played in turn; the winner (1) goes out with its only card.
LAST_DRAW_CARDS = {
    "blank draw ten": (Rules(deck=DeckName.CLASSIC_BLANK), {1: "BL", 2: "B9 B1", 3: "Y1 Y2"}, {2: 12, 3: 2}),
    "Downpour +1": (Rules(deck=DeckName.H2O), {1: "D1", 2: "B9 B1", 3: "Y1 Y2"}, {2: 3, 3: 3}),
    "Downpour +2": (Rules(deck=DeckName.H2O), {1: "D2", 2: "B9 B1", 3: "Y1 Y2"}, {2: 4, 3: 4}),
    "a stacked +2": (Rules(stacking=Stacking.SAME), {3: "R+2 G1 G2", 1: "B+2", 2: "B9 B1"}, {2: 6, 3: 2}),
    "a stacked +4": (Rules(stacking=Stacking.SAME), {3: "W4 G1 G2", 1: "W4", 2: "B9 B1"}, {2: 10, 3: 2}),
    "a draw chain passed on": (
        Rules(extreme_draw_chain=True),
        {3: "R+2 G1 G2", 1: "R+2", 2: "B9 B1"},
        {2: 6, 3: 2},
    ),
    "a draw chain's Reverse": (
        Rules(extreme_draw_chain=True),
        {3: "R+2 G1 G2", 2: "B9 B1", 1: "RR"},
        {2: 8, 3: 2},
    ),
    "a jump-in on a +2": (Rules(jump_in=JumpIn.ON), {3: "R+2 G1 G2", 2: "B9 B1", 1: "R+2"}, {2: 2, 3: 4}),
}


@pytest.mark.parametrize(("rules", "hands", "sizes"), LAST_DRAW_CARDS.values(), ids=list(LAST_DRAW_CARDS))
def test_a_last_draw_card_of_any_kind_still_makes_its_victims_draw(
    rules: Rules, hands: dict[int, str], sizes: dict[int, int]
) -> None:
    """The round ends at once, in the middle of a penalty chain too, and the cards the last card makes the
    others draw count in the winner's score."""
    state = given(hands, "R3", rules=rules)
    if state.turn != 1:
        state, _ = act(state, Play(3, state.hands[3][0]))
        if state.pending is Pending.CHOOSE_COLOUR:
            state, _ = act(state, ChooseColour(3, Colour.RED))
    state, events = act(state, Play(1, state.hands[1][0]))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1 and state.round_over and {p: len(state.hands[p]) for p in (2, 3)} == sizes
    assert ended.scored[1] == sum(ended.hand_points.values())
