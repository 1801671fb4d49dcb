"""The computer player: only legal actions, sensible choices, and AI-vs-AI matches that end."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest

from bot.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    Leave,
    Pass,
    Play,
    Slap,
)
from bot.engine.ai import choose_action, guilt_odds
from bot.engine.cards import Colour, Kind
from bot.engine.decks import deck_cards, find_card
from bot.engine.game import apply, new_match
from bot.engine.legal import legal_actions
from bot.engine.rules import PRESETS, SETTINGS, Rules, Scoring, SettingType, Stacking
from bot.engine.state import ChallengeInfo, DecisionKind, GameState, Stage
from bot.simulate import Figures, due_timeout, play_match

ME, LEFT, RIGHT = 1, 2, 3


def table(
    hands: dict[int, list[str]],
    top: str,
    colour: Colour | None = None,
    rules: Rules | None = None,
    **fields: Any,
) -> GameState:
    """A state with these hands and top card; every other card is in the draw pile; ME to move."""
    rules = rules or Rules()
    state, _ = new_match(list(hands), rules, seed=7)
    used: set[int] = set()

    def take(code: str) -> int:
        card = find_card(rules.deck, code, frozenset(used))
        used.add(card.id)
        return card.id

    state = state.clone()
    state.hands = {player: [take(code) for code in codes] for player, codes in hands.items()}
    state.discard = [take(top)]
    state.draw_pile = [card.id for card in deck_cards(rules.deck) if card.id not in used]
    state.colour = colour or state.card(state.discard[-1]).colour
    state.turn = ME
    state.direction = 1
    state.stage = Stage.PLAY
    state.decision = None
    state.decider = None
    state.penalty = 0
    state.penalty_kind = None
    state.challenge = None
    state.catchable = []
    state.uno_called = []
    state.slap_pending = []
    state.slap_deadline = None
    state.catch_deadline = None
    state.silence_holder = None
    state.drawn_card = None
    state.cover = False
    state.chain = 0
    state.skip_chain = 0
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def codes(state: GameState, action: Action | None) -> str:
    assert isinstance(action, Play)
    return state.card(action.card).code


# --- heuristic choices ----------------------------------------------------------------------------------


def five(colour: str) -> list[str]:
    return [f"{colour}{number}" for number in range(1, 6)]


def test_keeps_a_wild_when_a_colour_card_matches() -> None:
    state = table({ME: ["W", "R5", "G2", "W4"], LEFT: five("B"), RIGHT: five("Y")}, "R3")
    assert codes(state, choose_action(state, ME)) == "R5"


def test_plays_into_the_colour_it_holds_most() -> None:
    hands = {ME: ["R9", "B9", "B1", "B2", "G7"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "G9")
    assert codes(state, choose_action(state, ME)) == "B9"  # a 9 that turns the colour to blue, held most


def test_draws_rather_than_spend_a_wild_with_a_big_hand_and_no_threat() -> None:
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("R")}
    state = table(hands, "R4")
    assert isinstance(choose_action(state, ME), Draw)


def test_spends_the_wild_when_nothing_is_left_to_draw() -> None:
    # Drawing would find nothing, and while it could play, the round cannot end as stalled.
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("R")}
    state = table(hands, "R4", draw_pile=[])
    assert codes(state, choose_action(state, ME)) == "W"


def test_spends_the_wild_when_little_is_left_to_draw() -> None:
    # The same few cards would only go round again: a wild changes the colour instead.
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("R")}
    state = table(hands, "R4")
    state.draw_pile = state.draw_pile[-2:]
    assert codes(state, choose_action(state, ME)) == "W"


@pytest.mark.parametrize(("left", "answers"), [(3, {Play, Pass}), (4, {Play})])
def test_keeps_a_drawn_card_every_other_time_when_few_are_left_to_draw(left: int, answers: set[type]) -> None:
    # The same few cards would go round and round: two players could pass them back and forth for ever.
    hands = {ME: ["B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "R4")
    nine = next(cid for cid in state.draw_pile if state.card(cid).code == "R9")
    state.draw_pile = [*[cid for cid in state.draw_pile if cid != nine][-left:], nine]  # the nine drawn next
    state, _ = apply(state, Draw(ME))
    drawn = [state.clone() for _ in range(6)]
    for seq, each in enumerate(drawn):
        each.seq = seq
    assert {type(choose_action(each, ME)) for each in drawn} == answers


def test_puts_a_wild_draw_four_on_a_next_player_about_to_go_out() -> None:
    # It sheds 50 points too, rather than the B5 that also matches.
    state = table({ME: ["W4", "B5", "G2"], LEFT: ["Y1"], RIGHT: five("G")}, "R5")
    assert codes(state, choose_action(state, ME)) == "W4"


def test_two_computers_do_not_pass_two_reverses_back_and_forth_for_ever() -> None:
    # Every card but two is in the hands: the top YR and a GR under it. Seats 1 and 3 could answer each
    # Reverse with the Reverse they draw for ever (seat 3 keeping its Wild); seat 2 must get a turn.
    mine = ["B2", "R2", "G5", "B3", "R1", "G6", "G8"]
    right = ["W", "B4", "R5", "B5", "R6", "Y7", "Y2", "YS", "YS"]
    state = table({ME: mine, LEFT: [], RIGHT: right}, "YR")
    under = next(c for c in state.draw_pile if state.card(c).code == "GR")
    state.hands[LEFT] = [c for c in state.draw_pile if c != under]
    state.draw_pile, state.discard = [], [under, *state.discard]
    for _ in range(200):
        if state.turn == LEFT or state.round_over:
            break
        action = choose_action(state, state.turn)
        assert action is not None
        state, _ = apply(state, action)
    assert state.turn == LEFT or state.round_over


def test_spends_the_wild_when_an_opponent_is_about_to_go_out() -> None:
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: ["Y1"], RIGHT: five("R")}
    state = table(hands, "R4", uno_called=[LEFT])
    assert codes(state, choose_action(state, ME)) == "W"


def test_picks_the_colour_it_holds_most() -> None:
    hands = {ME: ["B1", "B2", "B3", "R9", "G4"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "W", colour=None, decision=DecisionKind.COLOUR, decider=ME)
    assert choose_action(state, ME) == ChooseColour(ME, Colour.BLUE, state.clock)


def test_calls_uno_with_two_cards_before_playing() -> None:
    hands = {ME: ["R5", "R6"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "R3")
    assert choose_action(state, ME) == CallUno(ME, state.clock)
    called = table(hands, "R3", uno_called=[ME])
    assert isinstance(choose_action(called, ME), Play)


def test_catches_an_opponent_who_did_not_call() -> None:
    hands = {ME: ["R5", "R6", "R7"], LEFT: ["Y1"], RIGHT: five("G")}
    state = table(hands, "R3", turn=RIGHT, catchable=[LEFT], catch_deadline=10_000)
    assert choose_action(state, ME) == Catch(ME, state.clock)
    # the uncaught player calls instead, and nobody makes a false catch when nobody is catchable
    assert choose_action(state, LEFT) == CallUno(LEFT, state.clock)
    calm = table(hands, "R3", turn=RIGHT, uno_called=[LEFT])
    assert choose_action(calm, ME) is None


def test_does_not_catch_into_a_window_whose_deadline_has_passed() -> None:
    hands = {ME: ["R5", "R6", "R7"], LEFT: ["Y1"], RIGHT: five("G")}
    state = table(hands, "R3", turn=RIGHT, catchable=[LEFT], catch_deadline=10_000)
    assert choose_action(state, ME, now=9_999) == Catch(ME, 9_999)
    assert choose_action(state, ME, now=10_000) is None  # its Timeout has yet to come: not a false catch


def test_slaps_during_a_zero_slap() -> None:
    rules = PRESETS["extreme"]
    state = table(
        {ME: ["R5", "R6", "R7"], LEFT: ["Y1", "Y2"], RIGHT: five("G")},
        "R0",
        rules=rules,
        turn=LEFT,
        slap_pending=[ME, LEFT, RIGHT],
        slap_deadline=5000,
    )
    assert choose_action(state, ME) == Slap(ME, state.clock)


def test_swaps_with_the_smallest_hand() -> None:
    rules = PRESETS["house"]
    hands = {ME: ["R5", "R6", "R7", "B1"], LEFT: ["Y1", "Y2", "Y3"], RIGHT: ["G1", "G2"], 4: ["B5"] * 2}
    state = table(hands, "R7", rules=rules, decision=DecisionKind.SWAP, decider=ME)
    assert choose_action(state, ME) == ChooseSwap(
        ME, RIGHT, state.clock
    )  # tie with seat 4: next in turn order


def test_covers_an_eight_with_a_legal_card() -> None:
    rules = Rules(eight_cover=True)
    state = table({ME: ["G2", "R5", "B7"], LEFT: five("Y"), RIGHT: five("G")}, "R8", rules=rules, cover=True)
    assert codes(state, choose_action(state, ME)) == "R5"


def test_jumps_in_with_an_identical_action_card() -> None:
    rules = PRESETS["house"]
    hands = {ME: ["RS", "B7", "G4"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "RS", rules=rules, turn=RIGHT)
    assert codes(state, choose_action(state, ME)) == "RS"
    assert choose_action(table(hands, "BS", rules=rules, turn=RIGHT), ME) is None  # nothing identical


def test_always_jumps_in_with_an_identical_action_card() -> None:
    # Only a number card is jumped in with now and then (two times in three, by the state hash).
    hands = {ME: ["RS", "B7", "G4"], LEFT: five("Y"), RIGHT: five("G")}
    states = [table(hands, "RS", rules=PRESETS["house"], turn=RIGHT, seq=seq) for seq in range(6)]
    assert {codes(state, choose_action(state, ME)) for state in states} == {"RS"}


def test_stacks_a_draw_two_instead_of_drawing() -> None:
    rules = Rules(stacking=Stacking.SAME)
    hands = {ME: ["Y+2", "R5", "G6"], LEFT: five("Y"), RIGHT: five("G")}
    state = table(hands, "R+2", rules=rules, stage=Stage.PENALTY, penalty=2, penalty_kind=Kind.DRAW_TWO)
    assert codes(state, choose_action(state, ME)) == "Y+2"


def test_challenges_a_person_with_a_big_hand() -> None:
    hands = {ME: ["R5", "G6"], LEFT: [f"Y{n}" for n in range(1, 10)], RIGHT: five("G")}
    state = table(
        hands, "W4", colour=Colour.BLUE, stage=Stage.PENALTY, penalty=4, penalty_kind=Kind.WILD_DRAW_FOUR
    )
    state.challenge = ChallengeInfo(LEFT, state.discard[-1], False, Colour.RED, state.discard[-1])
    assert guilt_odds(state, ME, state.challenge) > 0.5
    assert choose_action(state, ME) == Challenge(ME, state.clock)


def test_accepts_when_the_challenged_hand_is_small() -> None:
    hands = {ME: ["R5", "G6"], LEFT: ["Y1", "Y2"], RIGHT: five("G")}
    state = table(
        hands, "W4", colour=Colour.BLUE, stage=Stage.PENALTY, penalty=4, penalty_kind=Kind.WILD_DRAW_FOUR
    )
    state.challenge = ChallengeInfo(LEFT, state.discard[-1], False, Colour.RED, state.discard[-1])
    assert choose_action(state, ME) == Accept(ME, state.clock)


def test_challenges_a_person_with_a_big_hand_who_left() -> None:
    """(session 56 review) a bluff challenged once its player left still costs them (their cards are void),
    yet the computer judged its odds 0 and never challenged: it judges them from the count they left with,
    as it would have with them seated."""
    hands = {ME: ["R5", "G6"], LEFT: [f"Y{n}" for n in range(1, 10)], RIGHT: five("G")}
    state = table(
        hands, "W4", colour=Colour.BLUE, stage=Stage.PENALTY, penalty=4, penalty_kind=Kind.WILD_DRAW_FOUR
    )
    state.challenge = ChallengeInfo(LEFT, state.discard[-1], False, Colour.RED, state.discard[-1])
    seated = guilt_odds(state, ME, state.challenge)
    state, _ = apply(state, Leave(LEFT))
    assert state.challenge is not None and LEFT not in state.hands
    assert guilt_odds(state, ME, state.challenge) == seated
    assert choose_action(state, ME) == Challenge(ME, state.clock)


# --- legality over random states of every preset --------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_only_legal_actions_in_random_states(preset: str, players: int) -> None:
    assert walk_checking_the_ai(PRESETS[preset], players, random.Random(f"{preset}-{players}"), 1500) > 1000


@pytest.mark.parametrize("seed", range(8))
def test_only_legal_actions_under_random_rule_combinations(seed: int) -> None:
    rng = random.Random(seed)
    settings: dict[str, Any] = {}
    for spec in SETTINGS:
        if spec.type is SettingType.BOOL:
            settings[spec.name] = rng.random() < 0.5
        elif spec.type is SettingType.CHOICE:
            settings[spec.name] = rng.choice(spec.choices)
    assert walk_checking_the_ai(Rules.from_dict(settings), rng.randint(2, 6), rng, 800) > 500


def walk_checking_the_ai(rules: Rules, players: int, rng: random.Random, steps: int) -> int:
    """A random walk (every player's legal actions, deadlines fired now and then) visits varied states; the
    AI's choice for every player in each of them must be one of that player's legal actions. Returns how many
    choices were checked."""
    seats = list(range(1, players + 1))
    state, _ = new_match(seats, rules, seed=rng.randrange(1 << 30))
    checked = 0
    for _ in range(steps):
        if state.match_over:
            state, _ = new_match(seats, rules, seed=rng.randrange(1 << 30))
        options: list[Action] = []
        for player in state.players:
            legal = legal_actions(state, player)
            choice = choose_action(state, player)
            assert choice is None or choice in legal, (rules, state.seq, choice)
            checked += choice is not None
            options += [a for a in legal if not isinstance(a, Catch) or state.catchable]
        timeout = due_timeout(state)
        if timeout is not None and (not options or rng.random() < 0.02):
            options = [timeout]
        state, _ = apply(state, rng.choice(options))
    return checked


# --- AI-vs-AI matches end -----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_ai_matches_end(preset: str, players: int) -> None:
    figures = Figures(players)
    rng = random.Random(players)
    for match_seed in range(2):
        final = play_match(PRESETS[preset], players, match_seed, rng, figures)
        assert final.match_over and final.winners
    assert figures.matches == 2
    assert figures.rounds >= 2
    assert sum(figures.wins) >= 2


# Plays a seeded extreme match between computer players and prints its final state: nothing in it may depend
# on Python's string hashing (randomised per process) or on the global random module.
_MATCH_IN_A_PROCESS = """
import random
from bot.engine import PRESETS
from bot.engine.serialization import state_to_json
from bot.simulate import Figures, play_match
random.seed()
print(state_to_json(play_match(PRESETS["extreme"], 4, 7, random.Random(7), Figures(4))))
"""


def test_the_same_match_in_processes_with_different_string_hashing() -> None:
    finals = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _MATCH_IN_A_PROCESS], env=env, capture_output=True, text=True, check=True
        )
        finals.add(done.stdout)
    assert len(finals) == 1 and '"match_over":true' in finals.pop()


def test_single_round_matches_with_ten_players_end() -> None:
    figures = Figures(10)
    final = play_match(Rules(scoring=Scoring.SINGLE_ROUND), 10, 3, random.Random(3), figures)
    assert final.match_over and figures.rounds == 1


def test_beats_a_random_player() -> None:
    """Single rounds of two players, seats alternating: the heuristic wins clearly more than half."""
    rng = random.Random(5)
    rules = Rules(scoring=Scoring.SINGLE_ROUND)
    ai_wins = 0
    games = 40
    for game in range(games):
        ai, other = (1, 2) if game % 2 else (2, 1)
        state, _ = new_match([1, 2], rules, seed=game)
        while not state.match_over:
            action = choose_action(state, ai) if state.actor == ai or state.catchable else None
            if action is None:
                legal = legal_actions(state, other)
                eager = [a for a in legal if not isinstance(a, Draw | Pass | Catch)]
                action = rng.choice(eager or [a for a in legal if not isinstance(a, Catch)])
            state, _ = apply(state, action)
        ai_wins += state.winners == [ai]
    assert ai_wins >= games * 0.6


@pytest.mark.parametrize(
    ("smallest", "played"),
    [
        (1, "R9"),
        (4, "R9"),  # 4 to 7 cards: shed the 9 before anyone is about to go out (bench.ai_duel, session 32)
        (7, "R9"),
        (8, "R1"),  # nobody is close yet: the two plays are equal and the lower card id is played
    ],
)
def test_sheds_the_high_card_once_an_opponent_holds_seven_or_fewer(smallest: int, played: str) -> None:
    left = [f"Y{n}" for n in range(1, 10)][:smallest]
    hands = {ME: ["R1", "R9", "B2", "G3"], LEFT: left, RIGHT: [f"G{n}" for n in range(1, 10)]}
    state = table(hands, "R5", uno_called=[LEFT] if smallest == 1 else [])
    assert codes(state, choose_action(state, ME)) == played


@pytest.mark.parametrize(
    ("mine", "colour"),
    [
        (["R1", "R2", "B8", "B9", "G4"], Colour.BLUE),  # two each: 17 points against 3
        (["B5", "G5", "Y5"], Colour.YELLOW),  # a tie in everything: red, yellow, green, blue
    ],
)
def test_picks_the_colour_worth_most_points_among_those_it_holds_most(
    mine: list[str], colour: Colour
) -> None:
    state = table(
        {ME: mine, LEFT: five("Y"), RIGHT: five("G")},
        "W",
        colour=None,
        decision=DecisionKind.COLOUR,
        decider=ME,
    )
    assert choose_action(state, ME) == ChooseColour(ME, colour, state.clock)


@pytest.mark.parametrize(("left", "played"), [(3, "W"), (4, None)])
def test_spends_the_wild_from_three_cards_left_to_draw(left: int, played: str | None) -> None:
    hands = {ME: ["W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("R")}
    state = table(hands, "R4")
    state.draw_pile = state.draw_pile[-left:]
    action = choose_action(state, ME)
    assert (codes(state, action) == played) if played else isinstance(action, Draw)


@pytest.mark.parametrize(("next_hand", "played"), [(3, "W4"), (4, "B5")])
def test_puts_a_wild_draw_four_on_a_next_player_holding_three_cards(next_hand: int, played: str) -> None:
    hands = {ME: ["W4", "B5", "G2"], LEFT: five("Y")[:next_hand], RIGHT: five("G")}
    state = table(hands, "R5")
    assert codes(state, choose_action(state, ME)) == played


def test_spends_one_of_two_wilds_rather_than_draw() -> None:
    # Hoarding every wild could make a round last for ever: one is kept in reserve, not two.
    hands = {ME: ["W", "W", "B1", "B2", "G2", "G3", "Y7"], LEFT: five("Y"), RIGHT: five("R")}
    state = table(hands, "R4")
    assert codes(state, choose_action(state, ME)) == "W"


@pytest.mark.parametrize(("mine", "spends"), [(["W", "B1", "G2"], True), (["W", "B1", "G2", "G3"], False)])
def test_spends_the_wild_from_a_hand_of_three(mine: list[str], spends: bool) -> None:
    state = table({ME: mine, LEFT: five("Y"), RIGHT: five("R")}, "R4")
    action = choose_action(state, ME)
    assert (codes(state, action) == "W") if spends else isinstance(action, Draw)


@pytest.mark.parametrize(("next_hand", "played"), [(["Y1"], "W"), (five("Y"), None)])
def test_plays_a_drawn_wild_only_when_it_is_needed(next_hand: list[str], played: str | None) -> None:
    hands = {ME: ["B1", "B2", "G2", "G3", "Y7"], LEFT: next_hand, RIGHT: five("G")}
    state = table(hands, "R4", uno_called=[LEFT] if len(next_hand) == 1 else [])
    wild_at = next(i for i, cid in enumerate(state.draw_pile) if state.card(cid).code == "W")
    state.draw_pile.append(state.draw_pile.pop(wild_at))  # the next card drawn
    state, _ = apply(state, Draw(ME))
    action = choose_action(state, ME)
    assert (codes(state, action) == played) if played else isinstance(action, Pass)
