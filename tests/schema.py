"""What a database holds after migrating, read the same way on SQLite and PostgreSQL."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from datetime import datetime
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, MetaData, inspect, text

from bot.storage.engine import create_engine
from bot.storage.migrate import alembic_config, current_revision
from bot.storage.models import Base


def head_revision() -> str | None:
    """The newest migration's revision: the one a database migrated to the head holds."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def _schema_differences(connection: Connection) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    with warnings.catch_warnings():
        # SQLite's reflection skips an index on an expression (lower(username)), so Alembic leaves it out of
        # the comparison there; PostgreSQL compares it, and the query plans show it on SQLite.
        warnings.filterwarnings("ignore", "Skipped unsupported reflection of expression-based index")
        warnings.filterwarnings("ignore", "autogenerate skipping metadata-specified expression-based index")
        return list(compare_metadata(context, Base.metadata))


async def inspect_schema(url: str) -> tuple[list[Any], str | None, set[str]]:
    """How the schema differs from the models, the Alembic revision, and the table names."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            differences = await connection.run_sync(_schema_differences)
            revision = await connection.run_sync(current_revision)
            tables = set(await connection.run_sync(lambda sync: inspect(sync).get_table_names()))
    finally:
        await engine.dispose()
    return differences, revision, tables


async def migrate(
    database_url: str, step: Callable[[Config, str], None], revision: str, then: str = ""
) -> None:
    """Alembic's `step` (command.upgrade or command.downgrade) to `revision`, then `then` (SQL), in one go."""
    config = alembic_config(database_url)

    def migrate(connection: Connection) -> None:
        config.attributes["connection"] = connection
        step(config, revision)

    engine = create_engine(database_url, enforce_foreign_keys=False)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(migrate)
            if then:
                await connection.execute(text(then))
    finally:
        await engine.dispose()


async def insert_rows(database_url: str, tables: dict[str, list[dict[str, Any]]]) -> None:
    """Rows as a version of the bot stored them, through its tables as the database describes them (at an
    older revision too); timestamps given as ISO text."""

    def insert(connection: Connection) -> None:
        schema = MetaData()
        schema.reflect(connection, only=list(tables))
        for name, rows in tables.items():
            connection.execute(schema.tables[name].insert(), [_typed(row) for row in rows])

    engine = create_engine(database_url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(insert)
    finally:
        await engine.dispose()


def _typed(row: dict[str, Any]) -> dict[str, Any]:
    return {k: datetime.fromisoformat(v) if k.endswith("_at") and v else v for k, v in row.items()}
