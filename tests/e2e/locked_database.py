"""The database out of reach: its SQLite file locked by another program (the `sqlite_world` fixture's bot
waits 50 ms for it, not 15 s)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url


@contextmanager
def database_locked(database_url: str) -> Iterator[None]:
    """Another program holds the SQLite file's write lock (an open sqlite3 shell in a transaction)."""
    holder = sqlite3.connect(Path(str(make_url(database_url).database)), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()
