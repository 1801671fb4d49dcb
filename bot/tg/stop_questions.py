"""The /stop questions waiting for an answer: at most one per game, so repeated /stops do not flood the
group (each question is a paced message queued before the table's edits)."""

from __future__ import annotations

from dataclasses import dataclass, field

QUESTION_OPEN_MS = 2 * 60 * 1000  # an ignored question stops counting after this: /stop asks again


@dataclass
class StopQuestions:
    _asked_ms: dict[int, int] = field(default_factory=dict)  # game id -> when its question was asked

    def ask(self, game_id: int, now_ms: int) -> bool:
        """True when a question may be posted now (none is open); from now on it counts as open."""
        self._asked_ms = {g: at for g, at in self._asked_ms.items() if now_ms - at < QUESTION_OPEN_MS}
        if game_id in self._asked_ms:
            return False
        self._asked_ms[game_id] = now_ms
        return True

    def answered(self, game_id: int) -> None:
        self._asked_ms.pop(game_id, None)
