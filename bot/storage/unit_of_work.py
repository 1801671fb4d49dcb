"""One database, and units of work on it: a session with exactly one transaction, committed on success."""

from __future__ import annotations

from types import TracebackType
from typing import Self

from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from bot.storage.directory import ChatRepository, UserRepository
from bot.storage.engine import create_engine
from bot.storage.games import GameRepository
from bot.storage.results import ResultRepository


class UnitOfWork:
    """`async with db.unit_of_work() as uow:` commits when the block ends normally, else rolls back."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        self.games = GameRepository(session)
        self.chats = ChatRepository(session)
        self.users = UserRepository(session)
        self.results = ResultRepository(session)

    async def __aenter__(self) -> Self:
        try:
            await self.session.begin()
        except BaseException:
            # __aexit__ will not run: give the connection back here.
            await self.session.close()
            raise
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            if exc_type is None:
                await self.session.commit()
            else:
                await self.session.rollback()
        finally:
            await self.session.close()


class Database:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)

    @classmethod
    def connect(cls, url: str | URL) -> Database:
        """A Database for `url`; no connection is opened until the first unit of work."""
        return cls(create_engine(url))

    def unit_of_work(self) -> UnitOfWork:
        return UnitOfWork(self._sessions())

    async def dispose(self) -> None:
        await self.engine.dispose()
