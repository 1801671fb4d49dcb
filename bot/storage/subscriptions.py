"""Who asked (/notifyme) to be told in private when the next lobby opens in a chat or forum topic."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import Chat, LobbySubscription


@dataclass(frozen=True)
class AwaitedPlace:
    """A chat or forum topic where a person awaits the next lobby."""

    chat_id: int
    topic_id: int
    chat_title: str
    topic_title: str | None  # None outside a topic, and for a request made before the bot kept it


class SubscriptionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def toggle(self, chat_id: int, topic_id: int, user_id: int, topic_title: str | None = None) -> bool:
        """Subscribe the user to the next lobby of the place (a forum topic named `topic_title`), or end the
        subscription they have there; True when they are subscribed now. The chat's and the user's rows must
        exist."""
        key = (chat_id, topic_id, user_id)
        held = await self._session.get(LobbySubscription, key)
        if held is None:
            self._session.add(
                LobbySubscription(
                    chat_id=chat_id, topic_id=topic_id, user_id=user_id, topic_title=topic_title
                )
            )
        else:
            await self._session.delete(held)
        await self._session.flush()
        return held is None

    async def holds(self, chat_id: int, topic_id: int, user_id: int) -> bool:
        """Whether the user awaits the next lobby of the place."""
        return await self._session.get(LobbySubscription, (chat_id, topic_id, user_id)) is not None

    async def take(self, chat_id: int, topic_id: int) -> list[int]:
        """The place's subscribers, oldest first; their subscriptions end (each is for one lobby)."""
        here = (LobbySubscription.chat_id == chat_id, LobbySubscription.topic_id == topic_id)
        users = list(
            await self._session.scalars(
                select(LobbySubscription.user_id)
                .where(*here)
                .order_by(LobbySubscription.created_at, LobbySubscription.user_id)
            )
        )
        await self._session.execute(delete(LobbySubscription).where(*here))
        return users

    async def topic_title(self, chat_id: int, topic_id: int) -> str | None:
        """The forum topic's name as a /notifyme there saw it, if one did."""
        return await self._session.scalar(
            select(LobbySubscription.topic_title)
            .where(
                LobbySubscription.chat_id == chat_id,
                LobbySubscription.topic_id == topic_id,
                LobbySubscription.topic_title.is_not(None),
            )
            .order_by(LobbySubscription.created_at.desc())
            .limit(1)
        )

    async def into_main_chat(self, chat_id: int) -> bool:
        """The chat's forum topics were turned off: the requests made in them await its one chat's next lobby
        (one a person, who may have asked in two topics, or there too). False when there were none."""
        topics = (LobbySubscription.chat_id == chat_id, LobbySubscription.topic_id != 0)
        asked = await self._session.scalars(select(LobbySubscription).where(*topics))
        rows = list(asked)
        if not rows:
            return False
        there = set(
            await self._session.scalars(
                select(LobbySubscription.user_id).where(
                    LobbySubscription.chat_id == chat_id, LobbySubscription.topic_id == 0
                )
            )
        )
        for row in sorted(rows, key=lambda row: row.created_at):  # a person's oldest request stays
            if row.user_id in there:
                await self._session.delete(row)
            else:
                there.add(row.user_id)
                row.topic_id, row.topic_title = 0, None
        await self._session.flush()
        return True

    async def drop(self, chat_id: int, user_id: int) -> None:
        """End the user's subscriptions in the chat, in each of its topics."""
        mine = (LobbySubscription.chat_id == chat_id, LobbySubscription.user_id == user_id)
        await self._session.execute(delete(LobbySubscription).where(*mine))

    async def places_of(self, user_id: int) -> list[AwaitedPlace]:
        """Where the user awaits a lobby, oldest request first; the chat under its current title."""
        rows = await self._session.execute(
            select(
                LobbySubscription.chat_id,
                LobbySubscription.topic_id,
                Chat.title,
                LobbySubscription.topic_title,
            )
            .join(Chat, Chat.id == LobbySubscription.chat_id)
            .where(LobbySubscription.user_id == user_id)
            .order_by(LobbySubscription.created_at, LobbySubscription.chat_id, LobbySubscription.topic_id)
        )
        return [
            AwaitedPlace(chat_id, topic_id, title or "", topic) for chat_id, topic_id, title, topic in rows
        ]
