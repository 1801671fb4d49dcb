"""The group messages the bot means to delete later (bot.tg.fleeting keeps them in memory, and here so that a
restart still deletes them): one row a message, gone when it is, or once Telegram would refuse deleting it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import TrackedMessage


@dataclass(frozen=True)
class Tracked:
    """When the message was posted, and when (`due`) or after what (`kind`) it goes."""

    posted: datetime
    due: datetime | None = None
    kind: str | None = None


class TrackedMessageRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def put(self, chat_id: int, message_id: int, tracked: Tracked) -> None:
        """Track the message, or track it as `tracked` says from now on."""
        await self._session.merge(
            TrackedMessage(
                chat_id=chat_id,
                message_id=message_id,
                posted_at=tracked.posted,
                due_at=tracked.due,
                kind=tracked.kind,
            )
        )

    async def drop(self, chat_id: int, message_id: int) -> None:
        await self._session.execute(
            delete(TrackedMessage).where(
                TrackedMessage.chat_id == chat_id, TrackedMessage.message_id == message_id
            )
        )

    async def drop_posted_by(self, posted_by: datetime) -> int:
        """Drop the messages posted at `posted_by` or before, in one statement (Telegram no longer lets the
        bot delete them); how many there were."""
        result = await self._session.execute(
            delete(TrackedMessage).where(TrackedMessage.posted_at <= posted_by)
        )
        return cast(CursorResult[Any], result).rowcount

    async def all(self) -> dict[tuple[int, int], Tracked]:
        """Every tracked message, by chat and message id."""
        rows = await self._session.scalars(select(TrackedMessage))
        return {(r.chat_id, r.message_id): Tracked(r.posted_at, r.due_at, r.kind) for r in rows}
