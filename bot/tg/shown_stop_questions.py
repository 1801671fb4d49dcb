"""The /stop questions open, kept (in memory) for their lifetime so that a switch of their reader's language
redraws them in it: the group's for one in a group, its asker's for one asked in their private chat. One
stayed in the old language for its ten minutes, and pressing it answered in the new one. Those open as the
bot stopped are told it again at the next start (bot.tg.stop_questions_kept)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.service.pausing import CLOSED_TOO_LONG_MS
from bot.tg.fleeting import QUESTION_SECONDS
from bot.tg.pacing import Render

Draw = Callable[[str], Render]  # the question in a language

QUESTION_SHOWN_MS = QUESTION_SECONDS * 1000  # then it is deleted (bot.tg.fleeting), or far up its chat


def shown_ms(thread: int) -> int:
    """How long a question asked in `thread` (as bot.tg.repeats StopQuestions keys it) stays open. One asked
    in private is about a paused match, and open till the match goes on (bot.tg.stop_questions_kept
    `went_on` tells it where to stop it then), which it does within CLOSED_TOO_LONG_MS or is stopped:
    dropped after ten minutes, one asked as a topic closed for the evening kept its Yes and No as the match
    went on."""
    return CLOSED_TOO_LONG_MS if thread < 0 else QUESTION_SHOWN_MS


@dataclass(frozen=True)
class _Shown:
    game_id: int
    thread: int  # as bot.tg.repeats StopQuestions keys it
    draw: Draw
    asked_ms: int
    muted: bool  # asked in private as its group refused the bot's posts (else as its topic was closed)


@dataclass
class ShownStopQuestions:
    """By chat and message: the questions not answered yet, on `ticks`."""

    _shown: dict[tuple[int, int], _Shown] = field(default_factory=dict)

    def asked(
        self,
        chat_id: int,
        message_id: int,
        game_id: int,
        thread: int,
        draw: Draw,
        asked_ms: int,
        muted: bool,
    ) -> None:
        self._drop_old(asked_ms)
        self._shown[(chat_id, message_id)] = _Shown(game_id, thread, draw, asked_ms, muted)

    def beside(self, chat_id: int, message_id: int) -> list[int]:
        """The other questions open about the game of the one in this message, in its chat and thread (their
        message ids): asked once it no longer counted as open (bot.tg.repeats QUESTION_OPEN_MS: a restart's
        outage, say). Its answer answers them too."""
        shown = self._shown.get((chat_id, message_id))
        if shown is None:
            return []
        return [
            other
            for (chat, other), each in self._shown.items()
            if chat == chat_id and other != message_id
            if each.game_id == shown.game_id and each.thread == shown.thread
        ]

    def settled(self, chat_id: int, message_id: int) -> int | None:
        """Answered: it says what was decided now, not the question. The game it was about, if it was open."""
        shown = self._shown.pop((chat_id, message_id), None)
        return None if shown is None else shown.game_id

    def ended(self, game_id: int) -> list[tuple[int, int]]:
        """The game ended (stopped by another question's Yes, after its day-long pause, won...): its questions
        left unanswered are no longer redrawn as open on their reader's next language. Those asked in private
        (their chat and message), which stay a day, are to say the game is over (bot.tg.stop_questions_kept
        `outlived`); a group's goes with its ten minutes (a press on it says the game is over:
        bot.tg.handlers.stop_answers)."""
        private = [key for key, shown in self._shown.items() if shown.game_id == game_id and shown.thread < 0]
        self._shown = {key: shown for key, shown in self._shown.items() if shown.game_id != game_id}
        return private

    def in_private(self, game_id: int, now_ms: int) -> list[tuple[int, int, bool]]:
        """The game's questions asked in its askers' private chats: their chat, message, and whether asked
        as its group refused the bot's posts (else as its topic was closed)."""
        self._drop_old(now_ms)
        return [
            (chat, message_id, shown.muted)
            for (chat, message_id), shown in self._shown.items()
            if shown.game_id == game_id and shown.thread < 0
        ]

    def open_in(self, chat_id: int, now_ms: int) -> bool:
        """Whether a question is open in the chat."""
        self._drop_old(now_ms)
        return any(chat == chat_id for chat, _ in self._shown)

    def in_language(self, chat_id: int, lang: str, now_ms: int) -> list[tuple[int, Render]]:
        """The chat's questions (their message ids) drawn in `lang`."""
        self._drop_old(now_ms)
        return [
            (message_id, shown.draw(lang))
            for (chat, message_id), shown in self._shown.items()
            if chat == chat_id
        ]

    def _drop_old(self, now_ms: int) -> None:
        self._shown = {key: s for key, s in self._shown.items() if now_ms - s.asked_ms < shown_ms(s.thread)}
