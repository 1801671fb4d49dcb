"""The games queries that run on every group command, on a timer or at start-up read an index that holds
only the games they want, not a chat's whole history: every match leaves its games row (~6 KB of document)
for good, and these queries run inside units of work, which every press in every group waits for. Checked
with SQLite's query plans on a migrated file (PostgreSQL plans by its statistics; the indexes are alike)."""

from __future__ import annotations

import asyncio
import random
import shutil
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest
from sqlalchemy import Table, event, insert

from bot.service.leaderboards import (
    Period,
    anything_to_forget,
    board_namesakes,
    forget_user,
    leaderboard,
    personal_stats,
    record_match,
)
from bot.storage import Database, GameStatus, UnitOfWork
from bot.storage.migrate import upgrade_to_head
from bot.storage.models import Game, GameEvent, GamePlayer, MatchResult, RoundResult
from bot.storage.results import PlayerResult
from bot.tg.old_logs import JOB, OldGameLogs

CHAT = -100123
SINCE = datetime(2026, 12, 1, tzinfo=UTC)

Query = Callable[[UnitOfWork], Awaitable[object]]


@contextmanager
def _statements(database: Database) -> Iterator[list[tuple[str, Any]]]:
    """The SELECTs and DELETEs run on `database` meanwhile, with their parameters."""
    run: list[tuple[str, Any]] = []

    def record(conn: object, cursor: object, statement: str, parameters: Any, *_: object) -> None:
        if statement.lstrip().upper().startswith(("SELECT", "DELETE")):
            run.append((statement, parameters))

    engine = database.engine.sync_engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        yield run
    finally:
        event.remove(engine, "before_cursor_execute", record)


def _result(user_id: int, placement: int) -> PlayerResult:
    return PlayerResult(user_id, False, placement, 50, 9, 3, 1, 0, 0, 0, 0, 0, 600, None, False, SINCE)


async def _one_match(database: Database) -> None:
    """Ann (7) beat Bob in the group, this month: the boards and /stats have a row to show."""
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        for user_id, name in ((7, "Ann"), (8, "Bob")):
            await uow.users.upsert(user_id, name=name)
        game = await uow.games.create(chat_id=CHAT, topic_id=1, state={})
        await uow.games.save(replace(game, status=GameStatus.FINISHED, finished_at=SINCE))
        await uow.results.add_round(game.id, CHAT, 1, [(_result(7, 1), 0), (_result(8, 2), 50)])
        await uow.results.add_match(game.id, CHAT, [(_result(7, 1), 1, 1), (_result(8, 2), 1, 0)])


_FILLED_TABLES = (Game, GamePlayer, RoundResult, MatchResult, GameEvent)


def _filled_rows(rng: random.Random) -> dict[Table, list[dict[str, Any]]]:
    """Two months of 30 groups of 10 regulars: 1,500 ended games, their players and results, and the logs of
    the games of the last month; and 20 matches going on."""
    chats = [CHAT - index for index in range(30)]
    rows: dict[Table, list[dict[str, Any]]] = {cast(Table, model.__table__): [] for model in _FILLED_TABLES}
    games, players, rounds, matches, events = rows.values()
    for game_id in range(1, 1_521):
        chat = rng.choice(chats)
        ended = None if game_id > 1_500 else SINCE + timedelta(minutes=rng.randint(-60 * 1440, 4 * 1440))
        status = "running" if ended is None else rng.choice(("finished",) * 19 + ("stopped",))
        at = ended or SINCE
        games.append({"id": game_id, "chat_id": chat, "topic_id": game_id, "status": status, "version": 1})
        games[-1] |= {"state": {}, "created_at": at, "finished_at": ended, "updated_at": at}
        people = rng.sample(range(7 + chats.index(chat) * 10, 17 + chats.index(chat) * 10), rng.randint(2, 5))
        for seat, user_id in enumerate(people):
            players.append({"game_id": game_id, "user_id": user_id, "seat": seat, "joined_at": at})
            row = {"game_id": game_id, "chat_id": chat, "user_id": user_id, "placement": seat + 1}
            row |= {"finished_at": at, "is_bot": False, "stopped_early": status == "stopped"}
            rounds.extend(row | {"round_number": number} for number in (1, 2, 3))
            matches.append(row | {"people": len(people)})
        if at > SINCE - timedelta(days=30):
            events.extend(
                {"game_id": game_id, "seq": seq, "version": seq, "kind": "play", "payload": {}}
                for seq in range(1, 11)
            )
    return rows


