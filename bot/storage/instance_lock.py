"""One running bot per database: a second one would poll against the first (Telegram hands each update to
only one of them) and fire every game's timers twice."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from bot.storage.engine import DatabaseUnusableError, another_bot_runs, create_sqlite_folder
from bot.storage.server_lock import only_bot_on_server

if sys.platform != "win32":
    import fcntl


@contextmanager
def only_bot_on(database_url: str) -> Iterator[None]:
    """On SQLite hold `<database>.lock` while the bot runs (the operating system drops it with the process,
    however it ends), on PostgreSQL an advisory lock (server_lock.py); DatabaseUnusableError at once when
    another bot holds it."""
    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        with only_bot_on_server(url):
            yield
        return
    if sys.platform == "win32":  # no flock: one bot a SQLite database is then the operator's care
        yield
        return
    if url.get_backend_name() != "sqlite" or not url.database or url.database.startswith("file:"):
        yield
        return
    create_sqlite_folder(url)
    path = Path(f"{url.database}.lock")
    try:
        lock = path.open("a+", encoding="ascii")
    except OSError as error:
        raise DatabaseUnusableError(f"cannot write {path}: {error.strerror}") from None
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.seek(0)
            holder = lock.read().strip() or "unknown"
            raise another_bot_runs(f"pid {holder}", url.database) from None
        lock.truncate(0)
        lock.write(str(os.getpid()))
        lock.flush()
        yield
