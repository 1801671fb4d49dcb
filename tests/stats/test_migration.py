"""The stats migration upgrades a database that already has players: they become newcomers to the rating."""

from alembic import command
from sqlalchemy import Connection, text

from bot.service.leaderboards.rating import INITIAL_MU, INITIAL_SIGMA
from bot.storage.engine import create_engine
from bot.storage.migrate import alembic_config, upgrade_to_head


async def test_existing_users_become_rating_newcomers(database_url: str) -> None:
    config = alembic_config(database_url)

    def to_initial_schema(connection: Connection) -> None:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")

    engine = create_engine(database_url, enforce_foreign_keys=False)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(to_initial_schema)
            await connection.execute(
                text(
                    "INSERT INTO users (id, name, is_bot, blocked, rating, rated_matches, created_at,"
                    " updated_at) VALUES (1, 'Alice', false, false, 1500.0, 0, '2026-01-01', '2026-01-01')"
                )
            )
        await upgrade_to_head(database_url)
        async with engine.connect() as connection:
            row = (await connection.execute(text("SELECT rating_mu, rating_sigma FROM users"))).one()
    finally:
        await engine.dispose()
    assert tuple(row) == (INITIAL_MU, INITIAL_SIGMA)
