"""What the group learns as a table showing the game lands (an edit of the game's table message, or a new
message): a seven silence binds from then (`ToldSilences`), a catch window is seen from then
(`ToldCatches`)."""

from __future__ import annotations

from bot.service import GameDocument
from bot.storage import GameRecord
from bot.tg.pacing import Landed
from bot.tg.told_catches import ToldCatches
from bot.tg.told_silences import ToldSilences


class TableNews:
    def __init__(self, silences: ToldSilences, catches: ToldCatches) -> None:
        self._silences = silences
        self._catches = catches

    def to_tell(self, record: GameRecord, doc: GameDocument) -> Landed | None:
        """While the table shows a silence or a catch window the group has not seen: what follows its
        landing."""
        return _both(self._silences.to_tell(record, doc), self._catches.to_tell(record, doc))


def _both(first: Landed | None, second: Landed | None) -> Landed | None:
    if first is None or second is None:
        return first or second

    def landed() -> None:
        first()
        second()

    return landed
