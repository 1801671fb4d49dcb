"""Leaderboard benchmark: 10,000 stored matches, then time /top (chat, global), /stats and record_match.

Run from the repository root: `python -m bench.leaderboard [--matches N] [--seed S]`. Prints p50/p99 per query
(milliseconds, each in its own read session or unit of work on a migrated SQLite file, as the handlers run
it), and how long a game's unit of work waits while five global boards are being read. Goal: a chat's /top
under 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select

from bot.service.leaderboards import (
    Ordering,
    Period,
    board_namesakes,
    leaderboard,
    personal_stats,
    record_match,
)
from bot.service.leaderboards.leaderboard import board_query
from bot.storage import Database
from bot.storage.migrate import upgrade_to_head
from bot.storage.models import Chat, Game, MatchResult, User
from bot.storage.results import PlayerResult, added_to_totals
from bot.visible_text import read_as

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
CHATS = 300
HUMANS = 3_000
COMPUTERS = 5
REPEATS = 200
WARMUP = 5


def _players_of_chat(rng: random.Random, chat_index: int) -> list[int]:
    # Each chat has its own circle of 4-30 regulars; some people play in several chats.
    size = rng.randint(4, 30)
    return rng.sample(range(1, HUMANS + 1), size)


def _rows(rng: random.Random, matches: int) -> tuple[list[dict[str, Any]], ...]:
    chat_ids = [-(1_000_000 + index) for index in range(CHATS)]
    circles = {chat_id: _players_of_chat(rng, index) for index, chat_id in enumerate(chat_ids)}
    # A few busy chats hold most matches (Zipf-like weights).
    weights = [1 / (rank + 1) for rank in range(CHATS)]
    chats = [{"id": chat_id, "title": f"Chat {chat_id}", "settings": {}} for chat_id in chat_ids]
    users = [{"id": user_id, "name": f"Player {user_id}"} for user_id in range(1, HUMANS + 1)]
    users += [
        {"id": -index, "name": f"Computer {index}", "is_bot": True} for index in range(1, COMPUTERS + 1)
    ]
    for user in users:  # inserted in bulk, past what the model writes with a name
        user["twin_key"] = read_as(user["name"])
    games, results = [], []
    for game_id in range(1, matches + 1):
        chat_id = rng.choices(chat_ids, weights)[0]
        finished_at = NOW - timedelta(minutes=rng.randint(0, 400 * 24 * 60))
        seats = rng.sample(circles[chat_id], min(len(circles[chat_id]), rng.randint(2, 6)))
        if rng.random() < 0.1:
            seats.append(-rng.randint(1, COMPUTERS))
        stopped = rng.random() < 0.05
        people = sum(seat > 0 for seat in seats)
        games.append({"id": game_id, "chat_id": chat_id, "status": "finished", "state": {}})
        for placement, user_id in enumerate(rng.sample(seats, len(seats)), 1):
            results.append(
                {
                    "game_id": game_id,
                    "chat_id": chat_id,
                    "user_id": user_id,
                    "is_bot": user_id < 0,
                    "placement": placement,
                    "points": rng.randint(100, 600) if placement == 1 else 0,
                    "rounds_played": 3,
                    "rounds_won": rng.randint(0, 3),
                    "uno_calls": rng.randint(0, 5),
                    "stopped_early": stopped,
                    "people": people,
                    "finished_at": finished_at,
                    "rating_after": None if user_id < 0 else float(rng.randint(1200, 2200)),
                }
            )
    _add_totals(users, results)
    return chats, users, games, results


def _add_totals(users: list[dict[str, Any]], results: list[dict[str, Any]]) -> None:
    """The all-time figures the result repository keeps on each user row as it stores a match."""
    totals: dict[int, tuple[int, ...]] = {user["id"]: (0, 0, 0) for user in users}
    for row in results:
        if not row["is_bot"]:
            added = added_to_totals(row["stopped_early"], row["placement"], row["points"], row["people"])
            totals[row["user_id"]] = tuple(a + b for a, b in zip(totals[row["user_id"]], added, strict=True))
    for user in users:
        user.update(zip(("total_matches", "total_wins", "total_points"), totals[user["id"]], strict=True))


def _result(user_id: int, placement: int) -> PlayerResult:
    return PlayerResult(
        user_id=user_id,
        is_bot=False,
        placement=placement,
        points=300 if placement == 1 else 0,
        cards_played=20,
        cards_drawn=10,
        uno_calls=1,
        catches_made=0,
        catches_suffered=0,
        challenges_won=0,
        challenges_lost=0,
        timeouts=0,
        duration_seconds=600,
        preset="official",
        stopped_early=False,
        finished_at=NOW,
    )


async def fill(database: Database, matches: int, seed: int) -> None:
    chats, users, games, results = _rows(random.Random(seed), matches)
    async with database.unit_of_work() as uow:
        for model, rows in ((Chat, chats), (User, users), (Game, games), (MatchResult, results)):
            for start in range(0, len(rows), 5_000):
                await uow.session.execute(insert(model), rows[start : start + 5_000])


async def _time(label: str, repeats: int, run: Callable[[int], Awaitable[object]]) -> None:
    for index in range(WARMUP):  # fill SQLite's page cache and the statement caches first
        await run(index)
    timings = []
    for index in range(repeats):
        started = time.perf_counter()
        await run(index)
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, round(0.99 * len(timings)))]
    print(f"{label:<44} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   ({repeats} runs)")


async def _plan(database: Database, chat_id: int | None) -> str:
    """Which indexes SQLite's query plan names for the board query."""
    query = board_query(chat_id, Ordering.RATING, Period.ALL_TIME, now=NOW)
    async with database.engine.connect() as connection:
        compiled = query.compile(connection.sync_connection, compile_kwargs={"literal_binds": True})
        plan = (await connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}")).all()
    return "; ".join(str(row[-1]) for row in plan if "INDEX" in str(row[-1]))


