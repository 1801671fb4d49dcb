"""Computer players play whole matches against each other; prints rounds/s, turns, wins and points by seat.

`python -m bot simulate --games N --players K --preset P [--seed S]`.

The simulation drives time itself. Every player who wants to act gets a reaction time drawn from the
simulation's own seeded generator; the earliest action happens first, unless a deadline of the state (catch
window, slap window, turn timer, the pause between rounds) passes before it, in which case that timeout
fires. So calls race catches, slow slappers pay, and timed rules get exercised. The players are computers as
the bot seats them (negative ids): they bluff, challenge each other's bluffs and forget "UNO!" as they do in
a chat (`bot.engine.ai`).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from bot.engine import (
    PRESETS,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    GameState,
    Play,
    Rules,
    Slap,
    Stage,
    Timeout,
    TimeoutKind,
    apply,
    new_match,
    preset,
)
from bot.engine.ai import choose_action
from bot.engine.events import Caught, Challenged, Event, MatchEnded, RoundEnded

MAX_ACTIONS_PER_MATCH = 200_000  # far above any real match: reaching it means the game is stuck
PROGRESS_AUTO_MIN_GAMES = 50
AWAY_ODDS = 0.002  # chance that a turn player wanders off and lets the turn timer fire
_MEAN_REACTION_MS = {Slap: 1800, CallUno: 1200, Catch: 4000}
_MEAN_MOVE_MS = 2500
_MIN_REACTION_MS = 200


@dataclass
class Figures:
    """What a simulation run measured."""

    players: int
    matches: int = 0
    rounds: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)  # final match totals summed per seat
    catches: int = 0
    challenges: int = 0
    timeouts: dict[TimeoutKind, int] = field(default_factory=lambda: dict.fromkeys(TimeoutKind, 0))

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.points = self.points or [0] * self.players


class ProgressBar:
    """A one-line text progress bar, redrawn only when the shown percentage changes."""

    def __init__(self, total: int, stream: TextIO, width: int = 30) -> None:
        self._total = max(total, 1)
        self._stream = stream
        self._width = width
        self._shown = -1

    def update(self, done: int) -> None:
        percent = done * 100 // self._total
        if percent == self._shown:
            return
        self._shown = percent
        filled = self._width * done // self._total
        bar = "#" * filled + "-" * (self._width - filled)
        self._stream.write(f"\r[{bar}] {percent:3d}% ({done}/{self._total})")
        self._stream.flush()

    def finish(self) -> None:
        self.update(self._total)
        self._stream.write("\n")
        self._stream.flush()


def _whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in [low, high]; argparse names the option in its refusal."""

    def count(text: str) -> int:
        value = int(text)  # ValueError: argparse says "invalid count value"
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be {low}-{high}" if high else f"must be at least {low}")
        return value

    return count


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=_whole_number(1), default=100, help="matches to play (default 100)")
    parser.add_argument(
        "--players", type=_whole_number(2, 10), default=4, help="players per match, 2-10 (default 4)"
    )
    parser.add_argument("--preset", choices=sorted(PRESETS), default="official", help="rules preset")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=f"progress bar on stderr (default: on from {PROGRESS_AUTO_MIN_GAMES} games)",
    )


def run(args: argparse.Namespace) -> int:
    show = args.progress if args.progress is not None else args.games >= PROGRESS_AUTO_MIN_GAMES
    bar = ProgressBar(args.games, sys.stderr) if show else None
    figures = simulate(
        preset(args.preset), args.players, args.games, args.seed, bar.update if bar is not None else None
    )
    if bar is not None:
        bar.finish()
    print(report(figures, args.preset, args.seed))
    return 0


def simulate(
    rules: Rules, players: int, games: int, seed: int, progress: Callable[[int], None] | None = None
) -> Figures:
    figures = Figures(players)
    rng = random.Random(seed)
    started = time.perf_counter()
    for game in range(games):
        play_match(rules, players, seed * 1_000_003 + game, rng, figures)
        if progress is not None:
            progress(game + 1)
    figures.seconds = time.perf_counter() - started
    return figures


def play_match(
    rules: Rules, players: int, match_seed: int, rng: random.Random, figures: Figures
) -> GameState:
    """One AI-vs-AI match from the deal to MatchEnded; adds what happened to `figures`."""
    seats = [-seat for seat in range(1, players + 1)]  # computer players, as the bot numbers them
    state, _ = new_match(seats, rules, match_seed)
    now = 0
    for _ in range(MAX_ACTIONS_PER_MATCH):
        if state.match_over:
            break
        action = _next_action(state, now, rng)
        now = action.now
        if _is_turn(state, action):
            figures.turns += 1
        if isinstance(action, Timeout):
            figures.timeouts[action.kind] += 1
        state, events = apply(state, action)
        figures.actions += 1
        _count(events, seats, figures)
    else:
        raise RuntimeError(f"match {match_seed} did not end within {MAX_ACTIONS_PER_MATCH} actions")
    figures.matches += 1
    return state


