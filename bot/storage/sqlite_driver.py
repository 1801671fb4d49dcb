"""aiosqlite with one trip to its thread per statement.

aiosqlite runs every call on its own thread; SQLAlchemy's adapter makes up to four of a statement (open a
cursor, execute, fetch the rows, close), each a hand-over to that thread and back to the event loop. A unit of
work holds the database's one writer across its trips, and under load each trip waits its turn on the busy
loop: a move's transaction made fourteen. Here a statement's steps run in one call on the thread (a move's:
five), and SQLAlchemy reads the closed cursor's description, row count, last row id and rows from `_Ran`.
"""

from __future__ import annotations

import collections
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)


@dataclass
class _Ran:
    """A statement's cursor after it ran and closed: what SQLAlchemy reads of it, and its rows."""

    description: Any
    rowcount: int
    lastrowid: int | None
    rows: list[Any] = field(default_factory=list)
    arraysize: int = 1

    def close(self) -> None:
        """Closed on the thread already."""


def _execute(connection: sqlite3.Connection, operation: str, parameters: Any) -> _Ran:
    cursor = connection.cursor()
    try:
        cursor.execute(operation, () if parameters is None else parameters)
        rows = cursor.fetchall() if cursor.description else []
        return _Ran(cursor.description, cursor.rowcount, cursor.lastrowid, rows)
    finally:
        cursor.close()


def _executemany(connection: sqlite3.Connection, operation: str, parameters: Any) -> _Ran:
    cursor = connection.cursor()
    try:
        cursor.executemany(operation, parameters)
        return _Ran(cursor.description, cursor.rowcount, cursor.lastrowid)
    finally:
        cursor.close()


class _OneTripCursor(AsyncAdapt_aiosqlite_cursor):
    __slots__ = ()
    _awaitable_cursor_close = False  # nothing is left open on the thread

    def _make_new_cursor(self, connection: Any) -> Any:
        return None  # each statement opens its own on the thread

    def _aenter_cursor(self, cursor: Any) -> Any:
        return _Ran(None, -1, None)  # what SQLAlchemy reads before the first statement

    async def _execute_async(self, operation: Any, parameters: Any) -> Any:
        return await self._run(_execute, operation, parameters)

    async def _executemany_async(self, operation: Any, seq_of_parameters: Any) -> Any:
        return await self._run(_executemany, operation, seq_of_parameters)

    async def _run(
        self, step: Callable[[sqlite3.Connection, str, Any], _Ran], operation: str, params: Any
    ) -> _Ran:
        async with self._adapt_connection._execute_mutex:
            driver = self._connection
            ran: _Ran = await driver._execute(step, driver._conn, operation, params)
            self._cursor = ran  # type: ignore[assignment]  # reads as the driver's cursor does
            self._rows = collections.deque(ran.rows)
            return ran


class _Connection(AsyncAdapt_aiosqlite_connection):
    __slots__ = ()
    _cursor_cls = _OneTripCursor


class OneTripDBAPI(AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> AsyncAdapt_aiosqlite_connection:
        adapted = super().connect(*arg, **kw)
        return _Connection(self, adapted._connection)
