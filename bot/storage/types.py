"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Integer
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator, TypeEngine

# JSON documents (settings, game state, event payloads); JSONB on PostgreSQL for indexing and compact storage.
JsonDocument: TypeEngine[Any] = JSON().with_variant(JSONB(), "postgresql")

# A generated 64-bit row id, and the columns that refer to one (game ids reach Telegram in join links, which
# take any 19 digits). SQLite's INTEGER is already 64-bit, and only that exact type name makes a primary key
# the auto-numbered rowid: BIGINT there would not number itself.
RowId: TypeEngine[int] = BigInteger().with_variant(Integer(), "sqlite")


def utc_now() -> datetime:
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC datetime. SQLite drops the zone on the way back; this puts it back."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column; use an aware datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
