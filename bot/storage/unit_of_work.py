"""One database, and units of work on it: a session with exactly one transaction, committed on success."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from types import TracebackType
from typing import Any, Self

from sqlalchemy import text
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage.directory import ChatRepository, UserRepository
from bot.storage.engine import create_engine, for_reading, optimize_sqlite
from bot.storage.games import GameRepository
from bot.storage.last_alive import LastAliveRepository
from bot.storage.outage import unavailable
from bot.storage.reads import ReadingSession, Reads
from bot.storage.results import ResultRepository
from bot.storage.set_in_telegram import SetInTelegramRepository
from bot.storage.shown_at_stop import ShownAtStopRepository
from bot.storage.subscriptions import SubscriptionRepository
from bot.storage.topic_names import TopicNameRepository
from bot.storage.tracked_messages import TrackedMessageRepository

log = logging.getLogger(__name__)

# Told after each unit of work: True when it committed, False when the database was out of reach (its
# server, or its SQLite file locked by another program); not told of other failures (a refusal, a bug).
ReachWatch = Callable[[bool], None]

# Reads (Database.reading) open at once: one fewer than the connections SQLAlchemy's pool keeps (5; it may
# open 10 more). A unit of work takes the writer before its connection, so reads holding every connection
# (/stats and boards asked by many at once) would hold up every game's moves; further reads wait their turn.
READS_AT_ONCE = 4


class UnitOfWork:
    """`async with db.unit_of_work() as uow:` commits when the block ends normally, else rolls back."""

    def __init__(self, session: AsyncSession, writes: asyncio.Lock, reach: ReachWatch | None = None) -> None:
        """`writes`: held from begin to end, so that units of work on one database run one at a time."""
        self.session = session
        self.games = GameRepository(session)
        self.chats = ChatRepository(session)
        self.users = UserRepository(session)
        self.results = ResultRepository(session)
        self.subscriptions = SubscriptionRepository(session)
        self.topic_names = TopicNameRepository(session)
        self.tracked = TrackedMessageRepository(session)
        self.last_alive = LastAliveRepository(session)
        self.shown_at_stop = ShownAtStopRepository(session)
        self.set_in_telegram = SetInTelegramRepository(session)
        self._writes = writes
        self._reach = reach

    async def __aenter__(self) -> Self:
        await self._writes.acquire()
        try:
            await self.session.begin()
        except BaseException as error:
            # __aexit__ will not run: give the connection back here.
            await _to_the_end(self._close())
            if isinstance(error, Exception):
                self._tell_reach(error)
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            await _to_the_end(self._end(commit=exc_type is None))
        except Exception as error:
            self._tell_reach(error)
            raise
        self._tell_reach(exc)

    def _tell_reach(self, error: BaseException | None) -> None:
        if self._reach is None:
            return
        if error is None:
            self._reach(True)
        elif unavailable(error):
            self._reach(False)

    async def _end(self, commit: bool) -> None:
        try:
            if commit:
                await self.session.commit()
            else:
                await self.session.rollback()
        finally:
            await self._close()

    async def _close(self) -> None:
        try:
            await self.session.close()
        finally:
            self._writes.release()


async def _to_the_end(ending: Coroutine[Any, Any, None]) -> None:
    """Run a transaction's ending even if the caller is cancelled meanwhile (shutdown cancels background
    work): a rollback cut short leaves the connection to be reset by the pool, which logs it as an error.
    The caller's cancellation is raised once the ending is done."""
    task = asyncio.ensure_future(ending)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        if task.done():
            raise
        await asyncio.wait({task})
        if not task.cancelled() and task.exception() is not None:
            log.warning("ending a transaction failed during cancellation", exc_info=task.exception())
        raise


class Database:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        # Units of work run one at a time, in arrival order. SQLite has one writer at a time, and every
        # transaction here begins IMMEDIATE: queueing on this lock beats its busy handler, which polls with
        # sleeps growing to 100 ms (busy_timeout still covers other processes: a migration, a backup). On
        # PostgreSQL the same order keeps "read, then insert if missing" (chats, users, computer players)
        # and read-modify-write of a chat's settings free of races; the bot is one process.
        self._writes = asyncio.Lock()
        self._reads = async_sessionmaker(for_reading(engine))
        self.reach: ReachWatch | None = None  # told whether each unit of work reached the database
        self._reads_at_once = asyncio.Semaphore(READS_AT_ONCE)

    @classmethod
    def connect(cls, url: str | URL) -> Database:
        """A Database for `url`; no connection is opened until the first unit of work."""
        return cls(create_engine(url))

    def unit_of_work(self) -> UnitOfWork:
        return UnitOfWork(self._sessions(), self._writes, self.reach)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[AsyncSession]:
        """A session for queries that write nothing and may take long (the leaderboards): it neither waits
        for the units of work nor holds them up (READS_AT_ONCE). Closing it rolls its transaction back."""
        async with self._reads_at_once:
            session = self._reads()
            try:
                yield session
            finally:
                await _to_the_end(session.close())

    @asynccontextmanager
    async def reads(self) -> AsyncIterator[Reads]:
        """`reading`'s session with the reads of a unit of work's repositories, for what only reads (a
        language): it takes no writer's lock, so it is read while a game's move is written, or another
        program writes."""
        async with self.reading() as session:
            yield ReadingSession(ChatRepository(session), UserRepository(session))

    async def probe(self) -> None:
        """An empty unit of work: whether the database can be reached (and written) now."""
        async with self.unit_of_work() as uow:
            await uow.session.execute(text("SELECT 1"))  # a statement: the write lock is taken only then

    async def optimize(self) -> None:
        """Let SQLite's query planner learn the tables it reads (see `optimize_sqlite`; elsewhere a no-op):
        the analysis writes its statistics, so it takes the writer like a unit of work (milliseconds)."""
        if self.engine.dialect.name == "sqlite":
            async with self.unit_of_work() as uow:
                await optimize_sqlite(await uow.session.connection())

    async def dispose(self) -> None:
        await self.engine.dispose()
