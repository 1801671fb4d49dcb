"""RULES.md section 7: stacking (with challenges) and jump-in (on draw cards, with and without stacking)."""

import pytest

from bot.engine import (
    Accept,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Colour,
    Draw,
    IllegalAction,
    JumpIn,
    Pending,
    Play,
    Reason,
    Rules,
    Stacking,
    apply,
    legal_actions,
)
from bot.engine.events import CardPlayed, Challenged, Skipped

from .helpers import act, card_id, given

SAME = Rules(stacking=Stacking.SAME)
MIXED = Rules(stacking=Stacking.MIXED)


def test_draw_two_on_draw_two_accumulates_and_the_next_draws_the_total() -> None:
    state = given({1: "R+2 G1 G2", 2: "B+2 B1 B3", 3: "B8 B2 G6"}, "R3", rules=SAME)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert Play(2, card_id(state, 2, "B+2")) in legal_actions(state, 2)
    state, _ = act(state, Play(2, card_id(state, 2, "B+2")))
    assert state.turn == 3 and state.penalty == 4 and state.pending is Pending.PENALTY
    state, _ = act(state, Accept(3))
    assert len(state.hands[3]) == 7 and state.turn == 1


def test_without_stacking_the_victim_must_take_the_penalty() -> None:
    state = given({1: "R+2 G1 G2", 2: "B+2 B1 B3", 3: "B8 B2 G6"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(2, card_id(state, 2, "B+2")))
    assert error.value.reason is Reason.PENALTY_PENDING


@pytest.mark.parametrize(
    ("rules", "first", "second", "allowed"),
    [
        (SAME, "R+2", "W4", False),
        (MIXED, "R+2", "W4", True),  # mixed: W4 on +2
        (SAME, "W4", "B+2", False),
        (MIXED, "W4", "B+2", False),  # never +2 on W4
        (SAME, "W4", "W4", True),
        (SAME, "R+2", "B5", False),
    ],
)
def test_what_may_be_stacked(rules: Rules, first: str, second: str, allowed: bool) -> None:
    state = given({1: f"{first} G1 G2", 2: f"{second} G3 G4", 3: "B8 B2 G6"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, first)))
    if state.decision is not None:
        state, _ = act(state, ChooseColour(1, Colour.BLUE))
    play = Play(2, card_id(state, 2, second))
    assert (play in legal_actions(state, 2)) is allowed
    if allowed:
        state, _ = act(state, play)
        assert state.penalty == (2 if first == "R+2" else 4) + 4 and state.turn == 3
    else:
        with pytest.raises(IllegalAction) as error:
            apply(state, play)
        assert error.value.reason is Reason.CANNOT_STACK


