"""The newest board of each kind a group (or forum topic) asked for (/top, /top global, each person's
/stats): the one before it goes when a new one is posted. Boards are asked for to be read and compared, so
the newest stays for good; the older ones say the same with older figures, and a group asking for /top every
evening would keep them all.

Kept in memory, up to `LIMIT` boards (the oldest asked for forgotten first): after a restart, or for a
forgotten one, the board before stays (as every board did before).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

LIMIT = 10_000


class NewestBoards:
    def __init__(self, limit: int = LIMIT) -> None:
        self._limit = limit
        self._newest: OrderedDict[tuple[int, Hashable], int] = OrderedDict()

    def posted(self, chat_id: int, kind: Hashable, message_id: int) -> int | None:
        """`message_id` is the chat's newest board of `kind`; the one it replaces, if known."""
        key = (chat_id, kind)
        before = self._newest.pop(key, None)
        self._newest[key] = message_id
        if len(self._newest) > self._limit:
            self._newest.popitem(last=False)
        return before
