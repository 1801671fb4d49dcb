"""Chats that answered 403 (the user blocked the bot, it was removed) or moved (a group became a supergroup):
every later write there fails at once, with no call, until `reopen` says Telegram lets the bot write there
again (the user pressed Start, the bot was added back). A 403 for a write that left before the chat was opened
again is not believed: the write is tried again. A closed chat the bot has not tried to write to for
CHAT_KEPT_SECONDS is forgotten: a write there is then tried again, and refused once."""

from __future__ import annotations

from collections.abc import Callable, KeysView

from .pacing_chat import CHAT_KEPT_SECONDS
from .send import AttemptOutcome, ChatMoved, Transient, Unreachable

Closed = Unreachable | ChatMoved


class ClosedChats:
    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        # why each chat refuses writes, and when a write there was last refused; kept apart from its state
        self._closed: dict[int, tuple[Closed, float]] = {}

    @property
    def chat_ids(self) -> KeysView[int]:
        return self._closed.keys()

    def close(self, chat_id: int, why: Closed) -> None:
        self._closed[chat_id] = (why, self._clock())

    def reopen(self, chat_id: int) -> None:
        self._closed.pop(chat_id, None)

    def refused(self, chat_id: int) -> Closed | None:
        """Why the chat refuses writes, if it does (the attempt counts as a write tried there)."""
        closed = self._closed.get(chat_id)
        if closed is None:
            return None
        self._closed[chat_id] = (closed[0], self._clock())
        return closed[0]

    def forget_idle(self, now: float) -> None:
        """Forget the chats no write was tried in for CHAT_KEPT_SECONDS."""
        self._closed = {
            key: (why, at) for key, (why, at) in self._closed.items() if now - at < CHAT_KEPT_SECONDS
        }


def believed(outcome: AttemptOutcome, left_at: float, reopened_at: float) -> AttemptOutcome:
    """The outcome of a write that left at `left_at` in a chat opened again at `reopened_at`: a 403 Telegram
    gave before the chat was opened again (a user unblocked the bot meanwhile), believed, would close the chat
    again and mark them blocked; it is a Transient instead, and the write is tried again."""
    if isinstance(outcome, Unreachable) and reopened_at >= left_at:
        return Transient(f"refused before the chat was opened again: {outcome.reason}")
    return outcome
