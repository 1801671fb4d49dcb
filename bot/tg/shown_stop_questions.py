"""The /stop questions open in groups, kept (in memory) for their lifetime so that a switch of the group's
language redraws them in it: one stayed in the old language for its ten minutes, and pressing it answered in
the new one. A question asked in an asker's private chat is theirs, and stays as it was asked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.tg.fleeting import QUESTION_SECONDS
from bot.tg.pacing import Render

Draw = Callable[[str], Render]  # the question in a language

QUESTION_SHOWN_MS = QUESTION_SECONDS * 1000  # then it is deleted (bot.tg.fleeting)


@dataclass(frozen=True)
class _Shown:
    draw: Draw
    asked_ms: int


@dataclass
class ShownStopQuestions:
    """By chat and message: the questions not answered yet, on `ticks`."""

    _shown: dict[tuple[int, int], _Shown] = field(default_factory=dict)

    def asked(self, chat_id: int, message_id: int, draw: Draw, now_ms: int) -> None:
        self._drop_old(now_ms)
        self._shown[(chat_id, message_id)] = _Shown(draw, now_ms)

    def settled(self, chat_id: int, message_id: int) -> None:
        """Answered: it says what was decided now, not the question."""
        self._shown.pop((chat_id, message_id), None)

    def in_language(self, chat_id: int, lang: str, now_ms: int) -> list[tuple[int, Render]]:
        """The chat's questions (their message ids) drawn in `lang`."""
        self._drop_old(now_ms)
        return [
            (message_id, shown.draw(lang))
            for (chat, message_id), shown in self._shown.items()
            if chat == chat_id
        ]

    def _drop_old(self, now_ms: int) -> None:
        self._shown = {key: s for key, s in self._shown.items() if now_ms - s.asked_ms < QUESTION_SHOWN_MS}
