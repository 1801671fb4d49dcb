"""The long crash-restart and chaos runs (CI runs short versions in tests/reliability).

    python -m bench.reliability crash [--kills 20] [--tables 3]     # SIGKILL 20 times while matches go on
    python -m bench.reliability chaos [--rate 0.05] [--tables 4]    # 429/5xx/slow/dropped on 5 % of calls
    python -m bench.reliability monkey [--seconds 180] [--tables 4] [--seed N]   # careless people

Crash and chaos play matches to 100 points (several rounds), with `--computers N` computer players at each
table besides its four people; the monkey plays one-round matches, one after
another, for the time given (tests/reliability/monkey.py). Prints what was checked and the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

from tests.fake_bot_api import Faults
from tests.reliability.monkey import MonkeyReport, run_monkey
from tests.reliability.process import MATCH_RULES
from tests.reliability.scenarios import RunReport, run_games


def summary(report: RunReport) -> list[str]:
    presses = report.presses
    tracebacks = report.log.count("Traceback")
    return [
        f"games finished: {report.games}; kills: {report.kills}; {report.seconds:.0f} s",
        f"database checks (cards conserved, versions monotonic, log replays to state): "
        f"{report.invariant_checks}, all passed",
        f"move presses: {presses.accepted} accepted, {sum(presses.costly.values())} costly, "
        f"{presses.refused} refused, {presses.unanswered} unanswered ({presses.unanswered_applied} of them "
        f"applied); people's logged actions: "
        f"{presses.logged} (each matched to one distinct press)",
        f"faults injected: {report.faults or 'none'}",
        f"final screens right {report.screens_seconds:.1f} s after the last game ended; wrong: "
        f"{len(report.screen_problems)}",
        *(f"  {problem}" for problem in report.screen_problems),
        f"tracebacks in the bot's log: {tracebacks}",
    ]


def monkey_summary(report: MonkeyReport) -> list[str]:
    presses, moves, screens = report.presses, report.moves, report.screens
    return [
        f"tables: {report.tables}; {report.seconds:.0f} s; games by status at the end: {dict(report.games)}",
        f"careless things done: {sum(report.mischief.values())} {dict(report.mischief)}",
        f"presses: {presses.accepted} accepted, {presses.costly} costly, {presses.refused} refused, "
        f"{len(presses.unanswered)} unanswered",
        *(f"  unanswered: {line}" for line in presses.unanswered_lines()[:20]),
        f"move presses: {moves.accepted} accepted, {sum(moves.costly.values())} costly, {moves.refused} "
        f"refused; people's logged moves: "
        f"{moves.logged} (each matched to one distinct press)",
        f"commands sent: {report.commands}; of this bot's, without a word from it afterwards in their chat: "
        f"{sum(report.commands_silent.values())}; updates left untaken: {report.updates_left}",
        f"  by command: {dict(report.commands_by_name.most_common())}",
        *(f"  unanswered: {count} x {text}" for text, count in report.commands_silent.items()),
        f"database checks (cards conserved, versions monotonic, log replays to state): "
        f"{report.invariant_checks}, all passed",
        f"stuck games: {len(report.stuck)}",
        *(f"  {problem}" for problem in report.stuck),
        f"final screens of the {screens.games} ended games: {screens.screens} compared, "
        f"{len(screens.problems)} wrong; lobbies closed before a match (not checked): {screens.lobbies}",
        f"  hands wrong where the bot can't help it (blocked): {dict(screens.excused) or 'none'}",
        *(f"  {problem}" for problem in screens.problems[:20]),
        f"429s from the fake Telegram: {len(report.too_many_requests)}",
        *(f"  {line}" for line in report.too_many_requests[:20]),
        "group writes queued (trace of every call: calls.tsv with --keep):",
        *(f"  {line}" for line in report.backlogs),
        f"tracebacks in the bot's log: {report.tracebacks}",
        f"problems: {report.problems() or 'none'}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("scenario", choices=("crash", "chaos", "monkey"))
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--tables", type=int, default=None, help="default: 3 (crash, chaos), 4 (monkey)")
    parser.add_argument("--computers", type=int, default=0, help="crash, chaos: computer players a table")
    parser.add_argument("--seconds", type=float, default=180.0, help="monkey: how long people play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="monkey: copy the bot's log and database here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.scenario == "monkey":
            report = asyncio.run(run_monkey(Path(tmp), args.tables or 4, args.seconds, args.seed))
            print("\n".join(monkey_summary(report)))
            if args.keep is not None:
                args.keep.mkdir(parents=True, exist_ok=True)
                for name in ("bot.log", "uno.db", "calls.tsv"):
                    shutil.copy(Path(tmp) / name, args.keep / name)
            sys.exit(1 if report.problems() else 0)
        args.tables = args.tables or 3
        if args.scenario == "crash":
            run = run_games(
                Path(tmp),
                args.tables,
                computers=args.computers,
                kills=args.kills,
                seed=args.seed,
                rules=MATCH_RULES,
            )
        else:
            faults = Faults(rate=args.rate, seed=args.seed)
            run = run_games(
                Path(tmp),
                args.tables,
                computers=args.computers,
                faults=faults,
                seed=args.seed,
                rules=MATCH_RULES,
            )
        print("\n".join(summary(asyncio.run(run))))


if __name__ == "__main__":
    main()
