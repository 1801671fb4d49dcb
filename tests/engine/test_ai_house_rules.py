"""The computer player under house rules: 7-0 trades, a lone zero, the extreme draw chain, Downpours, slaps
first, and drawing until playable."""

from __future__ import annotations

import random

import pytest

from bot.engine.actions import Accept, Action, Draw, Pass, Play, Slap
from bot.engine.ai import choose_action
from bot.engine.cards import Kind
from bot.engine.decks import DeckName
from bot.engine.game import apply
from bot.engine.legal import legal_actions
from bot.engine.rules import PRESETS, BlankEffect, DrawRule, JumpIn, Rules, Scoring, Stacking
from bot.engine.state import GameState, Stage

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


@pytest.mark.parametrize("right", [[], seven("G")], ids=["alone", "beside a bigger hand"])
def test_still_plays_a_seven_that_takes_a_smaller_hand(right: list[str]) -> None:
    """A 7 swaps with the hand it chooses: the smallest, whatever bigger ones there are."""
    hands = {ME: ["R7", "B3", "B4", "B5", "B6"], LEFT: ["Y1", "Y2"], **({RIGHT: right} if right else {})}
    state = table(hands, "R5", rules=PRESETS["house"])
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


def test_extends_an_extreme_draw_chain_with_a_reverse_of_another_colour_on_a_reverse() -> None:
    # Without the chain, the 5 that keeps two greens would be better than a Reverse that keeps no blue.
    hands = {ME: ["BR", "G5", "G6", "G7"], LEFT: seven("Y"), RIGHT: seven("G"), 4: seven("B")}
    state = table(hands, "GR", rules=PRESETS["extreme"], chain=1)
    assert played(state, choose_action(state, ME)) == "BR"


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


def test_does_not_jump_in_with_an_eight_it_could_not_cover() -> None:
    rules = Rules(jump_in=JumpIn.ON, eight_cover=True)

    def jumps(mine: list[str]) -> set[str | None]:
        hands = {ME: mine, LEFT: seven("Y"), RIGHT: seven("G")}
        states = [table(hands, "R8", rules=rules, turn=LEFT, seq=seq, jump_closed=False) for seq in range(6)]
        return {played(state, choose_action(state, ME)) for state in states}

    assert jumps(["R8", "B3"]) == {None}  # the duty to cover would pass to it, with nothing to cover with
    assert jumps(["R8", "R3"]) == {None, "R8"}  # two times in three, by the state hash
    assert jumps(["R8", "W"]) == {None, "R8"}  # a wild covers it too


def test_does_not_play_an_eight_it_could_not_cover() -> None:
    rules = Rules(eight_cover=True)
    state = table({ME: ["R8", "G3", "B1"], LEFT: five("Y"), RIGHT: five("B")}, "R3", rules=rules)
    assert played(state, choose_action(state, ME)) == "G3"


