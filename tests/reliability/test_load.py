"""Load, short: a few concurrent games within Telegram's limits; a restart re-arms every active game's timers.

The long version with 200 games and 1,000 active games is `python -m bench.load` (figures in bench/README.md).
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from bench.load import (
    START_SECONDS,
    active_games,
    cpu_times,
    log_levels,
    log_problems,
    measure_games,
    press_answers,
    rearm_in_process,
)
from bench.turn_waits import turn_waits
from tests.fake_bot_api import ApiCall, FakeTelegram

GAMES = 3
ACTIVE = 200
PLAY_SECONDS = 25  # of play in CI; the long run (bench/load.py) plays every game to its end


async def test_concurrent_games_keep_group_writes_within_limits(tmp_path: Path) -> None:
    figures = await measure_games(tmp_path, GAMES, seconds=PLAY_SECONDS)

    assert figures.moves > 20
    assert figures.move_kinds["Play"] > figures.moves / 3  # the moves by kind are the stored actions' names
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


def test_the_bot_s_log_is_counted_by_level_and_its_distinct_warnings_and_errors_are_kept() -> None:
    log = "\n".join(
        [
            "2026-12-05 11:00:00,001 INFO bot.commands.run: uno-bot 1.0 starting",
            "2026-12-05 11:00:01,002 WARNING bot.tg.app: Error while handling update 4: the database is gone",
            "2026-12-05 11:00:02,003 WARNING bot.tg.app: Error while handling update 4: the database is gone",
            "2026-12-05 11:00:03,004 ERROR bot.tg.app: Exception while handling an update:",
            "Traceback (most recent call last):",
            '  File "bot/tg/app.py", line 1, in handle',
        ]
    )

    assert log_levels(log) == Counter({"WARNING": 2, "INFO": 1, "ERROR": 1, "Traceback": 1})
    assert log_problems(log) == [
        "WARNING bot.tg.app: Error while handling update 4: the database is gone",
        "ERROR bot.tg.app: Exception while handling an update:",
    ]


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


def test_the_waits_are_from_a_move_to_the_movers_next_hand_edit_and_to_a_tablemates_new_hand() -> None:
    ann, bob, eve, cid, dan = 1, 2, 5, 3, 4  # Ann, Bob and Eve play at one table, Cid and Dan at another

    def pressed(at: float, query: str, user: int, chat: int) -> ApiCall:
        update = {"callback_query": {"id": query, "from": {"id": user}, "message": {"chat": {"id": chat}}}}
        return ApiCall("getUpdates", {}, at, 200, {"ok": True, "result": [update]}, at)

    def answered(at: float, query: str, alert: bool = False) -> ApiCall:
        params = {"callback_query_id": query, "show_alert": str(alert).lower()}  # as the fake logs them
        return ApiCall("answerCallbackQuery", params, at, 200, {"ok": True}, at)

    def landed(at: float, method: str, chat: int, hand: bool = True) -> ApiCall:
        params = {"chat_id": str(chat), **({"reply_markup": "{}"} if hand else {})}
        return ApiCall(method, params, at, 200, {"ok": True}, at)

    calls = [
        pressed(10.0, "a", ann, ann),
        answered(10.1, "a"),
        pressed(10.2, "refused", cid, cid),
        answered(10.3, "refused", alert=True),
        pressed(10.4, "catch", dan, -9),  # a press on the group's table: not a move
        answered(10.5, "catch"),
        landed(11.0, "editMessageText", ann),
        landed(11.5, "sendMessage", -9),  # the table
        landed(12.5, "sendMessage", dan),  # Cid's press was refused: no move, no turn notice
        landed(12.6, "sendMessage", cid),  # Dan pressed on the table, not on his hand
        landed(13.0, "sendMessage", bob),
        landed(13.5, "sendMessage", bob, hand=False),  # a reply, not a hand
    ]

    waits = turn_waits(calls, [[ann, bob, eve], [cid, dan]])

    assert waits.mover_hand == [1.0]
    assert waits.turn_notice == [3.0]
