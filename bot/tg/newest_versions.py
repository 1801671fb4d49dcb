"""Per game, the newest saved version handed on: a change handed on after a newer one of its game (its caller
awaited something between its save and this) must not undo the newer one, neither leave its older screens up
(the publisher) nor arm its older jobs over the newer ones' (the timers)."""

from __future__ import annotations

from bot.storage import GameRecord


class NewestVersions:
    def __init__(self) -> None:
        self._versions: dict[int, int] = {}  # one entry per game kept by its user, dropped with it

    def overtaken(self, record: GameRecord) -> bool:
        """Note `record` as handed on; whether a newer version of its game was handed on before it."""
        if record.version < self._versions.get(record.id, 0):
            return True
        self.note(record)
        return False

    def note(self, record: GameRecord) -> None:
        self._versions[record.id] = max(record.version, self._versions.get(record.id, 0))

    def knows(self, game_id: int) -> bool:
        return game_id in self._versions

    def forget(self, game_id: int) -> None:
        self._versions.pop(game_id, None)
