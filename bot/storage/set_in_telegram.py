"""What the bot last set in Telegram that Telegram keeps (bot.tg.profile_kept): a fingerprint of each."""

from __future__ import annotations

from typing import cast

from sqlalchemy import Table, delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import SetInTelegram

_TABLE = cast(Table, SetInTelegram.__table__)  # Core statements: no rows loaded into the session


class SetInTelegramRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def all(self) -> dict[str, str]:
        """Every fingerprint by what it is of; what is missing was never set (a new database, or one only an
        older version ran on)."""
        rows = await self._session.execute(select(SetInTelegram.what, SetInTelegram.fingerprint))
        return {what: fingerprint for what, fingerprint in rows}

    async def put(self, fingerprints: dict[str, str]) -> None:
        """These fingerprints in place of those before of the same things (two statements, at start-up)."""
        await self._session.execute(delete(_TABLE).where(_TABLE.c.what.in_(fingerprints)))
        rows = [{"what": what, "fingerprint": fingerprint} for what, fingerprint in fingerprints.items()]
        await self._session.execute(insert(_TABLE), rows)