def _next_action(state: GameState, now: int, rng: random.Random) -> Action:
    best: Action | None = None
    for player in state.players:
        action = choose_action(state, player)
        if action is None:
            continue
        at = _reaction_at(state, player, action, now, rng)
        if best is None or at < best.now:
            best = dataclasses.replace(action, now=at)
    timeout = due_timeout(state)
    if timeout is not None and (best is None or timeout.now <= best.now):
        return timeout
    if best is None:
        raise RuntimeError(f"nobody can act and no deadline is set (seq {state.seq})")
    return best


def _reaction_at(state: GameState, player: int, action: Action, now: int, rng: random.Random) -> int:
    """When the action happens: a random reaction time, within the turn timer unless the player is away."""
    mean = _MEAN_REACTION_MS.get(type(action), _MEAN_MOVE_MS)
    at = now + _MIN_REACTION_MS + int(rng.expovariate(1 / mean))
    deadline = state.turn_deadline
    if deadline is None or player != state.actor:
        return at
    if rng.random() < AWAY_ODDS:
        return max(at, deadline)  # the turn timer fires first
    return max(now, min(at, deadline - 1))


def due_timeout(state: GameState) -> Timeout | None:
    """The timeout for the state's earliest deadline (catch, slap, turn timer, next round), if any is set."""
    deadlines = [
        (deadline, kind)
        for kind, deadline in (
            (TimeoutKind.CATCH, state.catch_deadline),
            (TimeoutKind.SLAP, state.slap_deadline),
            (TimeoutKind.TURN, state.turn_deadline),
            (TimeoutKind.NEXT_ROUND, state.next_round_deadline),
        )
        if deadline is not None
    ]
    if not deadlines:
        return None
    deadline, kind = min(deadlines, key=lambda item: item[0])
    return Timeout(kind, max(deadline, state.clock))


def _is_turn(state: GameState, action: Action) -> bool:
    """A turn is a play (a jump-in too), a draw, an accepted penalty or a lost challenge (the challenger draws
    and is skipped; after a won one the challenger's play is the turn); playing a drawn card, and covering an
    8 (drawing for the cover too), belong to the turn that began them."""
    if isinstance(action, Timeout):
        return action.kind is TimeoutKind.TURN
    if isinstance(action, Play | Draw):
        return not (action.player == state.turn and (state.stage is Stage.DRAWN or state.cover))
    if isinstance(action, Challenge):
        return state.challenge is not None and not state.challenge.guilty
    return isinstance(action, Accept)


def _count(events: list[Event], seats: list[int], figures: Figures) -> None:
    for event in events:
        if isinstance(event, RoundEnded):
            figures.rounds += 1
        elif isinstance(event, Caught):
            figures.catches += 1
        elif isinstance(event, Challenged):
            figures.challenges += 1
        elif isinstance(event, MatchEnded):
            for winner in event.winners:
                figures.wins[seats.index(winner)] += 1
            for player, total in event.totals.items():
                figures.points[seats.index(player)] += total


def report(figures: Figures, preset_name: str, seed: int) -> str:
    matches = max(figures.matches, 1)
    rounds = max(figures.rounds, 1)
    rate = figures.rounds / figures.seconds if figures.seconds > 0 else 0.0
    lines = [
        f"preset {preset_name}, {figures.players} players, {figures.matches} "
        f"{'match' if figures.matches == 1 else 'matches'}, seed {seed}",
        f"rounds: {figures.rounds} ({figures.rounds / matches:.2f} per match)",
        f"rounds/s: {rate:.1f} ({figures.seconds:.2f} s)",
        f"turns per round: {figures.turns / rounds:.1f}",
        f"actions per round: {figures.actions / rounds:.1f}",
        f"catches: {figures.catches}, challenges: {figures.challenges}",
        "timeouts: " + ", ".join(f"{kind.value} {count}" for kind, count in figures.timeouts.items()),
        "seat  wins  win%    avg points",
    ]
    for seat in range(figures.players):
        wins = figures.wins[seat]
        lines.append(
            f"{seat + 1:>4}  {wins:>4}  {100 * wins / matches:5.1f}%  {figures.points[seat] / matches:10.1f}"
        )
    return "\n".join(lines)
