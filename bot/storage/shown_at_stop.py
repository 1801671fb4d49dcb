"""What the bot's messages (the games' tables and hands, its answers) showed as it stopped
(bot.tg.shown_at_stop): written at the stop, taken (read and emptied) at the next start."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Text, cast, delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import ShownAtStop


@dataclass(frozen=True)
class Shown:
    """A message (its chat and id) and what it showed: its text (Telegram HTML) and inline keyboard."""

    chat_id: int
    message_id: int
    text: str
    markup: dict[str, Any] | None


@dataclass(frozen=True)
class Undecoded:
    """A message written down whose keyboard's JSON does not decode (a hand-edited database, a write cut off
    on a store without transactions): what it shows is not known."""

    chat_id: int
    message_id: int
    error: ValueError


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

    async def take(self) -> list[Shown | Undecoded]:
        """Every message written down, none left: what they show is known from the first write on. Each
        keyboard is decoded here, row by row (as text: one row's bad JSON fails no other)."""
        rows = await self._session.execute(
            select(
                ShownAtStop.chat_id, ShownAtStop.message_id, ShownAtStop.text, cast(ShownAtStop.markup, Text)
            )
        )
        taken = [_decoded(*row) for row in rows]
        await self._session.execute(delete(ShownAtStop))
        return taken


def _decoded(chat_id: int, message_id: int, text: str, markup: str | None) -> Shown | Undecoded:
    try:
        keyboard = None if markup is None else json.loads(markup)
    except ValueError as error:
        return Undecoded(chat_id, message_id, error)
    return Shown(chat_id, message_id, text, keyboard)
