"""Engine states for render tests, found by playing seeded matches with a random but plausible policy."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from bot.engine.actions import Action, CallUno, Catch, Play, Slap, Timeout, TimeoutKind
from bot.engine.events import Event
from bot.engine.game import apply, new_match
from bot.engine.legal import legal_actions
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState, Pending

STEP_MS = 1000


def random_match(
    rules: Rules, seed: int, players: int = 3, steps: int = 600
) -> Iterator[tuple[GameState, list[Event]]]:
    """Every state of a match with its events, players 1..n, until it ends or `steps` pass."""
    rng = random.Random(seed)
    state, events = new_match(list(range(1, players + 1)), rules, seed=seed)
    yield state, events
    now = 0
    for _ in range(steps):
        if state.match_over:
            return
        now += STEP_MS
        action = _pick(state, rng, now)
        state, events = apply(state, action)
        now = max(now, state.clock)
        yield state, events


def _pick(state: GameState, rng: random.Random, now: int) -> Action:
    if state.pending is Pending.NEXT_ROUND:
        assert state.next_round_deadline is not None
        return Timeout(TimeoutKind.NEXT_ROUND, max(now, state.next_round_deadline))
    if state.slap_deadline is not None and rng.random() < 0.3:
        return Timeout(TimeoutKind.SLAP, max(now, state.slap_deadline))
    actor = state.actor
    assert actor is not None
    mine = [a for a in legal_actions(state, actor, now) if not isinstance(a, Catch | Slap)]
    others = [
        a
        for player in state.players
        if player != actor
        for a in legal_actions(state, player, now)
        if isinstance(a, Slap | Play) or (isinstance(a, Catch) and state.catchable)
    ]
    if others and rng.random() < 0.25:
        return rng.choice(others)
    plays = [a for a in mine if isinstance(a, Play)]
    calls = [a for a in mine if isinstance(a, CallUno)]
    if calls and rng.random() < 0.4:
        return calls[0]
    moves = [a for a in mine if not isinstance(a, CallUno)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice(moves or mine)


@dataclass(frozen=True)
class Scenario:
    name: str
    state: GameState
    events: tuple[Event, ...]


RULE_SETS: dict[str, Rules] = {
    "official": PRESETS["official"],
    "house": PRESETS["house"],
    "extreme": PRESETS["extreme"],
    "multi": PRESETS["house"].changed(multi_play=True, stacking="mixed"),
    "h2o": PRESETS["h2o"].changed(force_play=True),
    "minecraft": PRESETS["minecraft"].changed(draw_rule="until_playable"),
    "blank": PRESETS["official"].changed(deck="classic_blank", scoring="single_round"),
}

# What each scenario must show; every one is found in the first matches that have it.
WANTED: dict[str, Callable[[GameState], bool]] = {
    "play": lambda s: s.pending is Pending.PLAY,
    "play_drawn": lambda s: s.pending is Pending.PLAY_DRAWN,
    "play_drawn_forced": lambda s: s.pending is Pending.PLAY_DRAWN and s.rules.force_play,
    "choose_colour": lambda s: s.pending is Pending.CHOOSE_COLOUR,
    "choose_colour_penalty": lambda s: s.pending is Pending.CHOOSE_COLOUR and s.penalty > 0,
    "choose_swap": lambda s: s.pending is Pending.CHOOSE_SWAP,
    "penalty_challenge": lambda s: s.pending is Pending.PENALTY and s.challenge is not None,
    "penalty_stack": lambda s: s.pending is Pending.PENALTY and s.rules.stacking.value != "off",
    "cover": lambda s: s.pending is Pending.COVER,
    "next_round": lambda s: s.pending is Pending.NEXT_ROUND,
    "match_over": lambda s: s.pending is Pending.NONE,
    "catch_window": lambda s: bool(s.catchable) and not s.round_over,
    "slap_window": lambda s: s.slap_deadline is not None,
    "silence": lambda s: s.silence_holder is not None,
    "uno_two_cards": lambda s: (
        s.actor is not None
        and len(s.hands[s.actor]) == 2
        and s.actor not in s.uno_called
        and any(isinstance(a, Play) for a in legal_actions(s, s.actor))
    ),
    "multi_play": lambda s: (
        s.actor is not None and any(isinstance(a, Play) and a.extra for a in legal_actions(s, s.actor))
    ),
    "jump_in": lambda s: any(
        isinstance(a, Play) for p in s.players if p != s.actor for a in legal_actions(s, p)
    ),
    "challenge_in_turn": lambda s: s.pending is Pending.PLAY and s.challenge is not None,
}


@cache
def scenarios() -> dict[str, Scenario]:
    found: dict[str, Scenario] = {}
    for seed in range(40):
        for rules_name, rules in RULE_SETS.items():
            for state, events in random_match(rules, seed, players=2 + seed % 4):
                for name, wanted in WANTED.items():
                    if name not in found and wanted(state):
                        found[name] = Scenario(f"{name}[{rules_name}]", state, tuple(events))
            if len(found) == len(WANTED):
                return found
    missing = sorted(set(WANTED) - set(found))
    raise AssertionError(f"no state found for {missing}")


def scenario_and_actor(name: str) -> tuple[GameState, int]:
    """A scenario's state and the player whose move it waits for (the hand's render tests)."""
    state = scenarios()[name].state
    assert state.actor is not None
    return state, state.actor


def all_states(limit_per_rules: int = 150) -> list[GameState]:
    """A spread of states over every rule set (for invariants over many states)."""
    states: list[GameState] = []
    for rules in RULE_SETS.values():
        for seed in range(2):
            for index, (state, _) in enumerate(random_match(rules, seed, players=3 + seed)):
                if index % 3 == 0:
                    states.append(state)
                if index > limit_per_rules * 3:
                    break
    return states
