"""The computer player's human touches, each decided by a hash of the state (the same state, the same choice):
it bluffs a Wild Draw Four now and then where that pays, judges another computer's +4 by the way it bluffs
itself, and now and then forgets "UNO!" and stays silent while it can be caught."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.actions import Accept, CallUno, Catch, Challenge, ChooseColour, Play, TimeoutKind
from bot.engine.ai import BLUFF_ONE_IN, FORGET_UNO_ONE_IN, choose_action, guilt_odds
from bot.engine.cards import Colour, Kind
from bot.engine.game import apply
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import ChallengeInfo, GameState, Stage
from bot.simulate import due_timeout

from .helpers import card_id
from .test_ai import LEFT, ME, RIGHT, five, table

STATES = 80  # states told apart only by their sequence number: the state hash picks a quarter of them

# --- bluffing a Wild Draw Four ----------------------------------------------------------------------------


def plays(mine: list[str], next_hand: list[str], rules: Rules | None = None) -> list[str]:
    """What the player plays, red 3 on top, in STATES states told apart by their sequence number."""
    states = [
        table({ME: mine, LEFT: next_hand, RIGHT: five("G")}, "R3", rules=rules, seq=s) for s in range(STATES)
    ]
    chosen = [choose_action(state, ME) for state in states]
    return [states[0].card(a.card).code for a in chosen if isinstance(a, Play)]


@pytest.mark.parametrize(
    ("mine", "next_hand", "honest"),
    [
        # the next player is about to go out and nothing honest stops them: a +4 now and then
        (["R5", "G2", "B7", "W4"], ["Y1", "Y2"], "R5"),
        (["R5", "G2", "W4"], ["Y1", "Y2"], "R5"),
        (["R5", "G2", "B7", "W4"], ["Y1", "Y2", "Y3"], "R5"),
        # a single red (the colour in force) and two greens: a +4 that turns the colour to green
        (["R5", "G2", "G7", "W4"], five("Y"), "R5"),
    ],
)
def test_bluffs_a_wild_draw_four_now_and_then_where_it_pays(
    mine: list[str], next_hand: list[str], honest: str
) -> None:
    played = plays(mine, next_hand)
    assert len(played) == STATES and set(played) == {honest, "W4"}
    assert STATES / BLUFF_ONE_IN / 2 < played.count("W4") < STATES / BLUFF_ONE_IN * 2


@pytest.mark.parametrize(
    ("mine", "next_hand", "rules", "honest"),
    [
        (["RS", "G2", "B7", "W4"], ["Y1", "Y2"], Rules(), {"RS"}),  # a Skip stops them honestly
        # the next player holds four cards: not about to go out
        (["R5", "G2", "B7", "W4"], ["Y1", "Y2", "Y3", "Y4"], Rules(), {"R5"}),
        (["R5", "R6", "G2", "W4"], five("Y"), Rules(), {"R6"}),  # two reds: the colour is no trouble
        (["R5", "G2", "G7", "W4"], five("Y"), Rules(wd4_challenge=False), {"R5"}),  # no bluffs at all
        # five cards and more: a challenger would rightly think red likely held
        (["R5", "G2", "G7", "B1", "W4"], ["Y1", "Y2"], Rules(), {"R5"}),
    ],
)
def test_never_bluffs_where_it_does_not_pay(
    mine: list[str], next_hand: list[str], rules: Rules, honest: set[str]
) -> None:
    assert set(plays(mine, next_hand, rules)) == honest


def test_never_bluffs_from_two_cards() -> None:
    """Kept, the +4 goes out next turn whatever the colour; bluffed, a caught bluff takes 4 cards."""
    hands = {ME: ["R5", "W4"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    states = [table(hands, "R3", seq=seq, uno_called=[ME]) for seq in range(STATES)]
    chosen = [choose_action(state, ME) for state in states]
    assert {states[0].card(a.card).code for a in chosen if isinstance(a, Play)} == {"R5"}


# --- judging a Wild Draw Four: a person, or a computer by its own bluffs ---------------------------------


@pytest.mark.parametrize(
    ("mine", "held", "challenged", "answer"),
    [
        (2, 9, LEFT, Challenge),  # a person with nine cards very likely held red
        (2, 2, LEFT, Accept),
        (2, 3, -LEFT, Challenge),  # a computer bluffs from four cards when we are about to go out
        (3, 3, -LEFT, Challenge),  # three cards are about to go out too
        (4, 3, -LEFT, Accept),  # otherwise only with a single red, less likely
        (2, 1, -LEFT, Accept),  # never from two cards
        (2, 4, -LEFT, Accept),  # nor from five
        (2, 9, -LEFT, Accept),  # nor from ten
    ],
)
def test_challenges_by_how_the_player_bluffs(mine: int, held: int, challenged: int, answer: type) -> None:
    hands = {ME: ["R5", *five("G")][:mine], challenged: [f"Y{n % 9 + 1}" for n in range(held)]}
    hands[RIGHT] = five("G")
    state = after_a_wild_draw_four(hands, challenged)
    assert choose_action(state, ME) == answer(ME, state.clock)


def test_challenges_more_readily_when_a_caught_bluffer_takes_the_card_back() -> None:
    """Judged ~32% likely a bluff: worth challenging only because under extreme_challenge a caught bluffer
    takes the +4 back too (5 cards, against the 8 a fair card costs the challenger; without it, 4)."""
    hands = {ME: ["G1", "G2", "G3", "G4"], LEFT: [f"Y{n}" for n in range(1, 6)], RIGHT: five("B")}
    state = after_a_wild_draw_four(hands, LEFT, Rules(extreme_challenge=True))
    assert state.challenge is not None and 0.31 < guilt_odds(state, ME, state.challenge) < 0.33
    assert choose_action(state, ME) == Challenge(ME, state.clock)


def test_challenges_a_restricted_wild_on_its_turn() -> None:
    """A plain Wild restricted like a +4 brings no penalty: the next player may challenge it on an ordinary
    turn, and does so when the player (a person holding fifteen cards) very likely held red."""
    rules = Rules(extreme_wild_restriction=True, extreme_challenge=True)
    left = ["W", *[f"R{n}" for n in range(1, 10)], *[f"Y{n}" for n in range(1, 7)]]
    state = table({ME: ["B5", "G1"], LEFT: left, RIGHT: five("G")}, "R3", rules=rules, turn=LEFT)
    state, _ = apply(state, Play(LEFT, card_id(state, LEFT, "W"), state.clock))
    state, _ = apply(state, ChooseColour(LEFT, Colour.BLUE, state.clock))
    assert state.turn == RIGHT and state.stage is Stage.PLAY and state.challenge is not None
    assert choose_action(state, RIGHT) == Challenge(RIGHT, state.clock)


@pytest.mark.parametrize(("reds_discarded", "answer"), [(0, Challenge), (12, Accept)])
def test_judges_a_wild_draw_four_by_the_reds_already_discarded(reds_discarded: int, answer: type) -> None:
    # With a dozen reds on the discard pile a five-card hand without red is likelier: a fair card.
    hands = {ME: ["R5", "G1"], LEFT: [f"Y{n}" for n in range(1, 6)], RIGHT: five("G")}
    state = after_a_wild_draw_four(hands, LEFT)
    reds = [cid for cid in state.draw_pile if state.card(cid).colour is Colour.RED][:reds_discarded]
    state.draw_pile = [cid for cid in state.draw_pile if cid not in reds]
    state.discard = [*reds, *state.discard]
    assert choose_action(state, ME) == answer(ME, state.clock)


def after_a_wild_draw_four(
    hands: dict[int, list[str]], challenged: int, rules: Rules | None = None
) -> GameState:
    """ME to answer the +4 that `challenged` played on red, turning the colour to blue."""
    state = table(
        hands,
        "W4",
        colour=Colour.BLUE,
        rules=rules,
        stage=Stage.PENALTY,
        penalty=4,
        penalty_kind=Kind.WILD_DRAW_FOUR,
    )
    state.challenge = ChallengeInfo(challenged, state.discard[-1], False, Colour.RED, state.discard[-1])
    return state


# --- forgetting "UNO!" ------------------------------------------------------------------------------------


def test_forgets_uno_now_and_then_and_stays_silent_while_it_can_be_caught() -> None:
    hands = {ME: ["R5", "R6"], LEFT: five("Y"), RIGHT: five("G")}
    forgotten = 0
    for round_no in range(1, STATES + 1):
        state = table(hands, "R3", round_no=round_no)
        first = choose_action(state, ME)
        if isinstance(first, CallUno):
            continue
        assert isinstance(first, Play)
        forgotten += 1
        after, _ = apply(state, first)
        assert after.catchable == [ME] and after.turn == LEFT
        assert choose_action(after, ME) is None  # no late "UNO!" while it can be caught
        assert choose_action(after, LEFT) == Catch(LEFT, after.clock)
    assert STATES / FORGET_UNO_ONE_IN / 2 < forgotten < STATES / FORGET_UNO_ONE_IN * 2


def test_calls_a_forgotten_uno_once_it_can_no_longer_be_caught() -> None:
    hands = {ME: ["R5", "R6"], LEFT: five("Y"), RIGHT: five("G")}
    called_late = []
    for round_no in range(1, STATES + 1):
        state = table(hands, "R3", round_no=round_no)
        first = choose_action(state, ME)
        if isinstance(first, CallUno):
            continue
        state, _ = apply(state, first)  # its second-to-last card, without "UNO!"
        window = due_timeout(state)
        assert window is not None and window.kind is TimeoutKind.CATCH
        state, _ = apply(state, window)  # nobody caught it in time
        assert state.catchable == [] and state.turn == LEFT
        called_late.append(choose_action(state, ME) == CallUno(ME, state.clock))
    assert called_late and all(called_late)


HOUSE = PRESETS["house"]


def _own_turn(rules: Rules) -> Callable[[int], GameState]:
    def dealt(round_no: int) -> GameState:
        return table(
            {ME: ["R5", "R6"], LEFT: five("Y"), RIGHT: five("G")}, "R3", rules=rules, round_no=round_no
        )

    return dealt


def _jump_in(round_no: int) -> GameState:
    hands = {ME: ["R3", "B6"], LEFT: five("Y"), RIGHT: five("G")}
    return table(hands, "R3", rules=HOUSE, round_no=round_no, turn=LEFT, jump_closed=False)


def _handed_one(play: str, hands: dict[int, list[str]], player: int) -> Callable[[int], GameState]:
    """`player` plays `play` (a 7 swapping with ME, a 0 passing every hand on) and leaves ME one card."""

    def dealt(round_no: int) -> GameState:
        state = table(hands, "R3", rules=HOUSE, round_no=round_no, turn=player)
        after, _ = apply(state, Play(player, card_id(state, player, play), state.clock))
        assert len(after.hands[ME]) == 1 and ME in after.catchable
        return after

    return dealt


@pytest.mark.parametrize(
    ("dealt", "forgets"),
    [
        pytest.param(_own_turn(Rules()), True, id="own second-to-last play"),
        pytest.param(_own_turn(HOUSE), True, id="own second-to-last play, house rules"),
        pytest.param(_jump_in, False, id="jump-in that leaves one card"),
        pytest.param(_handed_one("R7", {ME: five("G"), LEFT: ["R7", "Y2"]}, LEFT), False, id="7 swap"),
        pytest.param(
            _handed_one("R0", {ME: five("G"), LEFT: five("B"), RIGHT: ["R0", "Y2"]}, RIGHT),
            False,
            id="0 pass",
        ),
    ],
)
def test_forgets_uno_only_on_its_own_second_to_last_play(
    dealt: Callable[[int], GameState], forgets: bool
) -> None:
    """A computer forgets only after an ordinary play of its own, as people do. Left one card by a 7-0 swap,
    a 0 pass or its own jump-in, it forgot as often, and stayed silent while it could be caught."""
    called = [calls_uno(dealt(round_no)) for round_no in range(1, STATES + 1)]
    assert called.count(None) < STATES / 2  # a jump-in comes two times in three
    forgotten = called.count(False)
    if forgets:
        assert STATES / FORGET_UNO_ONE_IN / 2 < forgotten < STATES / FORGET_UNO_ONE_IN * 2
    else:
        assert forgotten == 0


def calls_uno(state: GameState) -> bool | None:
    """Whether ME, about to hold one card or holding one, calls "UNO!" before it can be caught; None when it
    does nothing (it does not jump in)."""
    first = choose_action(state, ME)
    if first is None:
        return None
    if isinstance(first, CallUno):
        return True
    if not isinstance(first, Play):
        return False  # it moves on, catchable
    after, _ = apply(state, first)
    assert after.catchable == [ME]
    return isinstance(choose_action(after, ME), CallUno)  # else silent while it can be caught


def test_calls_uno_before_an_identical_card_played_in_its_own_turn() -> None:
    """An identical card on top reads as a jump-in, which never forgets: so its own play of one calls "UNO!"
    first every time, never plays on and calls only once it can be caught."""
    hands = {ME: ["R3", "B6"], LEFT: five("Y"), RIGHT: five("G")}
    first = [choose_action(table(hands, "R3", round_no=round_no), ME) for round_no in range(1, STATES + 1)]
    assert all(isinstance(action, CallUno) for action in first)
