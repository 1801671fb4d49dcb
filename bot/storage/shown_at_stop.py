"""What the bot's messages (the games' tables and hands, its answers) showed as it stopped
(bot.tg.shown_at_stop): written at the stop, taken (read and emptied) at the next start."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import ShownAtStop


@dataclass(frozen=True)
class Shown:
    """A message (its chat and id) and what it showed: its text (Telegram HTML) and inline keyboard."""

    chat_id: int
    message_id: int
    text: str
    markup: dict[str, Any] | None


class ShownAtStopRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def put(self, shown: Iterable[Shown]) -> None:
        """Write these down, in place of what was (a stop that came before the start took it)."""
        await self._session.execute(delete(ShownAtStop))
        self._session.add_all(
            ShownAtStop(chat_id=s.chat_id, message_id=s.message_id, text=s.text, markup=s.markup)
            for s in shown
        )

    async def take(self) -> list[Shown]:
        """Every message written down, none left: what they show is known from the first write on."""
        rows = list(await self._session.scalars(select(ShownAtStop)))
        await self._session.execute(delete(ShownAtStop))
        return [Shown(r.chat_id, r.message_id, r.text, r.markup) for r in rows]
