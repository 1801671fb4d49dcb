"""A database server out of reach, or a SQLite file another program keeps locked, told apart from a bug:
meanwhile every update and timer fails the same way, and a traceback each would bury the log."""

from __future__ import annotations

import traceback

from sqlalchemy.exc import DBAPIError, OperationalError

# SQLSTATEs of a server that dropped or refused the session: connection exceptions (class 08), shut down by
# its administrator or a crash, starting up again.
_SERVER_GONE = ("08", "57P01", "57P02", "57P03")
# Connecting to the server runs in these modules: an OSError raised there is the server out of reach, not a
# bug (a refused connection, a host name that does not resolve, a timeout).
_CONNECTING = ("sqlalchemy.pool", "asyncpg.connect_utils")


def out_of_reach(error: BaseException) -> str | None:
    """Why the database server could not be reached, or dropped the connection, when `error` says so;
    None for any other error."""
    if isinstance(error, DBAPIError):
        code = str(getattr(error.orig, "sqlstate", None) or "")
        return str(error.orig) if error.connection_invalidated or code.startswith(_SERVER_GONE) else None
    if isinstance(error, OSError) and any(
        str(frame.f_globals.get("__name__", "")).startswith(_CONNECTING)
        for frame, _ in traceback.walk_tb(error.__traceback__)
    ):
        return str(error)
    return None


def unavailable(error: BaseException) -> bool:
    """Whether `error` says the database could not be reached or written just now (its server out of reach,
    its file locked): the same work may well succeed in a moment."""
    return out_of_reach(error) is not None or locked(error)


def locked(error: BaseException) -> bool:
    """SQLite's "database is locked": another program (a backup, an open sqlite3 shell) held the file's write
    lock for longer than the bot waits for it (engine.SQLITE_BUSY_TIMEOUT_MS)."""
    return isinstance(error, OperationalError) and "database is locked" in str(error.orig)
