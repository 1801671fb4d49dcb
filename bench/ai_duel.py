"""Computer player duel: today's `bot/engine/ai/` against the one of an earlier commit, in N-player matches.

Run from the repository root (git is needed to read the earlier version):

    python -m bench.ai_duel --against afc2ed4 [--matches 200] [--players 2] [--first-seed 0] [--preset house]

Both players use today's engine; only the choices differ. Today's computer player holds one seat and the
earlier one every other seat; today's seat moves on by one from match to match (match `seed` puts it in seat
1 + seed % players), and each match has its own seed (`--first-seed`, then the next ones), so a share of wins
far from the fair share (1 / players) is the heuristic's doing. The standard error printed is that of the
fair share over this many matches: a difference smaller than about two of them is noise. Figures are printed,
not asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from bench.engine import ALL_RULES
from bot.engine import ai as today
from bot.engine.actions import Action, Slap
from bot.engine.game import apply, new_match
from bot.engine.rules import PRESETS, Rules
from bot.engine.state import GameState
from bot.simulate import due_timeout

CONFIGS: dict[str, Rules] = {
    **{name: PRESETS[name] for name in ("official", "house", "extreme")},
    "all": ALL_RULES,
}
MAX_ACTIONS = 200_000
# What a computer player does: today's `choose_action` or an earlier commit's (the module's, untyped).
ChooseAction = Callable[[GameState, int], Action | None]


def earlier_ai(revision: str) -> ModuleType:
    """The computer player as it was at `revision`, as a module beside today's (it imports today's engine):
    `bot/engine/ai.py`, or since session 56 the package `bot/engine/ai/`, whose modules import each other
    relatively: loaded as the package `earlier_ai`, they read each other, not today's."""
    listed = _git("ls-tree", "--name-only", revision, "bot/engine/ai/", "bot/engine/ai.py").split()
    if "bot/engine/ai.py" in listed:
        module = ModuleType("earlier_ai")
        source = _git("show", f"{revision}:bot/engine/ai.py")
        exec(compile(source, f"{revision}:bot/engine/ai.py", "exec"), module.__dict__)
        return module
    with tempfile.TemporaryDirectory() as folder:  # (its __init__ imports every module of it at once)
        package = Path(folder)
        for path in listed:
            (package / Path(path).name).write_text(_git("show", f"{revision}:{path}"), encoding="utf-8")
        spec = importlib.util.spec_from_file_location(
            "earlier_ai", package / "__init__.py", submodule_search_locations=[folder]
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["earlier_ai"] = module  # where its relative imports look their package up
        spec.loader.exec_module(module)
    return module


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def _action(state: GameState, players: dict[int, ChooseAction]) -> Action:
    for player in state.slap_pending:
        return Slap(player, state.clock)
    for player in sorted(players, key=lambda p: p != state.actor):  # the one the game waits for first
        action = players[player](state, player)
        if action is not None:
            return action
    timeout = due_timeout(state)
    assert timeout is not None, "nobody can act and no deadline is set"
    return timeout


def duel(rules: Rules, seed: int, players: dict[int, ChooseAction]) -> list[int]:
    state, _ = new_match(sorted(players), rules, seed)
    for _ in range(MAX_ACTIONS):
        if state.match_over:
            return state.winners
        state, _ = apply(state, _action(state, players))
    raise RuntimeError(f"match {seed} did not end")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the commit whose computer player to play against")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, help="players a match (today's holds one seat)")
    parser.add_argument("--first-seed", type=int, default=0, help="the first match's seed")
    parser.add_argument(
        "--preset", choices=CONFIGS, action="append", help="play only this rule set (repeatable; default all)"
    )
    args = parser.parse_args()
    if args.players < 2 or args.matches < 1:
        parser.error("at least 2 players and 1 match")
    earlier = earlier_ai(args.against)
    seats = range(1, args.players + 1)
    fair = 1 / args.players
    error = math.sqrt(fair * (1 - fair) / args.matches)
    print(
        f"{args.players} players, {args.matches} matches (seeds {args.first_seed}-"
        f"{args.first_seed + args.matches - 1}), fair share {fair:.1%}, standard error {error:.1%}"
    )
    for name in args.preset or CONFIGS:
        rules = CONFIGS[name]
        wins = 0
        for seed in range(args.first_seed, args.first_seed + args.matches):
            seat = 1 + seed % args.players  # today's player's seat moves on by one each match
            players = {p: today.choose_action if p == seat else earlier.choose_action for p in seats}
            wins += seat in duel(rules, seed, players)
        share = wins / args.matches
        print(
            f"{name:<9} today's computer player wins {wins}/{args.matches} = {share:.1%}"
            f" (fair share {fair:.1%}, {share / fair:.2f}x; {(share - fair) / error:+.1f} standard errors)"
        )


if __name__ == "__main__":
    main()
