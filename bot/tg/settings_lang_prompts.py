"""The newest /lang prompt of each private chat, so that a language typed there (`/lang ru`) redraws it: its
buttons would still mark the language chosen before.

In memory, for PROMPT_SECONDS: after a restart, or later than that (the prompt is far up the chat by then),
an older prompt keeps its marks until pressed, which redraws it anyway."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

# How long a prompt is redrawn after it was posted.
PROMPT_SECONDS = 60 * 60


class LangPrompts:
    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock  # seconds
        # private chat -> its newest prompt and when it was posted, the oldest first
        self._by_chat: OrderedDict[int, tuple[int, float]] = OrderedDict()

    def shown(self, chat_id: int, message_id: int) -> None:
        now = self._clock()
        while self._by_chat and next(iter(self._by_chat.values()))[1] <= now - PROMPT_SECONDS:
            self._by_chat.popitem(last=False)
        self._by_chat.pop(chat_id, None)
        self._by_chat[chat_id] = (message_id, now)

    def of(self, chat_id: int) -> int | None:
        found = self._by_chat.get(chat_id)
        return None if found is None or found[1] <= self._clock() - PROMPT_SECONDS else found[0]

    def answered(self, chat_id: int, message_id: int) -> None:
        """The prompt `message_id` was pressed: it now says the language chosen, and is no prompt any more."""
        found = self._by_chat.get(chat_id)
        if found is not None and found[0] == message_id:
            del self._by_chat[chat_id]