def test_passes_a_penalty_on_with_a_draw_two_and_keeps_the_wild_draw_four() -> None:
    rules = Rules(stacking=Stacking.MIXED)
    hands = {ME: ["Y+2", "W4", "G6"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "R+2", rules=rules, stage=Stage.PENALTY, penalty=2, penalty_kind=Kind.DRAW_TWO)
    assert {"Y+2", "W4"} <= {played(state, action) for action in legal_actions(state, ME)}
    assert played(state, choose_action(state, ME)) == "Y+2"


def test_takes_a_penalty_rather_than_pass_it_on_with_a_bluff() -> None:
    # Holding red, the colour in force, a +4 stacked on the +2 would be a bluff a challenge finds out.
    rules = Rules(stacking=Stacking.MIXED)
    hands = {ME: ["W4", "R6", "G6"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "R+2", rules=rules, stage=Stage.PENALTY, penalty=2, penalty_kind=Kind.DRAW_TWO)
    assert played(state, legal_play(state)) == "W4"
    assert isinstance(choose_action(state, ME), Accept)


def test_plays_a_seven_that_takes_a_hand_as_big_as_the_one_it_would_hold_after_drawing() -> None:
    # Either way it ends with one card more than the other player: the 7 at least sheds one.
    state = table({ME: ["R7", "B3", "B4"], LEFT: ["Y1", "Y2", "Y3"]}, "R5", rules=PRESETS["house"])
    assert played(state, choose_action(state, ME)) == "R7"


def test_plays_a_card_it_would_rather_keep_when_a_draw_would_find_nothing() -> None:
    # Its cards that fit are a 7 that would take a bigger hand and a bluff +4, but both piles are used up:
    # while it could play, the round cannot end as stalled.
    rules = PRESETS["house"]
    hands = {ME: ["R7", "W4", "B1", "B2", "G4"], LEFT: [f"Y{n}" for n in range(1, 10)]}
    state = table(hands, "R3", rules=rules, draw_pile=[])
    assert isinstance(choose_action(state, ME), Play)


@pytest.mark.parametrize(
    ("left", "right", "plays"), [(seven("Y"), ["G1", "G2"], True), (["Y1", "Y2"], seven("G"), False)]
)
def test_a_zero_is_judged_by_the_hand_of_the_player_before(
    left: list[str], right: list[str], plays: bool
) -> None:
    # A 0 passes every hand on in the direction of play: ME (seat 1) gets the hand of RIGHT (seat 3).
    state = table({ME: ["R0", "B3", "B4"], LEFT: left, RIGHT: right}, "R5", rules=PRESETS["house"])
    action = choose_action(state, ME)
    assert (played(state, action) == "R0") if plays else isinstance(action, Draw)


@pytest.mark.parametrize(("effect", "played_card"), [(BlankEffect.DRAW_TEN, "BL"), (BlankEffect.WILD, "B5")])
def test_puts_a_draw_ten_blank_on_a_next_player_about_to_go_out(
    effect: BlankEffect, played_card: str
) -> None:
    rules = Rules(deck=DeckName.CLASSIC_BLANK, blank_effect=effect)
    hands = {ME: ["BL", "B5", "G2", "G3", "G4"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    state = table(hands, "R5", rules=rules)
    assert played(state, choose_action(state, ME)) == played_card


def test_prefers_a_wild_draw_four_to_a_downpour_on_a_next_player_about_to_go_out() -> None:
    # The +4 makes the player about to go out draw 4; a Downpour Two, everyone 2.
    hands = {ME: ["D2", "W4", "B1", "G2"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    state = table(hands, "R4", rules=PRESETS["h2o"])
    assert played(state, choose_action(state, ME)) == "W4"


def test_prefers_the_downpour_two_to_the_downpour_one() -> None:
    hands = {ME: ["D1", "D2", "B1", "G2"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    state = table(hands, "R4", rules=PRESETS["h2o"])
    assert played(state, choose_action(state, ME)) == "D2"


def test_does_not_bluff_with_a_drawn_wild_draw_four() -> None:
    # It drew rather than play a 0 that would bring it the previous player's seven cards. Still holding red,
    # the colour in force, the drawn +4 would be a bluff, however close the next player is to going out.
    state = table(
        {ME: ["R0", "B3", "B4"], LEFT: ["Y1", "Y2"], RIGHT: seven("G")}, "R5", rules=PRESETS["house"]
    )
    assert isinstance(choose_action(state, ME), Draw)
    four_at = next(i for i, cid in enumerate(state.draw_pile) if state.card(cid).code == "W4")
    state.draw_pile.append(state.draw_pile.pop(four_at))  # the next card drawn
    state, _ = apply(state, Draw(ME))
    assert played(state, legal_play(state)) == "W4"
    assert isinstance(choose_action(state, ME), Pass)


def test_plays_two_fives_at_once_rather_than_one() -> None:
    # Nobody is close to going out: either keeps one card of the colour it leaves; the pair sheds one more.
    rules = Rules(multi_play=True)
    hands = {ME: ["R5", "B5", "B2", "R7"], LEFT: [*seven("Y"), "Y8"], RIGHT: [*seven("G"), "G8"]}
    state = table(hands, "R3", rules=rules)
    action = choose_action(state, ME)
    assert isinstance(action, Play)
    assert [state.card(cid).code for cid in (action.card, *action.extra)] == ["R5", "B5"]


@pytest.mark.parametrize(
    ("card", "players", "played_card"),
    [("RS", 3, "RS"), ("RR", 2, "RR"), ("RR", 3, "B9")],  # between two, a Reverse makes the other miss a turn
)
def test_stops_a_next_player_about_to_go_out_rather_than_keep_to_its_colour(
    card: str, players: int, played_card: str
) -> None:
    hands = {ME: [card, "B9", "B1", "B2"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    if players == 2:
        del hands[RIGHT]
    state = table(hands, "R9")
    assert played(state, choose_action(state, ME)) == played_card


@pytest.mark.parametrize("last", ["R7", "R0"])
def test_goes_out_with_a_last_seven_or_zero(last: str) -> None:
    """A last 7 or 0 trades nothing: it ends the round, however big the hand it would have taken."""
    hands = {ME: [last], LEFT: seven("Y"), RIGHT: seven("G")}
    state = table(hands, "R5", rules=PRESETS["house"], uno_called=[ME])
    assert played(state, choose_action(state, ME)) == last
