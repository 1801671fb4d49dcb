"""Engine benchmark: full rounds per second under a seeded random policy, compared with RLCard's raw UnoGame.

Run from the repository root (RLCard is a benchmark-only dependency, see bench/README.md):

    python -m bench.engine [--rounds 2000] [--seed 1] [--profile official|all]

Each row plays whole rounds: the official preset and "all" (every house rule that combines, all on),
with 2 and 4 players. The random policy picks uniformly among the legal actions of the player the game
waits for (plus the slaps of an open zero-slap window; a catch only when someone is catchable), drawing
or passing only when it cannot play, which is what RLCard's `UnoGame` allows; RLCard gets the same
policy over its legal actions. The AI rows use the computer player instead. Figures are printed, not
asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import importlib.machinery
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.engine import (
    COLOURS,
    Action,
    Catch,
    DeckName,
    Draw,
    DrawRule,
    GameState,
    JumpIn,
    Pass,
    Play,
    Rules,
    Slap,
    Stacking,
    apply,
    legal_actions,
    new_match,
    preset,
)
from bot.engine import state as state_module
from bot.engine.ai import choose_action
from bot.engine.events import CardPlayed, RoundEnded
from bot.simulate import due_timeout

GOAL_RLCARD_RATIO = 2.0
GOAL_ALL_RULES_ROUNDS_PER_S = 1000.0
GOAL_MEDIAN_APPLY_US = 100.0
FLOOR_LISTED = 5  # actions in a typical official listing: a few playable cards, Draw, Catch

ALL_RULES = Rules(
    deck=DeckName.MINECRAFT,
    draw_rule=DrawRule.UNTIL_PLAYABLE,
    force_play=True,
    stacking=Stacking.MIXED,
    jump_in=JumpIn.EXTREME,
    seven_zero=True,
    multi_play=True,
    extreme_draw_chain=True,
    skip_chain=True,
    eight_cover=True,
    zero_slap=True,
    seven_silence=True,
    extreme_wild_restriction=True,
    extreme_challenge=True,
    extreme_start=True,
    lone_zero_100=True,
    false_catch_penalty=1,
)
CONFIGS = {"official": preset("official"), "all": ALL_RULES}
Policy = Callable[[GameState, random.Random], Action]


@dataclass
class Row:
    name: str
    players: int
    policy: str
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    errors: int = 0  # engine exceptions (each ends its match early)
    apply_ns: list[int] = field(default_factory=list)
    rates: list[float] = field(default_factory=list)  # rounds/s of each repeat

    @property
    def rounds_per_s(self) -> float:
        """The best repeat: the machine is shared, so the fastest run is the least disturbed one."""
        if self.rates:
            return max(self.rates)
        return self.rounds / self.seconds if self.seconds else 0.0

    def merge(self, other: Row) -> None:
        self.rounds += other.rounds
        self.actions += other.actions
        self.seconds += other.seconds
        self.errors += other.errors
        self.apply_ns += other.apply_ns
        self.rates.append(other.rounds_per_s)


def random_policy(state: GameState, rng: random.Random) -> Action:
    """Uniform over the legal actions, except that it draws or passes only when it cannot play (RLCard's rule;
    a policy that may draw at will keeps hands growing and a round takes ~1,500 actions). Like RLCard's
    actions, a black card is played with its colour (`Play.colour`) instead of a ChooseColour step."""
    actor = state.actor
    if actor is None:  # between rounds
        return _due_timeout(state)
    actions = [a for a in legal_actions(state, actor) if not isinstance(a, Catch) or _catchable(state, actor)]
    actions += [Slap(player, state.clock) for player in state.slap_pending if player != actor]
    eager = [a for a in actions if not isinstance(a, Draw | Pass)]
    if not actions:
        return _due_timeout(state)
    action = rng.choice(eager or actions)
    if isinstance(action, Play) and not action.extra and state.card(action.card).colour is None:
        action = dataclasses.replace(action, colour=rng.choice(COLOURS))
    return action


def ai_policy(state: GameState, rng: random.Random) -> Action:
    actor = state.actor
    if actor is None:  # between rounds
        return _due_timeout(state)
    for player in state.slap_pending:
        return Slap(player, state.clock)
    action = choose_action(state, actor)
    return action if action is not None else _due_timeout(state)


def _catchable(state: GameState, player: int) -> bool:
    return any(other != player for other in state.catchable)


def _due_timeout(state: GameState) -> Action:
    timeout = due_timeout(state)
    assert timeout is not None, "nobody can act and no deadline is set"
    return timeout


def run_engine(name: str, rules: Rules, players: int, rounds: int, seed: int, policy: str) -> Row:
    choose: Policy = random_policy if policy == "random" else ai_policy
    rng = random.Random(seed)
    row = Row(name, players, policy)
    seats = list(range(1, players + 1))
    timings = row.apply_ns
    clock = time.perf_counter_ns
    match = 0
    started = time.perf_counter()
    while row.rounds < rounds:
        state, _ = new_match(seats, rules, seed * 10_007 + match)
        match += 1
        while not state.match_over and row.rounds < rounds:
            action = choose(state, rng)
            before = clock()
            try:
                state, events = apply(state, action)
            except Exception:  # an engine bug must not hide the figures: count it, start a new match
                row.errors += 1
                break
            timings.append(clock() - before)
            row.actions += 1
            row.rounds += sum(1 for event in events if isinstance(event, RoundEnded))
    row.seconds = time.perf_counter() - started
    return row


def run_rlcard(players: int, rounds: int, seed: int) -> Row | None:
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    rng = random.Random(seed)
    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    row = Row("RLCard UnoGame", players, "random")
    started = time.perf_counter()
    for _ in range(rounds):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            row.actions += 1
        row.rounds += 1
    row.seconds = time.perf_counter() - started
    return row


def api_floor_us(repeats: int = 200_000) -> float:
    """µs per action that the shape of this API costs before any rule runs: a clone of a real state (the
    previous state stays intact), a listing of a few Play objects, the random choice and one event. What a
    round may spend beyond it is what the rules get."""
    state, _ = new_match([1, 2], preset("official"), 1)
    hand = state.hands[state.turn][:FLOOR_LISTED]
    rng = random.Random(1)
    narrated = 0
    started = time.perf_counter()
    for _ in range(repeats):
        new = state.clone()
        action = rng.choice([Play(new.turn, cid, new.clock) for cid in hand])
        narrated += len([CardPlayed(action.player, action.card)])
    elapsed = time.perf_counter() - started
    assert narrated == repeats
    return elapsed / repeats * 1e6


def _line(row: Row) -> str:
    median = p99 = "-"
    if row.apply_ns:
        ordered = sorted(row.apply_ns)
        median = f"{statistics.median(ordered) / 1000:.1f}"
        p99 = f"{ordered[int(len(ordered) * 0.99)] / 1000:.1f}"
    per_round = row.actions / row.rounds if row.rounds else 0.0
    return (
        f"{row.name:<16} {row.players:>7} {row.policy:<7} {row.rounds_per_s:>9.0f} "
        f"{median:>11} {p99:>9} {per_round:>13.1f}"
        + (f"  ({row.errors} engine errors)" if row.errors else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per row (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per row, the best counts (default 3)")
    parser.add_argument("--profile", choices=sorted(CONFIGS), help="profile one config (4 players) and exit")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run_engine, args.profile, CONFIGS[args.profile], 4, args.rounds, args.seed, "random")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    python = platform.python_version()
    print(
        f"engine benchmark: {args.rounds} rounds per row in {args.repeat} runs (best run counts), "
        f"seed {args.seed}, Python {python}, engine {engine_build()}"
    )
    print(
        f"{'config':<16} {'players':>7} {'policy':<7} {'rounds/s':>9} {'apply med µs':>11} {'p99 µs':>9} "
        f"{'actions/round':>13}"
    )
    rows = _measure(args.rounds, args.repeat, args.seed)
    for row in rows.values():
        print(_line(row))
    if not any(key[0] == "rlcard" for key in rows):
        print("RLCard not installed: pip install rlcard (see bench/README.md)")
    print()
    print(_goals(rows))
    print(
        f"  this API's floor, no rules at all (clone a state, list {FLOOR_LISTED} plays, choose one, "
        f"one event): {api_floor_us():.2f} µs per action"
    )


def engine_build() -> str:
    """Whether the engine measured is the pure-Python source or extension modules compiled from it (mypyc,
    see bench/README.md): the figures differ by ~1.3-1.5x."""
    compiled = importlib.machinery.EXTENSION_SUFFIXES
    return "compiled" if any(state_module.__file__.endswith(suffix) for suffix in compiled) else "pure Python"


def _measure(rounds: int, repeat: int, seed: int) -> dict[tuple[str, int, str], Row]:
    """Every row, `repeat` times in turn (so a busy spell of the machine hits all rows alike)."""
    rows: dict[tuple[str, int, str], Row] = {}
    chunk = max(rounds // repeat, 1)
    for run in range(repeat):
        print(f"run {run + 1}/{repeat}", file=sys.stderr, flush=True)
        for players in (2, 4):
            for name, rules in CONFIGS.items():
                for policy in ("random", "ai"):
                    row = rows.setdefault((name, players, policy), Row(name, players, policy))
                    row.merge(run_engine(name, rules, players, chunk, seed + run, policy))
            rl_run = run_rlcard(players, chunk, seed + run)
            if rl_run is not None:
                rl_row = rows.setdefault(("rlcard", players, "random"), Row(rl_run.name, players, "random"))
                rl_row.merge(rl_run)
    return rows


def _goals(rows: dict[tuple[str, int, str], Row]) -> str:
    lines = ["goals:"]
    for players in (2, 4):
        official = rows["official", players, "random"]
        rl_row = rows.get(("rlcard", players, "random"))
        if rl_row is not None:
            ratio = official.rounds_per_s / rl_row.rounds_per_s
            lines.append(
                _goal(f"official {players}p vs RLCard >= {GOAL_RLCARD_RATIO}x", ratio, GOAL_RLCARD_RATIO)
            )
            needed = GOAL_RLCARD_RATIO * rl_row.rounds_per_s
            lines.append(
                f"    (needs {needed:.0f} rounds/s: {_budget_us(needed, official):.2f} µs per action for "
                f"everything, policy included; ours takes {_budget_us(official.rounds_per_s, official):.2f})"
            )
        every = rows["all", players, "random"]
        lines.append(
            _goal(
                f"all rules {players}p >= {GOAL_ALL_RULES_ROUNDS_PER_S:.0f} rounds/s",
                every.rounds_per_s,
                GOAL_ALL_RULES_ROUNDS_PER_S,
            )
        )
        lines.append(
            f"    (needs {_budget_us(GOAL_ALL_RULES_ROUNDS_PER_S, every):.2f} µs per action; ours takes "
            f"{_budget_us(every.rounds_per_s, every):.2f})"
        )
    for (name, players, policy), row in rows.items():
        if row.apply_ns and policy == "random":
            median = statistics.median(row.apply_ns) / 1000
            lines.append(
                _goal(
                    f"{name} {players}p median apply < {GOAL_MEDIAN_APPLY_US:.0f} µs",
                    median,
                    GOAL_MEDIAN_APPLY_US,
                    lower=True,
                )
            )
    return "\n".join(lines)


def _budget_us(rounds_per_s: float, row: Row) -> float:
    """µs per action at `rounds_per_s` with this row's actions per round."""
    per_round = row.actions / row.rounds if row.rounds else 0.0
    return 1e6 / (rounds_per_s * per_round) if rounds_per_s and per_round else 0.0


def _goal(label: str, value: float, goal: float, lower: bool = False) -> str:
    met = value < goal if lower else value >= goal
    return f"  {label:<44} {value:>9.2f}  {'met' if met else 'MISSED'}"


if __name__ == "__main__":
    main()
