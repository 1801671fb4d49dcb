"""Applying the Alembic migrations in migrations/ from code (start-up, `python -m bot migrate`, tests)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.storage.engine import DatabaseUnusableError, check_foreign_keys, create_engine
from bot.storage.models import Base
from bot.storage.outage import locked

logger = logging.getLogger(__name__)

FIRST_RETRY_S = 1.0
LAST_RETRY_S = 60.0
# At start-up no unit of work of the bot queues behind another program's lock on the SQLite file: a short
# wait a try, so that the operator is told at once why start-up stalls (then the tries' own pauses).
MIGRATION_BUSY_TIMEOUT_MS = 1_000
# PostgreSQL's "the database system is starting up": a server that will take the login in a moment.
_STARTING_UP = "57P03"

_PACKAGE_DIR = Path(__file__).resolve().parents[1]


def _find_migrations() -> Path:
    """bot/migrations/ in an installed wheel (pyproject.toml maps the folder into the package); otherwise
    migrations/ beside bot/: a checkout, the Docker image, an editable install."""
    inside = _PACKAGE_DIR / "migrations"
    return inside if (inside / "env.py").is_file() else _PACKAGE_DIR.parent / "migrations"


MIGRATIONS_DIR = _find_migrations()


def alembic_config(url: str | URL) -> Config:
    """An Alembic configuration that needs no alembic.ini and works from any working directory."""
    if not (MIGRATIONS_DIR / "env.py").is_file():
        raise FileNotFoundError(f"migrations not found at {MIGRATIONS_DIR}: the installation is incomplete")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # ConfigParser interpolates %, which URL-encoded passwords contain.
    rendered = make_url(url).render_as_string(hide_password=False)
    config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return config


async def upgrade_to_head(url: str | URL, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
    """Apply every pending migration in one transaction, then close the connections it used. A server that
    is not up yet, or a SQLite file another program keeps locked, is waited for; a database that cannot be
    used raises DatabaseUnusableError."""
    config = alembic_config(url)
    engine = create_engine(url, enforce_foreign_keys=False, busy_timeout_ms=MIGRATION_BUSY_TIMEOUT_MS)
    try:
        for delay in retry_delays():
            try:
                await wait_for_database(engine, sleep)
                async with engine.begin() as connection:
                    await connection.run_sync(_upgrade, config)
                    await check_foreign_keys(connection)
                return
            except OperationalError as error:
                if not locked(error):
                    raise
            logger.warning(
                "The database file %s is locked by another program (a sqlite3 shell, a backup?); trying "
                "again in %.0f s",
                engine.url.database,
                delay,
            )
            await sleep(delay)
    finally:
        await engine.dispose()


def retry_delays() -> Iterator[float]:
    """How long to wait before each next try: 1 s, 2 s, 4 s ... then a minute each."""
    delay = FIRST_RETRY_S
    while True:
        yield delay
        delay = min(delay * 2, LAST_RETRY_S)


# asyncpg's words (a ConnectionError, as when the server is not there) for a server that answered "no TLS".
_REFUSED_TLS = "rejected SSL upgrade"


async def wait_for_database(engine: AsyncEngine, sleep: Callable[[float], Awaitable[None]]) -> None:
    """Connect until the server answers (a database container may start after the bot's), one warning a
    try; a refused login, a missing database or a file that is no database raise at once."""
    where = engine.url.render_as_string(hide_password=True)
    for delay in retry_delays():
        try:
            async with engine.connect():
                return
        except OSError as error:  # refused, unknown host: the server is not (yet) there
            if _REFUSED_TLS in str(error):  # it is there, and will refuse TLS again
                raise DatabaseUnusableError(
                    f"{where}: the server does not take TLS connections, which ssl=require (or "
                    "sslmode=require) asks for"
                ) from None
            reason = str(error)
        except DBAPIError as error:
            if locked(error):  # a SQLite file in another journal mode than WAL: upgrade_to_head waits
                raise
            if getattr(error.orig, "sqlstate", None) != _STARTING_UP:
                raise DatabaseUnusableError(f"{where}: {error.orig}") from None
            reason = "it is starting up"
        logger.warning("The database %s is not reachable (%s); trying again in %.0f s", where, reason, delay)
        await sleep(delay)


def _upgrade(connection: Connection, config: Config) -> None:
    # migrations/env.py runs on this connection instead of opening its own.
    config.attributes["connection"] = connection
    current = current_revision(connection)
    known = {script.revision for script in ScriptDirectory.from_config(config).walk_revisions()}
    if current is not None and current not in known:
        raise DatabaseUnusableError(
            f"its schema is from a newer version of the bot (revision {current}): run that version or newer"
        )
    if current is None:
        _refuse_foreign_tables(connection)
    command.upgrade(config, "head")


def _refuse_foreign_tables(connection: Connection) -> None:
    """A database the bot never migrated holds none of its tables: tables of its names are another
    application's (a shared PostgreSQL database), which the first migration would fail on, or change."""
    taken = sorted(set(inspect(connection).get_table_names()) & set(Base.metadata.tables))
    if taken:
        raise DatabaseUnusableError(
            f"it has tables the bot would create ({', '.join(taken)}), not made by the bot (no "
            "alembic_version): give the bot a database of its own"
        )


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()
