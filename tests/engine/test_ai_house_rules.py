"""The computer player under house rules: 7-0 trades, a lone zero, the extreme draw chain, Downpours, slaps
first, and drawing until playable."""

from __future__ import annotations

import random

import pytest

from bot.engine.actions import Action, Draw, Play, Slap
from bot.engine.ai import choose_action
from bot.engine.game import apply
from bot.engine.legal import legal_actions
from bot.engine.rules import PRESETS, DrawRule, Rules, Scoring
from bot.engine.state import GameState

from .helpers import card_id
from .test_ai import LEFT, ME, RIGHT, five, table


def seven(colour: str) -> list[str]:
    return [f"{colour}{number}" for number in range(1, 8)]


def legal_play(state: GameState) -> Action | None:
    return next((a for a in legal_actions(state, ME) if isinstance(a, Play)), None)


def played(state: GameState, action: Action | None) -> str | None:
    return state.card(action.card).code if isinstance(action, Play) else None


@pytest.mark.parametrize(
    ("mine", "others"),
    [
        (["R7", "B3", "B4"], {LEFT: seven("Y")}),  # a 7 would swap 2 cards for 7
        (["R7", "B3", "B4"], {LEFT: seven("Y"), RIGHT: seven("G")}),
        (["R0", "B3", "B4"], {LEFT: seven("Y")}),  # a 0 would pass 2 cards on and bring 7
    ],
)
def test_draws_rather_than_play_a_seven_or_zero_that_takes_a_bigger_hand(
    mine: list[str], others: dict[int, list[str]]
) -> None:
    state = table({ME: mine, **others}, "R5", rules=PRESETS["house"])
    assert isinstance(choose_action(state, ME), Draw)


def test_still_plays_a_seven_that_takes_a_smaller_hand() -> None:
    state = table({ME: ["R7", "B3", "B4", "B5", "B6"], LEFT: ["Y1", "Y2"]}, "R5", rules=PRESETS["house"])
    assert played(state, choose_action(state, ME)) == "R7"


def test_keeps_a_drawn_seven_that_would_take_a_bigger_hand() -> None:
    state = table({ME: ["B3", "B4"], LEFT: seven("Y")}, "R5", rules=PRESETS["house"])
    seven_at = next(i for i, cid in enumerate(state.draw_pile) if state.card(cid).code == "R7")
    state.draw_pile.append(state.draw_pile.pop(seven_at))  # the next card drawn
    state, _ = apply(state, Draw(ME))
    assert played(state, legal_play(state)) == "R7"
    assert played(state, choose_action(state, ME)) is None  # it passes


def test_does_not_jump_in_with_a_seven_that_swaps_one_card_for_seven() -> None:
    hands = {ME: ["R7", "B3"], LEFT: seven("Y"), RIGHT: seven("G")}
    for seq in range(6):  # the state hash decides whether a number card is jumped in with (2 times in 3)
        assert choose_action(table(hands, "R7", rules=PRESETS["house"], turn=LEFT, seq=seq), ME) is None


@pytest.mark.parametrize(
    "rules", [PRESETS["extreme"], Rules(scoring=Scoring.OWN_HAND, lone_zero_100=True)], ids=["extreme", "own"]
)
def test_does_not_keep_a_lone_zero_worth_100_when_someone_is_about_to_go_out(rules: Rules) -> None:
    state = table(
        {ME: ["R0", "R9"], LEFT: ["Y1"], RIGHT: seven("G")}, "R5", rules=rules, uno_called=[ME, LEFT]
    )
    assert played(state, choose_action(state, ME)) == "R0"


def test_extends_an_extreme_draw_chain_with_a_reverse() -> None:
    hands = {ME: ["RR", "R5", "B1", "B2"], LEFT: seven("Y"), RIGHT: ["R+2", *seven("G")], 4: seven("B")}
    state = table(hands, "R3", rules=PRESETS["extreme"], turn=RIGHT)
    state, _ = apply(state, Play(RIGHT, card_id(state, RIGHT, "R+2")))  # seat 4 draws 2 at once
    assert state.turn == ME and state.chain == 1
    assert played(state, choose_action(state, ME)) == "RR"  # seat 4, the last victim, draws 4 more


def test_plays_a_downpour_when_any_opponent_is_about_to_go_out() -> None:
    hands = {ME: ["D2", "B5", "B6", "G2"], LEFT: seven("Y"), RIGHT: ["G1"]}  # the player after next has one
    state = table(hands, "B3", rules=PRESETS["h2o"], uno_called=[RIGHT])
    assert played(state, choose_action(state, ME)) == "D2"


def test_slaps_before_catching() -> None:
    # A catch is thought over longer than a slap: catching first risks being the last to slap (4 cards).
    state = table(
        {ME: ["R5", "R6", "R7"], LEFT: ["Y1"], RIGHT: five("G")},
        "R0",
        rules=PRESETS["extreme"],
        turn=RIGHT,
        slap_pending=[ME, LEFT, RIGHT],
        slap_deadline=5000,
        catchable=[LEFT],
        catch_deadline=10_000,
    )
    assert choose_action(state, ME) == Slap(ME, state.clock)


def test_spends_the_wild_rather_than_draw_until_playable() -> None:
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: seven("G")}
    state = table(hands, "R4", rules=rules)
    rng = random.Random(1)
    drawn = 0
    for _ in range(200):
        shuffled = state.clone()
        shuffled.draw_pile = state.draw_pile[:]
        rng.shuffle(shuffled.draw_pile)
        after, _ = apply(shuffled, Draw(ME))
        drawn += len(after.hands[ME]) - len(state.hands[ME])
    assert drawn / 200 > 2  # what a Draw costs here on average; the same hand draws under the one-card rule
    assert played(state, choose_action(state, ME)) == "W"