async def _bench(path: Path, matches: int, seed: int) -> None:
    url = f"sqlite+aiosqlite:///{path}"
    await upgrade_to_head(url)
    database = Database.connect(url)
    rng = random.Random(seed + 1)
    try:
        started = time.perf_counter()
        await fill(database, matches, seed)
        print(f"stored {matches} matches in {time.perf_counter() - started:.1f} s")
        async with database.unit_of_work() as uow:
            by_chat = (
                await uow.session.execute(
                    select(MatchResult.chat_id, func.count())
                    .group_by(MatchResult.chat_id)
                    .order_by(func.count().desc())
                )
            ).all()
            rows = await uow.session.scalar(select(func.count()).select_from(MatchResult))
        busiest, busiest_rows = by_chat[0]
        typical, typical_rows = by_chat[len(by_chat) // 2]
        print(f"{rows} result rows; busiest chat {busiest_rows} rows, median chat {typical_rows} rows")
        for chat_id in (busiest, None):
            print(f"plan of the {'chat' if chat_id else 'global'} board:", await _plan(database, chat_id))

        def board(
            chat_id: int | None, ordering: Ordering = Ordering.RATING, period: Period = Period.ALL_TIME
        ) -> Callable[[int], Awaitable[object]]:
            async def run(index: int) -> object:
                async with database.reading() as session:
                    return await leaderboard(session, chat_id, ordering, period, index % 3, now=NOW)

            return run

        await _time("/top, median chat", REPEATS, board(typical))
        await _time("/top, busiest chat (by rating)", REPEATS, board(busiest))
        await _time("/top, busiest chat (by win rate)", REPEATS, board(busiest, Ordering.WIN_RATE))
        await _time("/top, busiest chat (this month)", REPEATS, board(busiest, period=Period.THIS_MONTH))
        await _time("/top global (by rating)", 50, board(None))
        await _time("/top global (this month)", 50, board(None, period=Period.THIS_MONTH))

        async def stats(index: int) -> object:
            async with database.reading() as session:
                return await personal_stats(session, rng.randint(1, HUMANS))

        async def namesakes(index: int) -> object:
            async with database.reading() as session:
                user_id = rng.randint(1, HUMANS)
                return await board_namesakes(session, user_id, f"PLAYER {user_id}")

        await _time("/stats", REPEATS, stats)
        await _time("/stats card's namesakes", REPEATS, namesakes)

        async def rate(index: int) -> object:
            seats = rng.sample(range(1, HUMANS + 1), 4)
            async with database.unit_of_work() as uow:
                game = Game(chat_id=busiest, status="finished", state={})
                uow.session.add(game)
                await uow.session.flush()
                rows = [
                    (_result(user_id, place), 3, 1 if place == 1 else 0)
                    for place, user_id in enumerate(seats, 1)
                ]
                await uow.results.add_match(game.id, busiest, rows)
                return await record_match(uow.session, game.id)

        await _time("store a 4-player match + record_match", REPEATS, rate)

        async def move_beside_boards(index: int) -> float:
            """How long a one-statement unit of work (a move's size) takes while five global boards run."""
            boards = [asyncio.ensure_future(board(None)(index)) for _ in range(5)]
            await asyncio.sleep(0.001)  # the reads are under way
            started = time.perf_counter()
            async with database.unit_of_work() as uow:
                await uow.session.execute(select(func.count()).select_from(Chat))
            took = (time.perf_counter() - started) * 1000
            await asyncio.gather(*boards)
            return took

        waits = sorted([await move_beside_boards(index) for index in range(20)])
        label = "a move's unit of work beside 5 global boards"
        print(f"{label:<44} p50 {statistics.median(waits):7.2f} ms   max {waits[-1]:7.2f} ms   (20 runs)")
    finally:
        await database.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(_bench(Path(folder) / "bench.db", args.matches, args.seed))


if __name__ == "__main__":
    main()
