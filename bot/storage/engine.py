"""The async SQLAlchemy engine. All SQLite-specific tuning lives here and nowhere else."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import aiosqlite
from sqlalchemy import event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import InvalidatePoolError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from bot.storage.sqlite_driver import OneTripDBAPI

# How long a SQLite writer waits for the lock held by another writer before failing.
SQLITE_BUSY_TIMEOUT_MS = 15_000
# A database server's connection is checked (a ping: three round trips) before use only when it sat in the
# pool this long: units of work take turns, and under load a check on every one took ~40 % of their trips.
PING_AFTER_IDLE_SECONDS = 1.0
# When a pooled connection last came back (time.monotonic()), in its record's info; none yet: just opened.
_RETURNED_AT = "uno_returned_at"


def create_engine(
    url: str | URL, *, enforce_foreign_keys: bool = True, busy_timeout_ms: int | None = None
) -> AsyncEngine:
    """An async engine for `url`; on SQLite the database folder is created and the connection tuned.

    A failed statement's error text, which reaches the log, leaves out the values written
    (`hide_parameters`): a game's state holds every player's hand.

    Migrations turn `enforce_foreign_keys` off: on SQLite, altering a table means copying it and dropping
    the original, and that drop would cascade deletes into the referring tables. `busy_timeout_ms`: how
    long a SQLite writer waits for another's lock (default SQLITE_BUSY_TIMEOUT_MS, read
    at the call: tests shorten it).
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        server = create_async_engine(parsed, hide_parameters=True)
        _ping_after_idle(server)
        return server
    create_sqlite_folder(parsed)
    # A unit of work always ends with a commit or a rollback, so the pool's own rollback when a connection
    # comes back is a no-op: skipping it saves a trip to the driver's thread while the writer is held.
    engine = create_async_engine(
        parsed, pool_reset_on_return=None, module=OneTripDBAPI(aiosqlite, sqlite3), hide_parameters=True
    )
    pragmas = (
        "PRAGMA journal_mode=WAL",
        f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS if busy_timeout_ms is None else busy_timeout_ms}",
        f"PRAGMA foreign_keys={'ON' if enforce_foreign_keys else 'OFF'}",
        "PRAGMA synchronous=NORMAL",
    )

    def tune_connection(dbapi_connection: Any, _record: object) -> None:
        # The driver's own implicit BEGIN is deferred, which lets two writers both read and then one of
        # them fail with "database is locked"; `_begin_immediate` emits the BEGIN instead.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            for pragma in pragmas:
                cursor.execute(pragma)
        finally:
            cursor.close()

    event.listen(engine.sync_engine, "connect", tune_connection)
    event.listen(engine.sync_engine, "begin", _begin_immediate)
    return engine


def _ping_after_idle(engine: AsyncEngine) -> None:
    """Ping a pooled connection before use when it sat idle for PING_AFTER_IDLE_SECONDS: one the server
    ended meanwhile (a restart, idle_session_timeout, an administrator) is then replaced, with every other
    connection opened before it, as `pool_pre_ping` does. One used since is taken as alive: if the server
    ended it anyway, its first statement fails (the outage handling reports it), which likewise replaces the
    pool's connections, so only that unit of work fails, as one does that runs when the server goes away."""
    dialect = engine.dialect

    def returned(_dbapi_connection: Any, record: Any) -> None:
        if record is not None:
            record.info[_RETURNED_AT] = time.monotonic()

    def check_if_idle(dbapi_connection: Any, record: Any, _proxy: object) -> None:
        returned_at = record.info.get(_RETURNED_AT)
        if returned_at is None or time.monotonic() - returned_at < PING_AFTER_IDLE_SECONDS:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, None):
                raise InvalidatePoolError(str(error)) from error  # the pool connects anew
            raise

    event.listen(engine.sync_engine, "checkin", returned)
    event.listen(engine.sync_engine, "checkout", check_if_idle)


async def check_foreign_keys(connection: AsyncConnection) -> None:
    """After migrating with foreign keys off, prove no row points nowhere (SQLite only; elsewhere a no-op)."""
    if connection.dialect.name != "sqlite":
        return
    violations = (await connection.exec_driver_sql("PRAGMA foreign_key_check")).fetchall()
    if violations:
        raise RuntimeError(f"foreign key violations after migrating: {violations[:5]}")


# PRAGMA optimize analyses (ANALYZE) a table the query planner used on the connection when it never was, or
# has grown 25-fold since (else it does nothing); with the limit, each index's analysis reads some 400 of its
# entries, not all of them (SQLite's own advice before 3.46, which sets such a limit by itself).
_OPTIMIZE = ("PRAGMA analysis_limit=400", "PRAGMA optimize")


async def optimize_sqlite(connection: AsyncConnection) -> None:
    """Give SQLite's query planner statistics of the tables where it has none or they are far off, as SQLite
    advises every few hours and at closing: without them it plans on guesses. (PostgreSQL's autovacuum
    analyses its tables by itself.)"""
    for pragma in _OPTIMIZE:
        await connection.exec_driver_sql(pragma)


class DatabaseUnusableError(Exception):
    """The database cannot be used as configured: the SQLite file's folder cannot be created or written, a
    folder or no database is where the file should be, the server refuses the login, the schema is a newer
    bot's, or another application's tables are there (one line)."""


def another_bot_runs(who: str, where: str) -> DatabaseUnusableError:
    """The refusal to run beside another bot on the same database (`who`: its pid, and where it runs)."""
    return DatabaseUnusableError(
        f"another bot ({who}) is running on {where}: stop it first, or give this one a DATABASE_URL of its "
        "own"
    )


def create_sqlite_folder(url: URL) -> None:
    """Create the SQLite file's folder; DatabaseUnusableError when it cannot be made or written, or when a
    folder stands where the file should be."""
    database = url.database or ""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    file = Path(database)
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseUnusableError(f"cannot create the folder {file.parent}: {error.strerror}") from None
    # SQLite needs to write the file and, for its journal, the folder; without this it fails much later with
    # "unable to open database file", naming neither.
    if not os.access(file.parent, os.W_OK | os.X_OK):
        raise DatabaseUnusableError(f"cannot write to the folder {file.parent}")
    # Docker makes a folder of a mounted file that does not exist yet; SQLite says only "unable to open".
    if file.is_dir():
        raise DatabaseUnusableError(f"{file} is a folder, not a database file")
    if file.exists() and not os.access(file, os.R_OK | os.W_OK):
        raise DatabaseUnusableError(f"cannot read and write {file}")


# An execution option of the connections that only read (`Database.reading`): their transactions begin
# deferred, so in WAL mode they read a snapshot beside the writer instead of waiting for it.
READ_ONLY = "uno_read_only"


def for_reading(engine: AsyncEngine) -> AsyncEngine:
    """The engine of the sessions that only read (`Database.reading`), each a snapshot of one moment, as the
    leaderboards and /stats need across their several queries: on SQLite a deferred transaction reads one
    beside the writer; PostgreSQL's default, READ COMMITTED, would show each query the commits made since the
    previous one, and REPEATABLE READ keeps to the first (a transaction that only reads never conflicts)."""
    reads = engine.execution_options(**{READ_ONLY: True})
    if engine.dialect.name == "postgresql":
        return reads.execution_options(isolation_level="REPEATABLE READ")
    return reads


def _begin_immediate(connection: Any) -> None:
    if connection.get_execution_options().get(READ_ONLY):
        connection.exec_driver_sql("BEGIN")
        return
    # Take the write lock up front: a waiting writer then queues on busy_timeout instead of deadlocking.
    connection.exec_driver_sql("BEGIN IMMEDIATE")
