"""Who has a seat in a game: the lobby's players before the start, the match's after (not who left)."""

from __future__ import annotations

from bot.service.document import GameDocument
from bot.storage import GameRecord, GameStatus


def has_seat(record: GameRecord, doc: GameDocument, user_id: int) -> bool:
    """Whether the user has a seat in this lobby or running match."""
    if record.status is GameStatus.LOBBY:
        return user_id in doc.players
    return record.status is GameStatus.RUNNING and user_id in doc.state.players
