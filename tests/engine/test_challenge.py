"""RULES.md section 4: the Wild Draw Four challenge, plain and UNO Extreme, and the restricted Wild."""

import pytest

from bot.engine import (
    Accept,
    Challenge,
    ChooseColour,
    Colour,
    Draw,
    IllegalAction,
    Pass,
    Pending,
    Play,
    Reason,
    Rules,
    apply,
    legal_actions,
)
from bot.engine.checks import would_bluff
from bot.engine.events import CardReturned, Challenged, ColourReverted
from bot.engine.rules import BlankEffect, DeckName

from .helpers import act, card_id, codes, given

HANDS = {2: "B9 B1 G5", 3: "B8 B2 G6"}


def w4_played(hand: str, rules: Rules | None = None) -> object:
    state = given({1: hand, **HANDS}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE))
    return state


def test_guilty_player_draws_four_and_the_challenger_takes_a_normal_turn() -> None:
    state = w4_played("W4 R5 G1")
    state, events = act(state, Challenge(2))
    challenged = next(e for e in events if isinstance(e, Challenged))
    assert challenged.guilty and challenged.challenger == 2 and challenged.challenged == 1
    assert [state.card(c).code for c in challenged.hand] == ["R5", "G1"]  # shown to the challenger
    assert len(state.hands[1]) == 6 and len(state.hands[2]) == 3
    assert state.turn == 2 and state.pending is Pending.PLAY and state.colour is Colour.BLUE


def test_innocent_player_makes_the_challenger_draw_six_and_lose_the_turn() -> None:
    state = w4_played("W4 B5 G1")
    state, events = act(state, Challenge(2))
    assert not next(e for e in events if isinstance(e, Challenged)).guilty
    assert len(state.hands[2]) == 9 and len(state.hands[1]) == 2 and state.turn == 3


def test_only_the_victim_may_challenge_and_only_before_drawing() -> None:
    state = w4_played("W4 R5 G1")
    assert Challenge(3) not in legal_actions(state, 3)
    with pytest.raises(IllegalAction) as error:
        apply(state, Challenge(3))
    assert error.value.reason is Reason.NOT_YOUR_TURN
    accepted, _ = act(state, Accept(2))
    with pytest.raises(IllegalAction) as error:
        apply(accepted, Challenge(3))
    assert error.value.reason is Reason.NOTHING_TO_CHALLENGE


@pytest.mark.parametrize("drawn", ["Y9", "G9"])  # unplayable: passed at once; playable: kept, then passed
def test_a_restricted_wild_is_no_longer_challengeable_once_its_victim_drew(drawn: str) -> None:
    """RULES.md section 4: "Only the player who must draw may challenge, and only before drawing": a
    bluffed plain Wild (extreme_wild_restriction) is challengeable by the next player until they draw."""
    state = given({1: "W R5 G1", **HANDS}, "R3", rules=Rules(extreme_wild_restriction=True), draw=drawn)
    state, _ = act(state, Play(1, card_id(state, 1, "W")), ChooseColour(1, Colour.GREEN))
    assert state.challenge is not None and state.challenge.guilty and Challenge(2) in legal_actions(state, 2)
    state, _ = act(state, Draw(2))
    assert state.challenge is None and Challenge(2) not in legal_actions(state, 2)
    if state.turn == 2:  # the drawn card is playable: the victim still has the turn
        with pytest.raises(IllegalAction) as error:
            apply(state, Challenge(2))
        assert error.value.reason is Reason.NOTHING_TO_CHALLENGE
        state, _ = act(state, Pass(2))
    assert state.turn == 3 and Challenge(3) not in legal_actions(state, 3)
    with pytest.raises(IllegalAction) as error:
        apply(state, Challenge(3))
    assert error.value.reason is Reason.NOTHING_TO_CHALLENGE
    assert len(state.hands[1]) == 2


@pytest.mark.parametrize(
    ("hand", "rules", "bluff"),
    [
        ("W4 R5 G1", Rules(), True),  # a red card: the colour in force
        ("W4 G3 B1", Rules(), False),  # the 3 matches the top card's number, not its colour
        ("W R5 G1", Rules(), False),  # a plain Wild is restricted only under the extreme rule
        ("W R5 G1", Rules(extreme_wild_restriction=True), True),
    ],
)
def test_would_bluff_says_beforehand_what_a_challenge_finds(hand: str, rules: Rules, bluff: bool) -> None:
    state = given({1: hand, **HANDS}, "R3", rules=rules)
    black = state.card(state.hands[1][0])
    assert would_bluff(state, 1, black) is bluff
    state, _ = act(state, Play(1, black.id), ChooseColour(1, Colour.GREEN))
    assert (state.challenge is not None and state.challenge.guilty) is bluff


