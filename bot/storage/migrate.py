"""Applying the Alembic migrations in migrations/ from code (start-up, `python -m bot migrate`, tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection
from sqlalchemy.engine import URL, make_url

from bot.storage.engine import check_foreign_keys, create_engine

# The repository root holds both `bot/` and `migrations/` (also in the Docker image and editable installs).
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(url: str | URL) -> Config:
    """An Alembic configuration that needs no alembic.ini and works from any working directory."""
    if not (MIGRATIONS_DIR / "env.py").is_file():
        raise FileNotFoundError(
            f"migrations not found at {MIGRATIONS_DIR}; run from a source checkout or an editable install"
        )
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # ConfigParser interpolates %, which URL-encoded passwords contain.
    rendered = make_url(url).render_as_string(hide_password=False)
    config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return config


async def upgrade_to_head(url: str | URL) -> None:
    """Apply every pending migration in one transaction, then close the connections it used."""
    config = alembic_config(url)
    engine = create_engine(url, enforce_foreign_keys=False)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade, config)
            await check_foreign_keys(connection)
    finally:
        await engine.dispose()


def _upgrade(connection: Connection, config: Config) -> None:
    # migrations/env.py runs on this connection instead of opening its own.
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()