async def _fill(url: str) -> None:
    """A migrated database as `_filled_rows` says."""
    await upgrade_to_head(url)
    rows = _filled_rows(random.Random(5))
    database = Database.connect(url)
    try:
        async with database.unit_of_work() as uow:
            for chat in {row["chat_id"] for row in rows[cast(Table, Game.__table__)]}:
                await uow.chats.ensure(chat, "A group")
            for user_id in range(7, 7 + 30 * 10):  # most with a username, as on Telegram
                username = f"Player_{user_id}" if user_id % 3 else None
                await uow.users.upsert(user_id, name=f"Player {user_id}", username=username)
            for table, table_rows in rows.items():
                await uow.session.execute(insert(table), table_rows)
    finally:
        await database.dispose()


@pytest.fixture(scope="module")
def filled_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`_fill`ed once a module: a copy costs a millisecond, filling seconds."""
    path = tmp_path_factory.mktemp("filled") / "uno.db"
    asyncio.run(_fill(f"sqlite+aiosqlite:///{path}"))  # no event loop runs yet while fixtures are set up
    return path


async def _plan(tmp_path: Path, query: Query, filled: Path | None = None) -> list[str]:
    """SQLite's plan of each SELECT and DELETE `query` runs, one line a step: on a database with one match,
    or on a copy of a `filled` one after the bot's optimize (the query run first: SQLite analyses the tables
    the connection read)."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}"
    if filled is None:
        await upgrade_to_head(url)
    else:
        shutil.copyfile(filled, tmp_path / "uno.db")
    database = Database.connect(url)
    try:
        if filled is not None:
            async with database.unit_of_work() as uow:
                await query(uow)
            await database.optimize()
        await _one_match(database)
        with _statements(database) as run:
            async with database.unit_of_work() as uow:
                await query(uow)
        assert run
        steps = []
        async with database.engine.connect() as connection:
            for statement, parameters in run:
                plan = await connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
                steps.extend(row[3] for row in plan)
        return steps
    finally:
        await database.dispose()


FILLED = pytest.mark.parametrize("filled", [False, True], ids=["fresh", "filled_and_optimized"])