def test_no_challenge_when_the_challenge_is_off() -> None:
    state = w4_played("W4 B5 G1", Rules(wd4_challenge=False))
    assert Challenge(2) not in legal_actions(state, 2)


def test_extreme_guilty_takes_the_card_back_draws_four_and_the_top_reverts() -> None:
    state = w4_played("W4 R5 G1", Rules(extreme_challenge=True))
    state, events = act(state, Challenge(2))
    assert any(isinstance(e, CardReturned) for e in events)
    assert not any(isinstance(e, ColourReverted) for e in events)  # the card going back tells it
    assert "W4" in codes(state, 1) and len(state.hands[1]) == 7
    assert state.top.code == "R3" and state.colour is Colour.RED
    assert state.turn == 2 and state.pending is Pending.PLAY


def test_extreme_innocent_challenger_draws_eight() -> None:
    state = w4_played("W4 B5 G1", Rules(extreme_challenge=True))
    state, _ = act(state, Challenge(2))
    assert len(state.hands[2]) == 11 and state.turn == 3


@pytest.mark.parametrize(("hand", "guilty"), [("W R5 G1", True), ("W B5 G1", False)])
def test_extreme_wild_restriction_makes_the_wild_challengeable(hand: str, guilty: bool) -> None:
    rules = Rules(extreme_wild_restriction=True, extreme_challenge=True)
    state = given({1: hand, **HANDS}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "W")), ChooseColour(1, Colour.GREEN))
    assert state.pending is Pending.PLAY and Challenge(2) in legal_actions(state, 2)
    not_challenged, _ = act(state, Play(2, card_id(state, 2, "G5")))
    assert not_challenged.challenge is None
    state, _ = act(state, Challenge(2))
    if guilty:
        assert "W" in codes(state, 1) and len(state.hands[1]) == 7 and state.colour is Colour.RED
        assert state.turn == 2
    else:
        assert len(state.hands[2]) == 11 and state.turn == 3


def test_restricted_wild_bluff_is_refused_without_challenges() -> None:
    rules = Rules(extreme_wild_restriction=True, wd4_challenge=False)
    state = given({1: "W R5 G1", **HANDS}, "R3", rules=rules)
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(1, card_id(state, 1, "W")))
    assert error.value.reason is Reason.WILD_NOT_ALLOWED


@pytest.mark.parametrize(("effect", "restricted"), [(BlankEffect.WILD, True), (BlankEffect.DRAW_TEN, False)])
def test_a_blank_played_as_a_plain_wild_is_restricted_like_one(effect: BlankEffect, restricted: bool) -> None:
    """(found by the rules audit of 2026-12-02) blank_effect `wild` is "a plain Wild" in RULES.md, so
    extreme_wild_restriction restricts it too; a blank that makes the next player draw ten is no Wild."""
    rules = Rules(
        deck=DeckName.CLASSIC_BLANK, blank_effect=effect, extreme_wild_restriction=True, wd4_challenge=False
    )
    state = given({1: "BL R5 G1", **HANDS}, "R3", rules=rules)
    blank = Play(1, card_id(state, 1, "BL"))
    assert (blank not in legal_actions(state, 1, now=0)) == restricted
    if restricted:
        with pytest.raises(IllegalAction) as error:
            apply(state, blank)
        assert error.value.reason is Reason.WILD_NOT_ALLOWED


def test_a_blank_played_as_a_plain_wild_is_challengeable_like_the_wild() -> None:
    rules = Rules(deck=DeckName.CLASSIC_BLANK, blank_effect=BlankEffect.WILD, extreme_wild_restriction=True)
    state = given({1: "BL R5 G1", 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "BL")), ChooseColour(1, Colour.GREEN))  # a bluff: R5
    assert state.challenge is not None and state.challenge.guilty
    state, _ = act(state, Challenge(2))
    assert len(state.hands[1]) == 2 + 4 and state.turn == 2


@pytest.mark.parametrize(("hand", "guilty"), [("W R5 G1", True), ("W B5 G1", False)])
def test_a_restricted_wild_under_the_plain_challenge(hand: str, guilty: bool) -> None:
    # Without extreme_challenge: guilty draws 4 and the challenger moves; innocent: the challenger draws 6.
    state = given({1: hand, 2: "B9 B1 G5", 3: "B8 B2 G6"}, "R3", rules=Rules(extreme_wild_restriction=True))
    state, _ = act(state, Play(1, card_id(state, 1, "W")), ChooseColour(1, Colour.GREEN))
    state, _ = act(state, Challenge(2))
    assert state.colour is Colour.GREEN and "W" not in codes(state, 1)
    if guilty:
        assert len(state.hands[1]) == 2 + 4 and len(state.hands[2]) == 3 and state.turn == 2
        assert state.pending is Pending.PLAY
    else:
        assert len(state.hands[1]) == 2 and len(state.hands[2]) == 3 + 6 and state.turn == 3
