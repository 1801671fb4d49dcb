"""The names forum topics were renamed to, General's as topic 0 (bot.storage.models.TopicName)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import TopicName


class TopicNameRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def get(self, chat_id: int, topic_id: int) -> str | None:
        """The topic's name since its last renaming; None when the bot saw none."""
        row = await self._session.get(TopicName, (chat_id, topic_id))
        return None if row is None else row.name

    async def put(self, chat_id: int, topic_id: int, name: str) -> None:
        """The topic was renamed `name`. The chat's row must exist."""
        row = await self._session.get(TopicName, (chat_id, topic_id))
        if row is None:
            self._session.add(TopicName(chat_id=chat_id, topic_id=topic_id, name=name))
        else:
            row.name = name
        await self._session.flush()
