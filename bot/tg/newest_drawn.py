"""Per game, the newest saved version whose screens were drawn: a change published after a newer one (its
handler awaited something between its save and its publish) must not leave its older screens up."""

from __future__ import annotations

from bot.storage import GameRecord


class NewestDrawn:
    def __init__(self) -> None:
        self._versions: dict[int, int] = {}  # one entry per game kept by the publisher, dropped with it

    def overtaken(self, record: GameRecord) -> bool:
        """Note `record` as drawn; whether a newer version of its game was drawn before it."""
        if record.version < self._versions.get(record.id, 0):
            return True
        self.drawn(record)
        return False

    def drawn(self, record: GameRecord) -> None:
        self._versions[record.id] = max(record.version, self._versions.get(record.id, 0))

    def knows(self, game_id: int) -> bool:
        return game_id in self._versions

    def forget(self, game_id: int) -> None:
        self._versions.pop(game_id, None)
