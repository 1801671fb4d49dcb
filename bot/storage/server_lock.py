"""One running bot per PostgreSQL database: a session-level advisory lock, held for the bot's life on a
connection of its own. The server lets go of it with the session, however the bot ends."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.storage.engine import DatabaseUnusableError, another_bot_runs, create_engine
from bot.storage.migrate import wait_for_database

logger = logging.getLogger(__name__)

# Advisory locks belong to a database: bots on other databases of the same server take their own.
LOCK_KEY = 0x756E6F  # "uno"
# How often the lock's session is looked at, to take the lock again after the server ended the session.
LOCK_CHECK_SECONDS = 5.0
# The lock's session names its bot, so that the refusal can say which one runs.
_NAME_PREFIX = "uno-bot "


@contextmanager
def only_bot_on_server(url: URL) -> Iterator[None]:
    """Hold the database's lock while the body runs; DatabaseUnusableError at once when another session
    holds it. The server is waited for as the migrations wait for it."""
    holder = _LockHolder(url)
    holder.start()
    try:
        holder.wait_until_held()
        yield
    finally:
        holder.release()


class _LockHolder(threading.Thread):
    """The lock's connection lives on an event loop of its own, in this thread: the bot runs several loops
    one after the other (migrations, reaching Telegram, polling), and a connection belongs to one loop."""

    def __init__(self, url: URL) -> None:
        super().__init__(name="database-lock", daemon=True)
        self._url = url
        self._loop = asyncio.new_event_loop()
        self._task: asyncio.Task[None] | None = None
        self._settled = threading.Event()  # held, or given up
        self._error: BaseException | None = None

    def run(self) -> None:
        self._task = self._loop.create_task(self._hold())
        try:
            self._loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        except BaseException as error:
            self._error = error
        finally:
            self._loop.run_until_complete(self._loop.shutdown_default_executor())  # host name look-ups
            self._loop.close()
            self._settled.set()

    def wait_until_held(self) -> None:
        self._settled.wait()
        if self._error is not None:
            raise self._error

    def release(self) -> None:
        with suppress(RuntimeError):  # the loop is closed: the thread gave up by itself
            self._loop.call_soon_threadsafe(self._cancel)
        self.join()

    def _cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _hold(self) -> None:
        engine = create_engine(self._url).execution_options(isolation_level="AUTOCOMMIT")
        where = engine.url.render_as_string(hide_password=True)
        try:
            while True:  # once more each time the server ends the lock's session (a restart)
                try:
                    await wait_for_database(engine, asyncio.sleep)
                    async with engine.connect() as connection:
                        await _take(connection, where)
                        self._settled.set()
                        await _until_lost(connection)  # or cancelled: closing the connection lets go
                        logger.warning(
                            "The database server ended the session holding the bot's lock; taking it again"
                        )
                except DatabaseUnusableError as error:
                    if not self._settled.is_set():
                        raise
                    logger.error("The database's lock could not be taken again: %s", error)
                    return
                except (OSError, DBAPIError):  # gone again before the lock was taken
                    if not self._settled.is_set():
                        raise
                    await asyncio.sleep(LOCK_CHECK_SECONDS)
        finally:
            await engine.dispose()


async def _until_lost(connection: AsyncConnection) -> None:
    """Return once the server has ended the session (a restart ends every session, and with the lock's
    session the lock: a second bot could then start on the database)."""
    while True:
        await asyncio.sleep(LOCK_CHECK_SECONDS)
        try:
            await connection.execute(text("SELECT 1"))
        except (OSError, DBAPIError):
            return


async def _take(connection: AsyncConnection, where: str) -> None:
    name = f"{_NAME_PREFIX}pid {os.getpid()} on {socket.gethostname()}"
    await connection.execute(text("SELECT set_config('application_name', :name, false)"), {"name": name})
    if await connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": LOCK_KEY}):
        return
    holder = await connection.scalar(
        text(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = :key"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        ),
        {"key": LOCK_KEY},
    )
    who = holder.removeprefix(_NAME_PREFIX) if holder and holder.startswith(_NAME_PREFIX) else "pid unknown"
    raise another_bot_runs(who, where)
