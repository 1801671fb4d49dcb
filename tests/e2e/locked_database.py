"""The database out of reach: its SQLite file locked by another program (the `sqlite_world` fixture's bot
waits 50 ms for it, not 15 s); from a given moment."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

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


@contextmanager
def locked_once_saved(service: object, change: str, database_url: str) -> Iterator[None]:
    """The database out of reach from the moment `service.<change>` (a use-case) has saved its change, to the
    end of the block: the moment between the save and what the bot does next with it, without timing."""
    with ExitStack() as held:
        saving = getattr(service, change)

        async def saved_then_locked(*args: Any, **kwargs: Any) -> Any:
            saved = await saving(*args, **kwargs)
            held.enter_context(database_locked(database_url))
            return saved

        setattr(service, change, saved_then_locked)
        try:
            yield
        finally:
            delattr(service, change)  # the class's method again
