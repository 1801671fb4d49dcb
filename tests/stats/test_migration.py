"""The stats migrations upgrade a database that already has players: they become newcomers to the rating, and
their all-time totals are filled from their results."""

from alembic import command
from sqlalchemy import text

from bot.service.leaderboards.rating import INITIAL_MU, INITIAL_SIGMA
from bot.storage import Database
from bot.storage.engine import create_engine
from bot.storage.migrate import upgrade_to_head
from tests.schema import migrate
from tests.stats.factory import MatchWriter, Seat, ranked


async def _rows(database_url: str, query: str) -> list[tuple[object, ...]]:
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            return [tuple(row) for row in await connection.execute(text(query))]
    finally:
        await engine.dispose()


async def test_existing_users_become_rating_newcomers(database_url: str) -> None:
    await migrate(
        database_url,
        command.upgrade,
        "0001",
        "INSERT INTO users (id, name, is_bot, blocked, rating, rated_matches, created_at, updated_at)"
        " VALUES (1, 'Alice', false, false, 1500.0, 0, '2026-01-01', '2026-01-01')",
    )
    await upgrade_to_head(database_url)
    assert await _rows(database_url, "SELECT rating_mu, rating_sigma FROM users") == [
        (INITIAL_MU, INITIAL_SIGMA)
    ]


async def test_the_totals_migration_fills_each_users_all_time_figures(database_url: str) -> None:
    # Matches stored by a version without the totals: back at 0003 and up again, the columns are filled from
    # the result rows (the board reads them, so a user must not start from zero at the upgrade).
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            writer = MatchWriter(uow.session)
            await writer.match(-100, ranked(1, 2, points=50))
            await writer.match(-200, [Seat(2, 1, 30), Seat(1, 2, 5), Seat(-9, 3, 70, is_bot=True)])
            await writer.match(-100, ranked(1, 2, points=20), stopped_early=True)
    finally:
        await database.dispose()
    await migrate(database_url, command.downgrade, "0003")
    await upgrade_to_head(database_url)
    query = "SELECT id, total_matches, total_wins, total_points FROM users ORDER BY id"
    # (0010 sums them again at the head: the 20 points of the stopped match no longer count)
    assert await _rows(database_url, query) == [(-9, 0, 0, 0), (1, 2, 1, 55), (2, 2, 1, 30)]


async def test_the_people_migration_marks_practice_and_sums_the_totals_again(database_url: str) -> None:
    # Matches stored by a version without `people`: back at 0009 (whose totals counted practice) and up again,
    # each row learns how many people its match had, and the totals leave practice out.
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            writer = MatchWriter(uow.session)
            await writer.match(-100, [Seat(1, 1, 50), Seat(-9, 2, is_bot=True)])
            await writer.match(-100, [Seat(2, 1, 30), Seat(1, 2, 5), Seat(-9, 3, 70, is_bot=True)])
            await writer.match(-100, ranked(1, 2, points=20), stopped_early=True)
    finally:
        await database.dispose()
    await migrate(database_url, command.downgrade, "0009")
    totals = "SELECT id, total_matches, total_wins, total_points FROM users ORDER BY id"
    assert await _rows(database_url, totals) == [(-9, 0, 0, 0), (1, 2, 1, 75), (2, 1, 1, 30)]
    await upgrade_to_head(database_url)
    people = "SELECT game_id, user_id, people FROM match_results ORDER BY game_id, user_id"
    assert await _rows(database_url, people) == [
        (1, -9, 1),
        (1, 1, 1),
        (2, -9, 2),
        (2, 1, 2),
        (2, 2, 2),
        (3, 1, 2),
        (3, 2, 2),
    ]
    # Neither the practice match nor the stopped one (its points included) counts any more.
    assert await _rows(database_url, totals) == [(-9, 0, 0, 0), (1, 1, 0, 5), (2, 1, 1, 30)]


async def test_the_full_round_migration_takes_practice_out_of_matches_someone_left_at_once(
    database_url: str,
) -> None:
    # Matches stored by a version that counted every person of a match (back at 0014 and up again): a person
    # who left before the first round ended no longer makes the others' match one of two; their own loss
    # still counts.
    await upgrade_to_head(database_url)
    database = Database.connect(database_url)
    try:
        async with database.unit_of_work() as uow:
            writer = MatchWriter(uow.session)
            # Alice beat a computer after Bob left at once; Bob left a match of two before any round ended;
            # Carol left at once, Alice and Bob played it out.
            await writer.match(
                -100, [Seat(1, 1, 40), Seat(-9, 2, is_bot=True), Seat(2, 3, played_round=False)], rate=False
            )
            await writer.match(-100, [Seat(1, 1, played_round=False), Seat(2, 2, played_round=False)])
            await writer.match(-100, [Seat(1, 1, 20), Seat(2, 2), Seat(3, 3, played_round=False)])
    finally:
        await database.dispose()
    await migrate(database_url, command.downgrade, "0014")
    totals = "SELECT id, total_matches, total_wins, total_points FROM users WHERE id > 0 ORDER BY id"
    assert await _rows(database_url, totals) == [(1, 3, 3, 60), (2, 3, 0, 0), (3, 1, 0, 0)]
    await upgrade_to_head(database_url)
    people = "SELECT game_id, user_id, people FROM match_results WHERE NOT is_bot ORDER BY game_id, user_id"
    assert await _rows(database_url, people) == [
        (1, 1, 1),
        (1, 2, 2),
        (2, 1, 0),
        (2, 2, 2),
        (3, 1, 2),
        (3, 2, 2),
        (3, 3, 3),
    ]
    assert await _rows(database_url, totals) == [(1, 1, 1, 20), (2, 3, 0, 0), (3, 1, 0, 0)]


async def test_the_twin_key_migration_fills_the_key_of_every_name_kept(database_url: str) -> None:
    # Users stored by a version without the key (0018), more than one batch of them (1,000): up again, each
    # row's key reads as its name does beside others; a deleted account's (no name) and a name of nothing
    # visible keep "".
    named = {-1: "Computer 1", 1: "Alex", 2: "JU\u0308RGEN", 3: "", 4: "\u3164"}
    named |= {user_id: f"Player {user_id}" for user_id in range(5, 1_006)}
    rows = ", ".join(
        f"({user_id}, '{name}', {str(user_id < 0).lower()}, false, 1500.0, 0, '2026-01-01', '2026-01-01')"
        for user_id, name in named.items()
    )
    columns = "id, name, is_bot, blocked, rating, rated_matches, created_at, updated_at"
    await migrate(database_url, command.upgrade, "0018", f"INSERT INTO users ({columns}) VALUES {rows}")
    await upgrade_to_head(database_url)
    keys = dict(await _rows(database_url, "SELECT id, twin_key FROM users"))
    assert [keys.pop(user_id) for user_id in (-1, 1, 2, 3, 4)] == ["computer 1", "alex", "jürgen", "", ""]
    assert keys == {user_id: f"player {user_id}" for user_id in range(5, 1_006)}
