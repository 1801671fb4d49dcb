"""When a game's lobby or table may be posted anew in its group: /table posts it at most once in half a
minute (it is still the message just above), unless the chat tells that more than a few messages came after
it, and one deleted as soon as it was posted (an anti-spam bot?) is not followed by another until that half
minute is over: posted at once, it would go the same way, a new message every move."""

from __future__ import annotations

from collections.abc import Callable

from bot.tg.repeats import REPOST_MS, Repeats

Clock = Callable[[], int]
# Messages after the game's screen (/table's own among them) that still leave it "just above" on a phone: the
# screen fills half of it, and a few lines the rest.
JUST_ABOVE_MESSAGES = 5


class ScreenReposts:
    def __init__(self, clock: Clock) -> None:  # ms on a clock that never jumps
        self._clock = clock
        self._posted = Repeats[int](REPOST_MS)  # by game: its lobby or table posted anew lately
        self._replacing: set[int] = set()  # games whose lobby or table was posted anew for a deleted one
        self._swept: set[int] = set()  # ... and the new one was deleted at once too: the next waits
        # by game: the message of the /table its last repost answers, which the new screen comes below
        self._asked_at: dict[int, int] = {}

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

    def may_repost(self, game_id: int, asked_at: int | None = None, shown_at: int | None = None) -> bool:
        """Whether /table may post the game's screen anew now, which counts as posting it: not when it was
        posted within half a minute (by /table, or by the game itself: a deal, a lobby just opened), so it
        is still the message just above; unless it was deleted as soon as posted and the next one waits
        (`held_back`): then nothing shows the game, and a person asking is worth the write; or unless more
        than a few messages came after it: `asked_at`, the /table's message id where the chat numbers its
        messages one by one, against `shown_at`, the screen's (or the /table a repost on its way answers)."""
        now = self._clock()
        if self.held_back(game_id):
            self._swept.discard(game_id)  # the next who asks meanwhile is pointed to this one
        elif not self._posted.first(game_id, now) and not self._scrolled_away(game_id, asked_at, shown_at):
            return False
        self._reposting(game_id, asked_at)
        return True

    def mark_repost_if_scrolled_away(self, game_id: int, asked_at: int | None, shown_at: int | None) -> bool:
        """Whether more than a few messages came after the game's screen (`may_repost`'s count, without its
        half minute: a /join the lobby's edit answers, where the lobby is out of sight); if so, it is marked
        posted anew, which the caller then does. False where the chat does not number its messages one by
        one."""
        if not self._scrolled_away(game_id, asked_at, shown_at):
            return False
        self._reposting(game_id, asked_at)
        return True

    def _reposting(self, game_id: int, asked_at: int | None) -> None:
        self._posted.say(game_id, self._clock())
        if asked_at is not None:
            self._asked_at[game_id] = asked_at

    def _scrolled_away(self, game_id: int, asked_at: int | None, shown_at: int | None) -> bool:
        if asked_at is None or shown_at is None:
            return False
        below = max(shown_at, self._asked_at.get(game_id, shown_at))
        return asked_at - below > JUST_ABOVE_MESSAGES

    def moved_to_main_chat(self, game_id: int) -> None:
        """The game goes on in another chat (its forum's topics turned off): no screen of it is just above
        there, and /table may post one at once."""
        self._posted.forget(game_id)

    def forget(self, game_id: int) -> None:
        self._replacing.discard(game_id)
        self._swept.discard(game_id)
        self._asked_at.pop(game_id, None)
