"""When a game's lobby or table may be posted anew in its group: /table posts it at most once in half a
minute (it is still the message just above), and one deleted as soon as it was posted (an anti-spam bot?) is
not followed by another until that half minute is over: posted at once, it would go the same way, a new
message every move."""

from __future__ import annotations

from collections.abc import Callable

from bot.tg.repeats import REPOST_MS, Repeats

Clock = Callable[[], int]


class ScreenReposts:
    def __init__(self, clock: Clock) -> None:  # ms on a clock that never jumps
        self._clock = clock
        self._posted = Repeats[int](REPOST_MS)  # by game: its lobby or table posted anew lately
        self._replacing: set[int] = set()  # games whose lobby or table was posted anew for a deleted one
        self._swept: set[int] = set()  # ... and the new one was deleted at once too: the next waits

    def posted(self, game_id: int, beside_shown: bool = False) -> None:
        """The game's lobby or table was posted anew (`beside_shown`: by /table, the old one still shown)."""
        self._posted.say(game_id, self._clock())
        if beside_shown:
            self._replacing.discard(game_id)

    def deleted(self, game_id: int) -> bool:
        """Someone deleted the game's lobby or table: whether to post it anew now (not when the one posted
        for a deleted one was deleted in its turn within half a minute: the next waits)."""
        if game_id in self._replacing and self._posted.said(game_id, self._clock()):
            self._swept.add(game_id)
            return False
        self._replacing.add(game_id)
        return True

    def held_back(self, game_id: int) -> bool:
        """Whether the game's new lobby or table waits: the last was deleted as soon as it was posted, less
        than half a minute ago."""
        if game_id in self._swept and self._posted.said(game_id, self._clock()):
            return True
        self._swept.discard(game_id)
        return False

    def may_repost(self, game_id: int) -> bool:
        """Whether /table may post the game's screen anew now, which counts as posting it: not when it was
        posted within half a minute (by /table, or by the game itself: a deal, a lobby just opened), so it
        is still the message just above; unless it was deleted as soon as posted and the next one waits
        (`held_back`): then nothing shows the game, and a person asking is worth the write."""
        if self.held_back(game_id):
            self._swept.discard(game_id)  # the next who asks meanwhile is pointed to this one
            self._posted.say(game_id, self._clock())
            return True
        return self._posted.first(game_id, self._clock())

    def moved_to_main_chat(self, game_id: int) -> None:
        """The game goes on in another chat (its forum's topics turned off): no screen of it is just above
        there, and /table may post one at once."""
        self._posted.forget(game_id)

    def forget(self, game_id: int) -> None:
        self._replacing.discard(game_id)
        self._swept.discard(game_id)
