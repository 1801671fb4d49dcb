"""The supergroups known to hold nothing in forum topics: no lobby or match, no /notifyme request. A command
in a supergroup without topics looks for what its topics held when an admin turned them off (Telegram does
not tell of it), a read each command; in these chats it need not look. In memory, for the chats that sent a
command within a day (`LatelySeen`): a restart starts empty, and a chat back after a quiet day is read again.

Nothing can be stored in a topic but by `LobbyUseCases.open_lobby` and `toggle_next_game`, which tell it
(`used`) once committed, as the lobby does of a forum's General game (named so till the topics are turned
off: `GameDocument.forum_general`); a group's migration moves only a basic group's, which has no topics."""

from __future__ import annotations

from bot.service.lately_seen import LatelySeen
from bot.service.model import Clock


class TopicUse:
    def __init__(self, ticks: Clock) -> None:  # ms on a clock that never jumps
        self._clock = ticks
        self._unused: LatelySeen[int, bool] = LatelySeen()
        # Things stored in topics so far: a look begun before one may have missed it, and marks nothing.
        self._uses = 0

    def unused(self, chat_id: int) -> bool:
        """Whether the chat is known to hold nothing in topics."""
        return self._unused.same(chat_id, True, self._clock())

    def looking(self) -> int:
        """A look at the chat's topics begins: pass the answer to `found_unused`."""
        return self._uses

    def found_unused(self, chat_id: int, since: int) -> None:
        """A look begun when `looking` answered `since` found nothing in the chat's topics."""
        if since == self._uses:
            self._unused.saw(chat_id, True, self._clock())

    def used(self, chat_id: int) -> None:
        """Something was stored in one of the chat's topics."""
        self._uses += 1
        self._unused.forget(chat_id)
