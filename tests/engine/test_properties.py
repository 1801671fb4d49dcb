"""Property tests over random games and random rule combinations (hypothesis).

Default run: ~3,100 random rounds (2,500 + 100 + 200 with leavers + 2 x 150) in about a minute. More:
UNO_PROPERTY_EXAMPLES=5000 (per test).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import (
    SETTINGS,
    Accept,
    Action,
    CallUno,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Colour,
    Draw,
    GameState,
    IllegalAction,
    Pass,
    Play,
    Rules,
    SettingType,
    Slap,
    action_from_dict,
    action_to_dict,
    apply,
    event_from_dict,
    event_to_dict,
    legal_actions,
    new_match,
    state_from_json,
    state_to_json,
)
from tests.conftest import PROPERTY_EXAMPLES as EXAMPLES

from .randomplay import RandomTable

# Random play ends most rounds in ~100 steps; under brutal settings (draw-ten blanks, big false-catch
# penalties) a few random walks take tens of thousands, until a hand empties or the round churns.
MAX_STEPS_PER_ROUND = 100_000


def _setting_values(name: str) -> st.SearchStrategy[Any]:
    spec = next(s for s in SETTINGS if s.name == name)
    if spec.type is SettingType.BOOL:
        return st.booleans()
    if spec.type is SettingType.CHOICE:
        return st.sampled_from(spec.choices)
    assert spec.minimum is not None and spec.maximum is not None
    values = {spec.minimum, spec.maximum, int(spec.default)}
    if spec.off_value is not None:
        values.add(spec.off_value)
    return st.sampled_from(sorted(values))


rules_strategy = st.fixed_dictionaries(
    {}, optional={spec.name: _setting_values(spec.name) for spec in SETTINGS}
).map(Rules.from_dict)
players_strategy = st.integers(min_value=2, max_value=10).map(lambda n: [-n, *range(1, n)])


def check_invariants(state: GameState, now: int) -> list[Action]:
    """Asserts what holds after any action; returns the actor's legal actions at `now` (none between rounds),
    which the random table chooses from next."""
    cards = [cid for hand in state.hands.values() for cid in hand] + state.draw_pile + state.discard
    assert len(cards) == len(set(cards)) == len(state.deck), "cards conserved, never duplicated"
    assert set(state.hands) == set(state.players) and state.discard
    if state.match_over or state.round_over:
        # nothing of the round is left open for the table to show: no chain, window, choice or silence
        assert state.actor is None and (state.winners if state.match_over else state.next_round_deadline)
        assert not (state.chain or state.skip_chain or state.catchable or state.slap_pending)
        assert state.decision is state.challenge is state.silence_holder is state.slap_deadline is None
        return []
    actor = state.actor
    assert actor in state.players, "exactly one player to move or to decide"
    listed = legal_actions(state, actor, now)
    moves = [a for a in listed if not isinstance(a, CallUno | Slap)]
    assert len(moves) > 1 or state.decision is not None or type(moves[0]).__name__ != "Catch"
    other = state.players[state.seq % len(state.players)]  # one other player per step keeps this cheap
    if other != actor:
        for action in legal_actions(state, other):
            assert not isinstance(action, Draw | Pass | Accept | Challenge | ChooseColour | ChooseSwap)
    return listed


def random_probe(state: GameState, rnd: random.Random, now: int) -> Action:
    """A random action, legal or not (single-card plays only: legal_actions lists every legal one)."""
    player = rnd.choice(state.players)
    hand = state.hands[player]
    card = rnd.choice(hand) if hand and rnd.random() < 0.8 else rnd.randrange(len(state.deck))
    return rnd.choice(
        [
            Play(player, card, now),
            Draw(player, now),
            Pass(player, now),
            Accept(player, now),
            Challenge(player, now),
            ChooseColour(player, rnd.choice(list(Colour)), now),
            ChooseSwap(player, rnd.choice(state.players), now),
            CallUno(player, now),
            Slap(player, now),
        ]
    )


def play_rounds(
    rules: Rules, players: list[int], seed: int, rounds: int, probes: bool, leave_rate: float = 0.0
) -> tuple[GameState, GameState, list[Action]]:
    initial, _ = new_match(players, rules, seed=seed)
    table = RandomTable(random.Random(seed), leave_rate=leave_rate)
    state = initial
    finished = 0
    steps = 0
    kept: list[
        tuple[GameState, str]
    ] = []  # earlier states must never change (hands are shared copy-on-write)
    while not state.match_over and finished < rounds:
        if steps % 25 == 0:
            kept.append((state, state_to_json(state)))
        table.tick()
        action = table.choose(state, check_invariants(state, table.now))
        if probes:
            probe = random_probe(state, table.rnd, table.now)
            before = state_to_json(state)
            try:
                apply(state, probe)
                assert probe in legal_actions(state, getattr(probe, "player", 0), table.now), probe
            except IllegalAction:
                assert probe not in legal_actions(state, getattr(probe, "player", 0), table.now), probe
            assert state_to_json(state) == before, "a refused or applied probe changed its input"
        was_over = state.round_over
        state, events = apply(state, action)
        table.log.append(action)
        for event in events:
            assert event_from_dict(event_to_dict(event)) == event
        finished += int(state.round_over and not was_over) + int(state.match_over)
        steps += 1
        assert steps < MAX_STEPS_PER_ROUND * rounds, "a round did not terminate"
    check_invariants(state, table.now)
    for earlier, text in kept:
        assert state_to_json(earlier) == text, "a later action changed an earlier state"
    return initial, state, table.log


RANDOM_ROUNDS = EXAMPLES or 2500
# The longest test by far (~2 min alone): in shards, pytest-xdist's workers share it instead of one worker
# running it long after the others are done. Hypothesis seeds each parametrized case from its node id, so
# the shards draw different rounds, derandomized or not.
RANDOM_ROUND_SHARDS = 4


@pytest.mark.parametrize("shard", range(RANDOM_ROUND_SHARDS))
@settings(max_examples=RANDOM_ROUNDS // RANDOM_ROUND_SHARDS)
@given(rules=rules_strategy, players=players_strategy, seed=st.integers(0, 2**31))
def test_random_rounds_keep_every_invariant(shard: int, rules: Rules, players: list[int], seed: int) -> None:
    play_rounds(rules, players, seed, rounds=1, probes=False)


@settings(max_examples=EXAMPLES or 100)
@given(rules=rules_strategy, players=players_strategy, seed=st.integers(0, 2**31))
def test_listed_actions_are_accepted_and_others_refused_without_change(
    rules: Rules, players: list[int], seed: int
) -> None:
    play_rounds(rules, players, seed, rounds=1, probes=True)


@settings(max_examples=EXAMPLES or 200)
@given(rules=rules_strategy, players=players_strategy, seed=st.integers(0, 2**31))
def test_leaving_at_any_moment_keeps_every_invariant(rules: Rules, players: list[int], seed: int) -> None:
    # A leave every ~30 actions lands in every situation: a colour or swap to choose, a penalty, a cover.
    play_rounds(rules, players, seed, rounds=1, probes=False, leave_rate=0.03)


@settings(max_examples=EXAMPLES or 150)
@given(rules=rules_strategy, players=players_strategy, seed=st.integers(0, 2**31))
def test_json_round_trip_and_replay_reproduce_the_state_exactly(
    rules: Rules, players: list[int], seed: int
) -> None:
    initial, final, log = play_rounds(rules, players, seed, rounds=2, probes=False, leave_rate=0.002)
    assert state_from_json(state_to_json(final)) == final
    assert state_to_json(state_from_json(state_to_json(final))) == state_to_json(final)
    replayed = state_from_json(state_to_json(initial))
    for action in log:
        replayed, _ = apply(replayed, action_from_dict(action_to_dict(action)))
    assert state_to_json(replayed) == state_to_json(final)
