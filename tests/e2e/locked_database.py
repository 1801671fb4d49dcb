"""The database out of reach: its SQLite file locked by another program (the `sqlite_world` fixture's bot
waits 50 ms for it, not 15 s); from a given moment."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import make_url


@contextmanager
def database_locked(database_url: str) -> Iterator[None]:
    """Another program holds the SQLite file's write lock (an open sqlite3 shell in a transaction)."""
    holder = sqlite3.connect(_path(database_url), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


@contextmanager
def running_written_down_refused(database_url: str) -> Iterator[None]:
    """The database refuses the bot's every write that it runs (bot.tg.downtime; a stop's is taken), as a
    full disk or a bug would: no lock, so no outage either."""
    with sqlite3.connect(_path(database_url), isolation_level=None) as connection:
        connection.execute(
            "CREATE TRIGGER refused BEFORE UPDATE ON last_alive WHEN NEW.stopped = 0"
            " BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
        try:
            yield
        finally:
            connection.execute("DROP TRIGGER refused")
    connection.close()


@contextmanager
def users_unreadable(database_url: str) -> Iterator[None]:
    """Every read of the users' table fails (SQLite's "no such table"), reads outside the writer's lock
    included, which another program's lock leaves alone (WAL): its table renamed away by another program."""
    with sqlite3.connect(_path(database_url), isolation_level=None) as connection:
        connection.execute("ALTER TABLE users RENAME TO users_away")
        try:
            yield
        finally:
            connection.execute("ALTER TABLE users_away RENAME TO users")
    connection.close()


def _path(database_url: str) -> Path:
    return Path(str(make_url(database_url).database))


@contextmanager
def locked_once_returned(
    owner: object, method: str, database_url: str, when: Callable[..., bool] = lambda *_, **__: True
) -> Iterator[None]:
    """The database out of reach from the moment `owner.<method>` (a coroutine method the bot awaits; of a
    class: of each of its objects, made before the block or in it) has first returned from a call `when`
    takes (given its arguments), to the end of the block: a moment partway through what the bot does,
    without timing."""
    with ExitStack() as held, pytest.MonkeyPatch.context() as patched:
        calling = getattr(owner, method)
        locked = False

        async def returned_then_locked(*args: Any, **kwargs: Any) -> Any:
            nonlocal locked
            returned = await calling(*args, **kwargs)
            if not locked and when(*args, **kwargs):
                held.enter_context(database_locked(database_url))
                locked = True
            return returned

        patched.setattr(owner, method, returned_then_locked)
        yield


def locked_once_saved(service: object, change: str, database_url: str) -> AbstractContextManager[None]:
    """The database out of reach from the moment `service.<change>` (a use-case) has saved its change, to the
    end of the block: the moment between the save and what the bot does next with it."""
    return locked_once_returned(service, change, database_url)
