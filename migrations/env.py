"""Alembic environment. Run by bot.storage.migrate on its own connection, or by the `alembic` command."""

from __future__ import annotations

import asyncio
from logging.config import fileConfig
from typing import Any, Literal

from alembic import context
from alembic.autogenerate.api import AutogenContext
from sqlalchemy import JSON, Connection

from bot.config import load_settings
from bot.storage.engine import check_foreign_keys, create_engine
from bot.storage.models import Base
from bot.storage.types import UtcDateTime

config = context.config
target_metadata = Base.metadata


def _url() -> str:
    return config.get_main_option("sqlalchemy.url") or load_settings().database_url


def _render_item(kind: str, obj: Any, autogen_context: AutogenContext) -> str | Literal[False]:
    """Write the project's column types in migrations as plain SQLAlchemy types, which never change."""
    if kind != "type":
        return False
    if isinstance(obj, UtcDateTime):
        return "sa.DateTime(timezone=True)"
    if isinstance(obj, JSON):
        autogen_context.imports.add("from sqlalchemy.dialects import postgresql")
        return 'sa.JSON().with_variant(postgresql.JSONB(), "postgresql")'
    return False


def _configure(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things; batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
        # Our engine emits BEGIN itself on SQLite, so DDL there is transactional too: all or nothing.
        transactional_ddl=True,
        compare_type=True,
        render_item=_render_item,
    )


def _run_on(connection: Connection) -> None:
    _configure(connection)
    with context.begin_transaction():
        context.run_migrations()


async def _run_with_own_engine() -> None:
    engine = create_engine(_url(), enforce_foreign_keys=False)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_run_on)
            await check_foreign_keys(connection)
    finally:
        await engine.dispose()


def run_offline() -> None:
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    shared = config.attributes.get("connection")
    if shared is None:
        # The `alembic` command: log as alembic.ini says. The bot configures logging itself.
        if config.config_file_name is not None:
            fileConfig(config.config_file_name, disable_existing_loggers=False)
        asyncio.run(_run_with_own_engine())
    else:
        _run_on(shared)


if context.is_offline_mode():
    run_offline()
else:
    run_online()
