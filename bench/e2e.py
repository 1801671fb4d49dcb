"""Issue 4's benchmark: N concurrent games (default 50) of 4 simulated people over loopback HTTP.

    python -m bench.e2e [--games 50] [--think 0]

The bot runs as `python -m bot` against the fake Bot API served on 127.0.0.1; people press the buttons they
see. Prints accepted moves per second, press-to-answer p50/p99 (from the press reaching the bot to its
answer; also from 30 s on, and for each of the first 10 s), how long a mover waits for their hand to show
the move and the next player for their turn's new hand (`bench/turn_waits.py`: what grows once Telegram's 30
writes a second bind), the bot's CPU time per accepted move (steadier than the latencies on a shared
machine), Bot API requests per accepted move by method, the most group writes in any 60 s, 429s received,
and checks them against the goals: at most 4 requests per move, at most 1 group write per move and 20 a
minute, p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from bench.load import THINK_HELP, LoadFigures, measure_games, percentile

GOALS = (
    ("requests per move <= 4", lambda f: f.requests_per_move() <= 4),
    ("group writes per move <= 1", lambda f: f.group_writes <= f.moves),
    ("group writes in any 60 s <= 20", lambda f: f.most_per_minute <= 20),
    ("press-to-answer p99 < 100 ms", lambda f: percentile(f.latencies, 0.99) < 0.1),
)


def verdicts(figures: LoadFigures) -> list[str]:
    return [f"{'met' if check(figures) else 'MISSED'}: {goal}" for goal, check in GOALS]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0, help=THINK_HELP)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(measure_games(Path(tmp), args.games, seed=args.seed, think=args.think))
    print("\n".join(figures.lines() + verdicts(figures)))


if __name__ == "__main__":
    main()
