"""A bot that runs for months keeps its memory flat: what it holds after many short games in a row.

    python -m bench.memory_soak [--games 300] [--warm-up 50] [--minutes-between 5]

The bot runs in-process against the fake Bot API on virtual time (the end-to-end tests' harness), on a
migrated SQLite file. Each game is played in a new group by two new people (the worst case for what is kept
per chat and per person): both start the bot privately, one opens a lobby the other joins, the match is
dealt, six presses are played, the second player leaves (the first wins); the first asks for /stats in
private and, every tenth game, for /top in the group. Between games `--minutes-between` of virtual time pass
(300 games at 5 minutes: a day of play, so what is kept for an hour or a day runs out on the way).

Prints the process's resident memory after the warm-up and after the last game (after a full garbage
collection each time; it includes the fake Telegram's record of every call and message, which grows with the
run as no real Telegram's does here); what was allocated after the warm-up and is still held at the end
(tracemalloc, started then: one frame a trace, so the run is only about twice as slow), per game and by
whose line allocated it (the bot's code, the fake Telegram's, the libraries'), with the bot's lines that
grew most; and the census of the bot's structures (tests/census.py) that grew.
Asserts nothing.

Grows within bounds (not a leak): the fleeting messages (bot.tg.fleeting) are each group's newest /top board,
kept until Telegram's 48 hours to delete it run out (then forgotten by the six-hourly upkeep): one every tenth
game, 5 -> 30 over the default run's 25 virtual hours; `--minutes-between 20` (100 hours) levels off at 14-15.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile
import tracemalloc
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bot.storage.migrate import upgrade_to_head
from tests.census import census
from tests.e2e.harness import Bot, World
from tests.e2e.matches import deal, play_until_over
from tests.fake_bot_api import FakeClock, FakeTelegram

PRESSES = 6
PAGE = os.sysconf("SC_PAGE_SIZE")


@dataclass
class Reading:
    games: int
    rss: int  # bytes, now
    structures: Counter[str]


def read(bot: Bot, games: int) -> Reading:
    gc.collect()
    with open("/proc/self/statm") as statm:
        rss = int(statm.read().split()[1]) * PAGE
    return Reading(games, rss, census(dict(bot.app.bot_data)))


def whose(filename: str) -> str:
    if "/tests/fake_bot_api/" in filename:
        return "fake Telegram"
    if f"{os.sep}bot{os.sep}" in filename and "site-packages" not in filename:
        return "bot"
    return "libraries"


async def one_game(bot: Bot, fake: FakeTelegram, number: int) -> None:
    people = [fake.add_user(f"P{number}-{seat}") for seat in range(2)]
    group = fake.add_group(f"Group {number}", members=people)
    await deal(bot, fake, group, people)
    await play_until_over(bot, group, {user.id: user for user in people}, limit=PRESSES)
    fake.user_sends(people[1], group, "/leave")
    fake.user_sends(people[0], fake.private_chat(people[0]), "/stats")
    if number % 10 == 0:
        fake.user_sends(people[0], group, "/top")
    await bot.deliver()


async def soak(
    workdir: Path, games: int, warm_up: int, between: float
) -> tuple[Reading, Reading, tracemalloc.Snapshot]:
    url = f"sqlite+aiosqlite:///{workdir / 'uno.db'}"
    await upgrade_to_head(url)
    clock = FakeClock()
    fake = FakeTelegram(clock=clock)
    world = World(fake, clock, url)
    async with world.running(upkeep=True) as bot:  # its six-hourly job forgets messages too old to delete
        for number in range(games):
            await one_game(bot, fake, number)
            await bot.tick(between)
            if number + 1 == warm_up:
                warm = read(bot, number + 1)
                tracemalloc.start(1)
        last = read(bot, games)
        held = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        tracemalloc.stop()
    return warm, last, held


def report(warm: Reading, last: Reading, held: tracemalloc.Snapshot) -> list[str]:
    played, mib = last.games - warm.games, 1024 * 1024
    by_line = held.statistics("lineno")
    by_whom: Counter[str] = Counter()
    for stat in by_line:
        by_whom[whose(stat.traceback[0].filename)] += stat.size
    lines = [
        f"RSS after {warm.games} games (warm): {warm.rss / mib:.1f} MiB;"
        f" after {last.games}: {last.rss / mib:.1f} MiB"
        f" ({(last.rss - warm.rss) / played / 1024:+.1f} kB a game, the fake Telegram's records included)",
        f"allocated after the warm-up and still held: {sum(by_whom.values()) / mib:.2f} MiB,"
        f" {sum(by_whom.values()) / played / 1024:.2f} kB a game; by whose line:",
    ]
    for who, size in by_whom.most_common():
        lines.append(f"  {who}: {size / played / 1024:.2f} kB a game; its lines holding most:")
        for stat in [stat for stat in by_line if whose(stat.traceback[0].filename) == who][:5]:
            frame = stat.traceback[0]
            lines.append(
                f"    {stat.size / 1024:9.1f} kB {stat.count:7d} blocks  {frame.filename}:{frame.lineno}"
            )
    grown = {
        where: (warm.structures[where], size)
        for where, size in last.structures.items()
        if size > warm.structures[where]
    }
    lines.append(f"bot structures grown: {len(grown)}")
    lines += [f"  {where}: {before} -> {after}" for where, (before, after) in sorted(grown.items())]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--warm-up", type=int, default=50)
    parser.add_argument("--minutes-between", type=float, default=5.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        readings = asyncio.run(soak(Path(tmp), args.games, args.warm_up, args.minutes_between * 60))
    print("\n".join(report(*readings)))


if __name__ == "__main__":
    main()