def test_black_on_black_off_still_lets_a_wild_draw_four_be_stacked_on_one() -> None:
    """RULES.md section 3: `black_on_black` off forbids a black card on a black card only "without
    stacking"; stacking a W4 on a W4 stays legal."""
    rules = SAME.changed(black_on_black=False)
    state = given({1: "W4 G1 G2", 2: "W4 G3 G4", 3: "B8 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE))
    stack = Play(2, card_id(state, 2, "W4"))
    assert stack in legal_actions(state, 2)
    state, events = act(state, stack)
    assert CardPlayed(2, stack.card, False) in events and state.top.code == "W4"
    assert state.pending is Pending.CHOOSE_COLOUR and state.actor == 2
    state, _ = act(state, ChooseColour(2, Colour.RED))
    assert state.turn == 3 and state.pending is Pending.PENALTY and state.penalty == 8


def test_one_draw_card_per_turn() -> None:
    state = given({1: "R+2 G1 G2", 2: "B+2 G+2 B3", 3: "B8 B2 G6"}, "R3", rules=SAME.changed(multi_play=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(2, card_id(state, 2, "B+2"), extra=(card_id(state, 2, "G+2"),)))
    assert error.value.reason is Reason.INVALID_MULTI_PLAY


@pytest.mark.parametrize(
    ("rules", "first", "second_hand", "guilty", "drawer", "cards"),
    [
        (SAME, "W4", "G3 G4", True, 2, 8),
        (SAME, "W4", "R3 R4", False, 3, 10),
        (MIXED, "R+2", "R4 G4", True, 2, 6),  # mixed: the stack under the W4 includes the +2
        (MIXED, "R+2", "G3 G4", False, 3, 8),
    ],
)
def test_only_the_last_wild_draw_four_of_a_stack_is_challenged(
    rules: Rules, first: str, second_hand: str, guilty: bool, drawer: int, cards: int
) -> None:
    state = given({1: f"{first} G1 G2", 2: f"W4 {second_hand}", 3: "B8 B2 G6"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, first)))
    if state.decision is not None:
        state, _ = act(state, ChooseColour(1, Colour.GREEN))
    state, _ = act(state, Play(2, card_id(state, 2, "W4")), ChooseColour(2, Colour.RED))
    assert state.colour is Colour.RED and state.challenge is not None and state.challenge.player == 2
    before = len(state.hands[drawer])
    state, events = act(state, Challenge(3))
    assert next(e for e in events if isinstance(e, Challenged)).guilty is guilty
    assert len(state.hands[drawer]) == before + cards
    assert state.turn == (3 if guilty else 1)


def test_a_bluff_under_the_last_wild_draw_four_of_a_stack_is_never_challenged() -> None:
    """Player 1's W4 is a bluff (a red card held): player 2 may challenge it or stack on it; stacked on,
    only player 2's fair W4 can be challenged, and player 3 takes the stack + 2."""
    state = given({1: "W4 R1 G2", 2: "W4 R4 R5", 3: "B8 B2 G6"}, "R3", rules=SAME)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.GREEN))
    stack = Play(2, card_id(state, 2, "W4"))
    assert {Challenge(2), stack} <= set(legal_actions(state, 2))
    state, _ = act(state, stack, ChooseColour(2, Colour.RED))
    state, events = act(state, Challenge(3))
    assert next(e for e in events if isinstance(e, Challenged)).challenged == 2
    assert [len(state.hands[p]) for p in (1, 2, 3)] == [2, 2, 3 + 10] and state.turn == 1


JUMP = Rules(jump_in=JumpIn.ON)
FOUR = {1: "R5 R+2 G1", 2: "B9 B1 G5", 3: "B8 B2 G6", 4: "R5 R+2 Y1"}


def test_jump_in_with_an_identical_card_continues_from_the_jumper() -> None:
    state = given(FOUR, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    jump = Play(4, card_id(state, 4, "R5"))
    assert jump in legal_actions(state, 4)
    state, events = act(state, jump)
    assert CardPlayed(4, jump.card, True) in events and state.turn == 1


# RULES.md section 7, "Play continues from the jumper": a jumped-in action card acts from the jumper's seat.
# (card player 1 plays, the jumper holding the other one, who is skipped, whose turn it is, the direction)
JUMPED_ACTION_CARDS = {
    "a Skip": ("RS", 4, [5], 1, 1),
    "a Reverse": ("RR", 3, [], 4, 1),  # turned back: from seat 3 clockwise again, not on to seat 2
}


@pytest.mark.parametrize(
    ("card", "jumper", "skipped", "turn", "direction"),
    JUMPED_ACTION_CARDS.values(),
    ids=list(JUMPED_ACTION_CARDS),
)
def test_an_action_card_jumped_in_acts_from_the_jumper(
    card: str, jumper: int, skipped: list[int], turn: int, direction: int
) -> None:
    hands = {1: f"{card} G1", 2: "B9 B1", 3: "Y1 Y2", 4: "Y3 Y4", 5: "Y5 Y6"}
    hands[jumper] += f" {card}"
    state = given(hands, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, card)))
    jump = Play(jumper, card_id(state, jumper, card))
    state, events = act(state, jump)
    assert CardPlayed(jumper, jump.card, True) in events
    assert [e.player for e in events if isinstance(e, Skipped)] == skipped
    assert state.turn == turn and state.direction == direction


