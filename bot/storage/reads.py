"""What a session that only reads (`Database.reads`) offers: the repositories' reads its callers make, none
of their writes, so that mypy refuses a write through it. A unit of work offers them too (and its writes):
what takes `Reads` (a language) reads alike from either."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.storage.models import Chat, User


class ChatReads(Protocol):
    async def get(self, chat_id: int) -> Chat | None: ...


class UserReads(Protocol):
    async def get(self, user_id: int) -> User | None: ...

    async def ever_started(self, user_id: int) -> bool: ...

    async def chosen_languages(self, after: int, limit: int) -> list[tuple[int, str]]: ...


class Reads(Protocol):
    @property
    def chats(self) -> ChatReads: ...

    @property
    def users(self) -> UserReads: ...


@dataclass(frozen=True)
class ReadingSession:
    """`Database.reads`'s repositories, typed as their reads alone."""

    chats: ChatReads
    users: UserReads