@FILLED
async def test_a_places_lobby_or_match_is_read_from_the_active_games_index(
    tmp_path: Path, filled_file: Path, filled: bool
) -> None:
    # Every command in a group, a member joining, Play again: the place's game, among the active ones alone.
    plan = await _plan(tmp_path, lambda uow: uow.games.find_active(CHAT, 0), filled_file if filled else None)
    assert plan == ["SEARCH games USING INDEX uq_games_active_place (chat_id=? AND topic_id=?)"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # Start-up: the games that ended in the last minutes, whose last screens a restart may have cut short.
        (
            lambda uow: uow.games.ended_since(SINCE),
            ["SEARCH games USING INDEX ix_games_finished_at (finished_at>?)"],
        ),
        # A group the bot may write to again: its games that ended meanwhile.
        (
            lambda uow: uow.games.ended_since(SINCE, CHAT),
            ["SEARCH games USING INDEX ix_games_chat_id_finished_at (chat_id=? AND finished_at>?)"],
        ),
        # A chat's lobbies and matches, in all its topics: its rules or language changed.
        (
            lambda uow: uow.games.list_active_in(CHAT),
            ["SEARCH games USING INDEX ix_games_chat_id_finished_at (chat_id=? AND finished_at=?)"],
        ),
        # A person's lobbies and matches: their first word after a start-up (their name), /forgetme, a block.
        (
            lambda uow: uow.games.list_active_of(7),
            [
                "SCAN games USING INDEX uq_games_active_place",
                "CORRELATED SCALAR SUBQUERY 1",
                "SEARCH game_players USING INDEX sqlite_autoindex_game_players_1 (game_id=? AND user_id=?)",
            ],
        ),
        # Start-up: every lobby and match (their timers), and the players' hand messages in the matches.
        (
            lambda uow: uow.games.list_active(),
            ["SCAN games USING INDEX uq_games_active_place"],
        ),
        (
            lambda uow: uow.games.hands_told(),
            [
                "SEARCH game_players USING INDEX sqlite_autoindex_game_players_2 (game_id=?)",
                "LIST SUBQUERY 1",
                "SCAN games USING INDEX uq_games_active_place",
            ],
        ),
        # /new and Play again: the place's last game, its name and players.
        (
            lambda uow: uow.games.last_ended(CHAT, 0),
            ["SEARCH games USING INDEX ix_games_chat_id_finished_at (chat_id=?)"],
        ),
        # The old logs' job: the next games that ended long ago, after the last one looked at.
        (
            lambda uow: uow.games.drop_logs_of_games_ended_before(SINCE, (SINCE, 1), 50),
            ["SEARCH games USING INDEX ix_games_finished_at (finished_at>? AND finished_at<?)"],
        ),
        # The old logs' job's first run after a start-up: where the games that may still have a log begin.
        (
            lambda uow: uow.games.logs_kept_since(),
            [
                "SEARCH games USING COVERING INDEX ix_games_finished_at (finished_at>?)",
                "SCALAR SUBQUERY 1",
                "SEARCH game_events USING COVERING INDEX sqlite_autoindex_game_events_1",
            ],
        ),
    ],
    ids=[
        "ended_since",
        "ended_since_in_a_chat",
        "list_active_in",
        "list_active_of",
        "list_active",
        "hands_told",
        "last_ended",
        "drop_old_logs",
        "logs_kept_since",
    ],
)
@FILLED
async def test_the_games_asked_for_are_read_from_an_index_of_them_alone(
    tmp_path: Path, filled_file: Path, query: Query, expected: list[str], filled: bool
) -> None:
    assert await _plan(tmp_path, query, filled_file if filled else None) == expected


def _results_steps(plan: list[str]) -> list[str]:
    """How the results tables are read, each way once (a board is read again for a viewer off its page)."""
    return list(dict.fromkeys(step for step in plan if "_results " in step))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # /top of a group, all time: its board's covering index.
        (
            lambda uow: leaderboard(uow.session, CHAT, now=SINCE, viewer=8),
            [
                "SEARCH match_results USING COVERING INDEX ix_match_results_chat_board "
                "(chat_id=? AND is_bot=?)"
            ],
        ),
        # /top of a group, this month.
        (
            lambda uow: leaderboard(uow.session, CHAT, period=Period.THIS_MONTH, now=SINCE, viewer=8),
            [
                "SEARCH match_results USING COVERING INDEX ix_match_results_chat_board "
                "(chat_id=? AND is_bot=? AND finished_at>?)"
            ],
        ),
        # /top of a group with no match this month: whether it had practice, read by the same index.
        (
            lambda uow: leaderboard(uow.session, CHAT + 1, period=Period.THIS_MONTH, now=SINCE, viewer=8),
            [
                "SEARCH match_results USING COVERING INDEX ix_match_results_chat_board "
                "(chat_id=? AND is_bot=? AND finished_at>?)"
            ],
        ),
        # /top of every group, this month (all time reads the totals kept on the users).
        (
            lambda uow: leaderboard(uow.session, None, period=Period.THIS_MONTH, now=SINCE, viewer=8),
            [
                "SEARCH match_results USING COVERING INDEX ix_match_results_global_board "
                "(is_bot=? AND finished_at>?)"
            ],
        ),
        # /stats: a player's own rows.
        (
            lambda uow: personal_stats(uow.session, 7),
            ["SEARCH match_results USING INDEX ix_match_results_user_id_finished_at (user_id=?)"],
        ),
        # /forgetme: whether there is anything to forget, then the player's rows go.
        (
            lambda uow: anything_to_forget(uow.session, 7),
            [
                "SEARCH round_results USING INDEX ix_round_results_user_id_finished_at (user_id=?)",
                "SEARCH match_results USING INDEX ix_match_results_user_id_finished_at (user_id=?)",
            ],
        ),
        (
            lambda uow: forget_user(uow.session, 7),
            [
                "SEARCH round_results USING COVERING INDEX ix_round_results_user_id_finished_at (user_id=?)",
                "SEARCH match_results USING COVERING INDEX ix_match_results_user_id_finished_at (user_id=?)",
            ],
        ),
        # A match's rows as it ends (its rating), and the people seated at the end of its rounds.
        (
            lambda uow: record_match(uow.session, 1),
            ["SEARCH match_results USING INDEX sqlite_autoindex_match_results_1 (game_id=?)"],
        ),
        (
            lambda uow: uow.results.round_people(1),
            ["SEARCH round_results USING INDEX sqlite_autoindex_round_results_1 (game_id=?)"],
        ),
    ],
    ids=[
        "top",
        "top_this_month",
        "empty_top_this_month",
        "global_top_this_month",
        "stats",
        "forgetme_check",
        "forgetme",
        "rating",
        "round_people",
    ],
)
@FILLED
async def test_the_results_are_read_by_the_indexes_of_each_board_player_or_game(
    tmp_path: Path, filled_file: Path, query: Query, expected: list[str], filled: bool
) -> None:
    """None reads an index of the results by end time alone: migration 0012 dropped those, which only every
    stored round and match wrote to."""
    assert _results_steps(await _plan(tmp_path, query, filled_file if filled else None)) == expected


