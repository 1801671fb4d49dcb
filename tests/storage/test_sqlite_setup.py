"""The SQLite connection is tuned as designed, and the database folder is created."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from bot.storage import Database
from bot.storage.engine import SQLITE_BUSY_TIMEOUT_MS, DatabaseUnusableError, create_engine
from bot.storage.migrate import upgrade_to_head


async def test_pragmas_on_every_connection(database: Database) -> None:
    async with database.engine.connect() as connection:
        pragmas = {
            name: (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar_one()
            for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
        }
    # synchronous: 1 is NORMAL.
    assert pragmas == {
        "journal_mode": "wal",
        "foreign_keys": 1,
        "busy_timeout": SQLITE_BUSY_TIMEOUT_MS,
        "synchronous": 1,
    }


async def test_transactions_take_the_write_lock_at_begin(database_url: str, database: Database) -> None:
    # A second connection cannot even start a transaction while one is open: BEGIN IMMEDIATE, not deferred.
    other = create_engine(database_url)
    try:
        async with database.engine.connect() as first, other.connect() as second:
            await first.execute(text("SELECT 1"))
            assert first.in_transaction()
            # Fail at once instead of waiting for the lock (raw connection: no transaction begins).
            raw = await second.get_raw_connection()
            await raw.driver_connection.execute("PRAGMA busy_timeout=0")
            with pytest.raises(OperationalError, match="database is locked"):
                await second.execute(text("SELECT 1"))
    finally:
        await other.dispose()


async def test_database_folder_is_created(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "deeper" / "uno.db"
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TABLE t (x INTEGER)"))
    finally:
        await engine.dispose()
    assert path.is_file()


@pytest.mark.parametrize(
    ("existing", "named"), [(False, "cannot write to the folder"), (True, "cannot read and write")]
)
def test_an_unwritable_database_location_is_named_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existing: bool, named: str
) -> None:
    folder = tmp_path / "db"
    folder.mkdir()
    file = folder / "uno.db"
    if existing:
        file.write_bytes(b"")
    denied = file if existing else folder
    allowed = os.access
    # The tests may run as root, whom no permission stops: the refusal stands in for a read-only location.
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != denied and allowed(path, mode))
    with pytest.raises(DatabaseUnusableError) as refused:
        create_engine(f"sqlite+aiosqlite:///{file}")
    assert str(refused.value) == f"{named} {denied}"


async def test_a_file_that_is_no_database_is_named_at_once(tmp_path: Path) -> None:
    file = tmp_path / "uno.db"
    file.write_bytes(b"a spreadsheet, saved over the database by mistake " * 20)
    with pytest.raises(DatabaseUnusableError) as refused:
        await upgrade_to_head(f"sqlite+aiosqlite:///{file}")
    assert str(refused.value) == f"sqlite+aiosqlite:///{file}: file is not a database"