def test_jump_in_refusals() -> None:
    state = given({1: "R5 G1 G2", 2: "B9 B1 G5", 3: "B5 R5 G6"}, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    for action, reason in [
        (Play(3, card_id(state, 3, "B5")), Reason.NOT_IDENTICAL),
        (Play(3, card_id(state, 3, "G6")), Reason.NOT_IDENTICAL),
    ]:
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.reason is reason
    drawn, _ = act(state, Draw(2))  # the next player began their turn: too late
    with pytest.raises(IllegalAction) as error:
        apply(drawn, Play(3, card_id(state, 3, "R5")))
    assert error.value.reason is Reason.JUMP_IN_CLOSED
    off = given({1: "R5 G1 G2", 2: "B9 B1 G5", 3: "B5 R5 G6"}, "R3")
    off, _ = act(off, Play(1, card_id(off, 1, "R5")))
    with pytest.raises(IllegalAction) as error:
        apply(off, Play(3, card_id(off, 3, "R5")))
    assert error.value.reason is Reason.NOT_YOUR_TURN


@pytest.mark.parametrize(
    ("card", "jumper", "reason"),
    [
        ("W", 3, Reason.NOT_IDENTICAL),  # a black card is identical to none, not even another of its kind
        ("W4", 3, Reason.NOT_IDENTICAL),
        ("W4", 2, Reason.PENALTY_PENDING),  # nor is the victim's W4 identical: it must take the penalty
    ],
)
def test_never_jump_in_with_a_black_card(card: str, jumper: int, reason: Reason) -> None:
    state = given({1: f"{card} G1 G2", 2: f"{card} B1 B3", 3: f"{card} B2 G6"}, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, card)), ChooseColour(1, Colour.BLUE))
    play = Play(jumper, card_id(state, jumper, card))
    assert play not in legal_actions(state, jumper)
    with pytest.raises(IllegalAction) as error:
        apply(state, play)
    assert error.value.reason is reason


def test_the_window_stays_shut_once_the_next_player_began_their_turn() -> None:
    # Player 2 draws (nothing playable) and passes: player 3's turn does not reopen a jump-in on the R5.
    hands = {1: "R5 G1 G2", 2: "B9 B1 G5", 3: "B8 R2 G6", 4: "R5 R2 Y2"}
    state = given(hands, "R3", rules=JUMP, draw="Y9")
    state, _ = act(state, Play(1, card_id(state, 1, "R5")), Draw(2))
    assert state.turn == 3 and state.pending is Pending.PLAY
    late = Play(4, card_id(state, 4, "R5"))
    assert late not in legal_actions(state, 4)
    with pytest.raises(IllegalAction) as error:
        apply(state, late)
    assert error.value.reason is Reason.JUMP_IN_CLOSED
    state, _ = act(state, Play(3, card_id(state, 3, "R2")))  # a new top card opens a new window
    assert Play(4, card_id(state, 4, "R2")) in legal_actions(state, 4)


def test_a_draw_two_taken_shuts_the_window() -> None:
    state = given({1: "R+2 G1", 2: "B9 B1", 3: "B8 B2", 4: "R+2 Y1"}, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Accept(2))
    assert state.turn == 3
    assert Play(4, card_id(state, 4, "R+2")) not in legal_actions(state, 4)


def test_in_an_extreme_chain_the_window_stays_open_after_the_victim_drew() -> None:
    # In an extreme draw chain a jumper may still extend the chain after its victim drew (seed 000).
    rules = JUMP.changed(extreme_draw_chain=True)
    state = given({1: "R+2 G1", 2: "B9 B1", 3: "B8 B2", 4: "R+2 Y1"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))  # the victim draws at once
    assert state.turn == 3 and len(state.hands[2]) == 4
    assert Play(4, card_id(state, 4, "R+2")) in legal_actions(state, 4)


def test_a_challenge_shuts_the_window_on_the_card_a_guilty_wild_draw_four_uncovers() -> None:
    rules = JUMP.changed(extreme_challenge=True)
    state = given({1: "W4 R1", 2: "B9 B1", 3: "R5 B2"}, "R5", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE), Challenge(2))
    assert state.top.code == "R5" and state.turn == 2  # the W4 went back; the challenger moves
    assert Play(3, card_id(state, 3, "R5")) not in legal_actions(state, 3)


