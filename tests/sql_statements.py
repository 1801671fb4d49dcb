"""The SQL statements a database runs within a block: for tests that a piece of work reads nothing, or only
what it should."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import event

from bot.storage import Database


@contextmanager
def statements_run(database: Database) -> Iterator[list[str]]:
    """The statements `database` runs inside the block, in order (filled in as they run)."""
    statements: list[str] = []

    def executed(*args: object) -> None:  # (conn, cursor, statement, parameters, context, executemany)
        statements.append(str(args[2]))

    engine = database.engine.sync_engine
    event.listen(engine, "before_cursor_execute", executed)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", executed)
