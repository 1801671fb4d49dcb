"""Who has a seat in a game: the lobby's players before the start, the match's after (not who left)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.service.document import GameDocument
from bot.service.errors import Refusal
from bot.storage import GameRecord, GameStatus


def has_seat(record: GameRecord, doc: GameDocument, user_id: int) -> bool:
    """Whether the user has a seat in this lobby or running match."""
    if record.status is GameStatus.LOBBY:
        return user_id in doc.players
    return record.status is GameStatus.RUNNING and user_id in doc.state.players


def seated_in(
    games: Iterable[tuple[GameRecord, GameDocument]], user_id: int
) -> list[tuple[GameRecord, GameDocument]]:
    """Those of `games` the user has a seat in (`has_seat`)."""
    return [(record, doc) for record, doc in games if has_seat(record, doc, user_id)]


def unseated(doc: GameDocument, user_id: int) -> Refusal:
    """Someone with no seat in the running match: one who left it or was removed is no onlooker."""
    return Refusal("no_longer_in_match" if user_id in doc.players else "not_in_match")
