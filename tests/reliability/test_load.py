"""Load, short: a few concurrent games within Telegram's limits; a restart re-arms every active game's timers.

The long version with 200 games and 1,000 active games is `python -m bench.load` (figures in bench/README.md).
"""

from __future__ import annotations

import os
from pathlib import Path

from bench.load import START_SECONDS, active_games, cpu_times, measure_games, press_answers, rearm_in_process
from tests.fake_bot_api import ApiCall, FakeTelegram

GAMES = 3
ACTIVE = 200
PLAY_SECONDS = 25  # of play in CI; the long run (bench/load.py) plays every game to its end


async def test_concurrent_games_keep_group_writes_within_limits(tmp_path: Path) -> None:
    figures = await measure_games(tmp_path, GAMES, seconds=PLAY_SECONDS)

    assert figures.moves > 20
    assert figures.group_writes <= figures.moves  # at most one group write per move
    assert figures.most_per_minute <= 20
    assert len(figures.latencies) >= figures.moves  # every press reached the bot and was answered


async def test_a_restart_rearms_the_timers_of_every_active_game(tmp_path: Path) -> None:
    database = tmp_path / "uno.db"
    await active_games(FakeTelegram(), database, ACTIVE)

    armed, due, jobs, _ = await rearm_in_process(database)

    assert armed == due == ACTIVE  # every running match has a turn deadline
    assert jobs == ACTIVE


def test_cpu_times_are_user_and_system_time_counted_past_a_name_with_spaces_and_parentheses() -> None:
    ticks = os.sysconf("SC_CLK_TCK")
    # pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime
    stat = f"4242 (py (bot) 1) S 1 4242 4242 0 -1 4194560 900 0 0 0 {3 * ticks} {ticks} 7 9 20 0 1 0"

    assert cpu_times(stat) == (3.0, 1.0)  # not the children's times (cutime, cstime)


def test_the_starts_answers_are_grouped_by_the_second_their_press_reached_the_bot() -> None:
    def delivered(at: float, *queries: str) -> ApiCall:
        updates = [{"callback_query": {"id": query}} for query in queries]
        return ApiCall("getUpdates", {}, at, 200, {"ok": True, "result": updates}, at)

    def answered(at: float, query: str) -> ApiCall:
        return ApiCall("answerCallbackQuery", {"callback_query_id": query}, at, 200, {"ok": True}, at)

    calls = [delivered(100.0, "a", "b"), answered(100.25, "a"), answered(100.5, "b")]
    calls += [delivered(101.5, "c"), answered(101.75, "c"), delivered(100.0 + START_SECONDS, "d")]
    calls += [answered(100.5 + START_SECONDS, "d")]

    by_second = press_answers(calls).by_second

    assert by_second[:2] == [[0.25, 0.5], [0.25]]
    assert sum(map(len, by_second)) == 3  # "d" came after the start
