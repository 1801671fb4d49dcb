"""On SQLite each statement is one call on aiosqlite's thread, and reads as the driver's own statements do."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.engine import create_engine


@pytest.fixture
async def connection(tmp_path: Path) -> AsyncIterator[AsyncConnection]:
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'uno.db'}")
    try:
        async with engine.connect() as connection:
            await connection.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)"))
            yield connection
    finally:
        await engine.dispose()


async def thread_calls(
    connection: AsyncConnection, monkeypatch: pytest.MonkeyPatch
) -> list[Callable[..., Any]]:
    """The calls handed to the connection's aiosqlite thread from now on."""
    driver = (await connection.get_raw_connection()).driver_connection
    assert driver is not None
    calls: list[Callable[..., Any]] = []
    handed = driver._execute

    async def counted(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        calls.append(function)
        return await handed(function, *args, **kwargs)

    monkeypatch.setattr(driver, "_execute", counted)
    return calls


async def test_a_query_is_one_call_on_the_thread(
    connection: AsyncConnection, monkeypatch: pytest.MonkeyPatch
) -> None:
    await connection.execute(text("INSERT INTO t (x) VALUES (1), (2)"))
    calls = await thread_calls(connection, monkeypatch)

    rows = (await connection.execute(text("SELECT id, x FROM t ORDER BY id"))).all()

    assert [tuple(row) for row in rows] == [(1, 1), (2, 2)]
    assert len(calls) == 1  # not four: open a cursor, execute, fetch, close


async def test_writes_are_one_call_each_and_report_their_rows(
    connection: AsyncConnection, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = await thread_calls(connection, monkeypatch)

    inserted = await connection.execute(text("INSERT INTO t (x) VALUES (7)"))
    many = await connection.execute(text("INSERT INTO t (x) VALUES (:x)"), [{"x": 8}, {"x": 9}])
    updated = await connection.execute(text("UPDATE t SET x = x + 1 WHERE x > 7"))

    assert inserted.lastrowid == 1
    assert many.rowcount == 2
    assert updated.rowcount == 2  # what a save's version check reads
    assert len(calls) == 3