def test_no_jump_in_on_a_seven_until_its_player_chose_whom_to_swap_with() -> None:
    """The product's decision (bot/engine/checks.py, jump_in_open): nobody jumps in while someone decides;
    the 7's swap is its player's, and the window on the 7 opens once it is done."""
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "R7 B2 B3"}, "R3", rules=JUMP.changed(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    jump = Play(3, card_id(state, 3, "R7"))
    assert state.pending is Pending.CHOOSE_SWAP and jump not in legal_actions(state, 3)
    with pytest.raises(IllegalAction) as error:
        apply(state, jump)
    assert error.value.reason is Reason.DECISION_PENDING
    state, _ = act(state, ChooseSwap(1, 2))
    state, events = act(state, jump)
    assert CardPlayed(3, jump.card, True) in events
    assert state.pending is Pending.CHOOSE_SWAP and state.actor == 3


def test_two_identical_cards_are_jumped_one_at_a_time() -> None:
    state = given({1: "R5 R5 G1", 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", rules=JUMP)
    first, second = state.hands[1][:2]
    state, _ = act(state, Play(1, first))
    state, events = act(state, Play(1, second))
    assert CardPlayed(1, second, True) in events and state.turn == 2


@pytest.mark.parametrize("rules", [JUMP, JUMP.changed(multi_play=True)])
def test_a_jump_in_is_one_card_even_with_multi_play(rules: Rules) -> None:
    # Only two of each coloured card exist, so the second card of the set is a 5 of another colour.
    state = given({1: "R5 G1 G2", 2: "B9 B1 G6", 3: "R5 B5 G5"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(3, card_id(state, 3, "R5"), extra=(card_id(state, 3, "B5"),)))
    assert error.value.reason is Reason.INVALID_MULTI_PLAY


@pytest.mark.parametrize(
    ("rules", "first_victim_cards", "penalty"),
    [
        (JUMP, 3, 2),  # the jump cancels the first victim's penalty and applies its own
        (JUMP.changed(stacking="same"), 3, 4),  # stacking: the penalty accumulates
        (Rules(jump_in=JumpIn.EXTREME), 5, 2),  # extreme: the earlier effect is not cancelled
    ],
)
def test_jump_in_on_a_draw_two(rules: Rules, first_victim_cards: int, penalty: int) -> None:
    state = given(FOUR, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.turn == 2 and state.penalty == 2
    state, _ = act(state, Play(4, card_id(state, 4, "R+2")))
    assert len(state.hands[2]) == first_victim_cards
    assert state.turn == 1 and state.pending is Pending.PENALTY and state.penalty == penalty


def test_the_victim_may_jump_in_on_its_own_draw_two() -> None:
    state = given({1: "R+2 G1 G2", 2: "R+2 B1 G5", 3: "B8 B2 G6"}, "R3", rules=JUMP)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    jump = Play(2, card_id(state, 2, "R+2"))
    state, events = act(state, jump)
    assert CardPlayed(2, jump.card, True) in events
    assert len(state.hands[2]) == 2 and state.turn == 3 and state.penalty == 2


@pytest.mark.parametrize(
    ("hands", "moves"),
    [  # the next player's draw or accepted penalty shut the window on the old top card, not on the next one
        ({1: "R5 R2 G1", 2: "B9 B1 G5", 3: "B8 R2 G6", 4: "Y2 Y3 Y4"}, ("R5", "draw")),
        ({1: "R+2 R2 G1", 2: "B9 B1 G5", 3: "B8 R2 G6", 4: "Y2 Y3 Y4"}, ("R+2", "accept")),
    ],
    ids=["after a draw", "after a penalty"],
)
def test_a_card_played_after_the_window_shut_opens_a_new_one(
    hands: dict[int, str], moves: tuple[str, str]
) -> None:
    state = given(hands, "R3", rules=JUMP, draw="Y9")
    first, shut = moves
    state, _ = act(state, Play(1, card_id(state, 1, first)), Draw(2) if shut == "draw" else Accept(2))
    state, _ = act(state, Play(3, card_id(state, 3, "R2")))
    assert state.turn == 4  # player 1 is not next: their R2 can only be a jump-in
    jump = Play(1, card_id(state, 1, "R2"))
    assert jump in legal_actions(state, 1)
    state, events = act(state, jump)
    assert CardPlayed(1, jump.card, True) in events and state.turn == 2


@pytest.mark.parametrize("jump_in", [JumpIn.ON, JumpIn.EXTREME])
def test_with_stacking_on_the_victims_identical_draw_two_is_a_stack_not_a_jump_in(jump_in: JumpIn) -> None:
    """Stacking on: the victim's own identical +2 adds to the penalty and they draw nothing (a jump-in with
    extreme semantics would make them draw first)."""
    rules = Rules(jump_in=jump_in, stacking=Stacking.SAME)
    state = given({1: "R+2 G1 G2", 2: "R+2 B1 G5 B3", 3: "B8 B2 G6"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    stack = Play(2, card_id(state, 2, "R+2"))
    state, events = act(state, stack)
    assert CardPlayed(2, stack.card, False) in events
    assert len(state.hands[2]) == 3 and state.turn == 3 and state.penalty == 4
