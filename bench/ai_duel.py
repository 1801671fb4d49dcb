"""Computer player duel: today's `bot/engine/ai.py` against the one of an earlier commit, in 2-player matches.

Run from the repository root (git is needed to read the earlier version):

    python -m bench.ai_duel --against afc2ed4 [--matches 200]

Both players use today's engine; only the choices differ. Seats alternate from match to match, and each
match has its own seed, so a printed share far from 50% is the heuristic's doing. Figures are printed, not
asserted.
"""

from __future__ import annotations

import argparse
import subprocess
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


def earlier_ai(revision: str) -> ModuleType:
    """`bot/engine/ai.py` as it was at `revision`, as a module beside today's (it imports today's engine)."""
    source = subprocess.run(
        ["git", "show", f"{revision}:bot/engine/ai.py"], check=True, capture_output=True, text=True
    ).stdout
    module = ModuleType("earlier_ai")
    exec(compile(source, f"{revision}:bot/engine/ai.py", "exec"), module.__dict__)
    return module


def _action(state: GameState, players: dict[int, ModuleType]) -> Action:
    for player in state.slap_pending:
        return Slap(player, state.clock)
    for player in sorted(players, key=lambda p: p != state.actor):  # the one the game waits for first
        action = players[player].choose_action(state, player)
        if action is not None:
            return action
    timeout = due_timeout(state)
    assert timeout is not None, "nobody can act and no deadline is set"
    return timeout


def duel(rules: Rules, seed: int, players: dict[int, ModuleType]) -> list[int]:
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
    args = parser.parse_args()
    earlier = earlier_ai(args.against)
    for name, rules in CONFIGS.items():
        wins = 0
        for seed in range(args.matches):
            seat = 1 + seed % 2  # today's player sits first in every other match
            players = {seat: today, 3 - seat: earlier}
            wins += seat in duel(rules, seed, players)
        print(f"{name:<9} today's computer player wins {wins}/{args.matches} = {wins / args.matches:.1%}")


if __name__ == "__main__":
    main()