class _Jobs:
    """Timer jobs that run when the test says."""

    def __init__(self) -> None:
        self.due: dict[str, Callable[[], Awaitable[None]]] = {}

    def call_later(self, name: str, delay: float, callback: Callable[[], Awaitable[None]]) -> None:
        self.due[name] = callback

    def cancel(self, name: str) -> None:
        self.due.pop(name, None)

    def close(self) -> None:
        self.due.clear()


async def _nothing_forgotten() -> int:
    return 0


async def test_the_old_logs_job_gives_sqlite_statistics_of_the_tables_it_reads(
    tmp_path: Path, filled_file: Path
) -> None:
    """Every few hours (and at shutdown) SQLite learns the tables the bot reads: before, it never had any
    statistics, and planned on guesses whatever the data."""
    shutil.copyfile(filled_file, tmp_path / "uno.db")
    database = Database.connect(f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}")
    try:
        jobs = _Jobs()
        OldGameLogs(database, jobs, lambda: int(SINCE.timestamp() * 1000), 30, _nothing_forgotten).start()
        await jobs.due.pop(JOB)()
        assert JOB in jobs.due  # again in six hours
        async with database.engine.connect() as connection:
            analysed = await connection.exec_driver_sql("SELECT DISTINCT tbl FROM sqlite_stat1")
            assert {"games", "game_events"} <= set(analysed.scalars())
    finally:
        await database.dispose()


@FILLED
async def test_a_username_is_found_in_the_index_of_usernames_in_lower_case(
    tmp_path: Path, filled_file: Path, filled: bool
) -> None:
    # /stats @username, in any case: reading every user took ~24 ms with 100,000 of them.
    plan = await _plan(tmp_path, lambda uow: uow.users.player_named("ANN"), filled_file if filled else None)
    # the rows of that one username sorted by when they were seen: two at most, as a rule
    assert plan == [
        "SEARCH users USING INDEX ix_users_username_lower (<expr>=?)",
        "USE TEMP B-TREE FOR ORDER BY",
    ]


@FILLED
async def test_a_stats_cards_namesakes_are_found_in_the_index_of_twin_keys(
    tmp_path: Path, filled_file: Path, filled: bool
) -> None:
    # The /stats card's namesakes on the all-time board of every chat: every user row was read (~10 ms with
    # 50,000 of them), by the name as stored.
    async def namesakes(uow: UnitOfWork) -> object:
        return await board_namesakes(uow.session, 1, "ANN")

    plan = await _plan(tmp_path, namesakes, filled_file if filled else None)
    # the rows of that one key sorted by user id: a few, as a rule
    assert plan == ["SEARCH users USING INDEX ix_users_twin_key (twin_key=?)", "USE TEMP B-TREE FOR ORDER BY"]
