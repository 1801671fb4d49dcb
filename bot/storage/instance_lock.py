"""One running bot per SQLite database: a second one would poll against the first (Telegram hands each
update to only one of them) and fire every game's timers twice."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from bot.storage.engine import DatabaseUnusableError, create_sqlite_folder

if sys.platform != "win32":
    import fcntl


@contextmanager
def only_bot_on(database_url: str) -> Iterator[None]:
    """Hold `<database>.lock` while the bot runs; DatabaseUnusableError at once when another process holds it.
    The operating system drops the lock with the process, however it ends. PostgreSQL is not locked."""
    if sys.platform == "win32":  # no flock: one bot a database is then the operator's care
        yield
        return
    url = make_url(database_url)
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
            raise DatabaseUnusableError(
                f"another bot (pid {holder}) is running on {url.database}: stop it first, or give this one a "
                "DATABASE_URL of its own"
            ) from None
        lock.truncate(0)
        lock.write(str(os.getpid()))
        lock.flush()
        yield
