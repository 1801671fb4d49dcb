"""The long crash-restart and chaos runs (CI runs short versions in tests/reliability).

    python -m bench.reliability crash [--kills 20] [--tables 3]     # SIGKILL 20 times while matches go on
    python -m bench.reliability chaos [--rate 0.05] [--tables 4]    # 429/5xx/slow/dropped on 5 % of calls

Matches are played to 100 points (several rounds). Prints what was checked and the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from tests.fake_bot_api import Faults
from tests.reliability.process import MATCH_RULES
from tests.reliability.scenarios import RunReport, run_games


def summary(report: RunReport) -> list[str]:
    presses = report.presses
    tracebacks = report.log.count("Traceback")
    return [
        f"games finished: {report.games}; kills: {report.kills}; {report.seconds:.0f} s",
        f"database checks (cards conserved, versions monotonic, log replays to state): "
        f"{report.invariant_checks}, all passed",
        f"move presses: {presses.accepted} accepted, {presses.refused} refused, {presses.unanswered} "
        f"unanswered ({presses.unanswered_applied} of them applied); people's logged actions: "
        f"{presses.logged} (each matched to one distinct press)",
        f"faults injected: {report.faults or 'none'}",
        f"final screens right {report.screens_seconds:.1f} s after the last game ended; wrong: "
        f"{len(report.screen_problems)}",
        *(f"  {problem}" for problem in report.screen_problems),
        f"tracebacks in the bot's log: {tracebacks}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", choices=("crash", "chaos"))
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.scenario == "crash":
            run = run_games(Path(tmp), args.tables, kills=args.kills, seed=args.seed, rules=MATCH_RULES)
        else:
            faults = Faults(rate=args.rate, seed=args.seed)
            run = run_games(Path(tmp), args.tables, faults=faults, seed=args.seed, rules=MATCH_RULES)
        print("\n".join(summary(asyncio.run(run))))


if __name__ == "__main__":
    main()
