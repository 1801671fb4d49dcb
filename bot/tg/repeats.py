"""Bursts of the same command are answered once: every answer is a paced message queued before the table's
edits, so a member repeating /stop (or any refused command) would flood the group and hold the game up."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

# A /stop question asked this long ago stops counting: /stop asks again (an admin may have deleted it, or talk
# pushed it out of sight); a burst of /stop meanwhile (a double tap, several admins) is asked once. Those
# posted are kept over a restart too (bot.tg.stop_questions_kept: a write to the game's row for each).
QUESTION_OPEN_MS = 30 * 1000
REFUSAL_QUIET_MS = 60 * 1000  # the same refusal to the same person in the same chat: once a minute
SETTLED_QUESTION_MS = 24 * 60 * 60 * 1000  # an answered /stop question keeps its answer (kept a day)
# A hand sent anew when its player unblocked the bot: Telegram follows the unblock with the /start that did
# it, which must not send the hand a second time.
REVIVED_HAND_MS = 60 * 1000
# A group that refused a new message of the bot's (muted, or only admins may send) is taken to refuse them
# this long, unless one lands there first or Telegram tells of an unmute; a group where only admins may send
# may never let the bot post again, and is not kept for ever.
POSTS_REFUSED_MS = 24 * 60 * 60 * 1000
# /table posts a game's screen anew at most this often after it was last posted (by /table or by the game):
# each post is two of the group's ~20 writes a minute.
REPOST_MS = 30 * 1000


@dataclass
class Repeats(Generic[K]):
    """What was said lately (by key), each for `window_ms` or until forgotten."""

    window_ms: int
    _said_ms: dict[K, int] = field(default_factory=dict)

    def first(self, key: K, now_ms: int) -> bool:
        """True when `key` was not said within the window; from now on it counts as said."""
        self._drop_old(now_ms)
        if key in self._said_ms:
            return False
        self._said_ms[key] = now_ms
        return True

    def say(self, key: K, now_ms: int) -> None:
        """`key` counts as said from now on, whether or not it was said within the window."""
        self._drop_old(now_ms)  # said of every game: kept only for the window, asked about or not
        self._said_ms[key] = now_ms

    def said(self, key: K, now_ms: int) -> bool:
        """Whether `key` was said within the window (asking does not say it)."""
        at = self._said_ms.get(key)
        return at is not None and now_ms - at < self.window_ms

    def take(self, key: K, now_ms: int) -> bool:
        """True when `key` was said within the window; either way it counts as not said from now on."""
        self._drop_old(now_ms)
        return self._said_ms.pop(key, None) is not None

    def forget(self, key: K) -> None:
        self._said_ms.pop(key, None)

    def forget_where(self, which: Callable[[K], bool]) -> None:
        """Forgets every key `which` holds for."""
        self._said_ms = {k: at for k, at in self._said_ms.items() if not which(k)}

    def __len__(self) -> int:
        return len(self._said_ms)

    def _drop_old(self, now_ms: int) -> None:
        self._said_ms = {k: at for k, at in self._said_ms.items() if now_ms - at < self.window_ms}


@dataclass
class StopQuestions:
    """The /stop questions open, each by its game and the thread it was asked in (replies.thread_key, or
    `private_thread` in the asker's private chat, where one is asked for a game whose group or topic takes no
    posts): one under a channel's post is out of sight in the group's chat, and the other way round, and one
    in an asker's private chat out of sight of every other asker, so each place asks its own. Yes on one
    stops the game; the others' buttons then say it is over (stop_answers)."""

    _asked: Repeats[tuple[int, int]] = field(default_factory=lambda: Repeats(QUESTION_OPEN_MS))

    def first(self, game_id: int, thread: int, now_ms: int) -> bool:
        """True when no question about the game is open in `thread`; from now on one is."""
        return self._asked.first((game_id, thread), now_ms)

    def asked(self, game_id: int, thread: int, at_ms: int) -> None:
        """One was asked in `thread` at `at_ms` (before a restart): open till its window ends."""
        self._asked.say((game_id, thread), at_ms)

    def forget_in(self, game_id: int, thread: int) -> None:
        """The question in `thread` is answered (or was never posted): /stop there asks anew."""
        self._asked.forget((game_id, thread))

    def forget(self, game_id: int) -> None:
        """Every thread's question about the game: /stop asks anew wherever it is sent."""
        self._asked.forget_where(lambda key: key[0] == game_id)


def private_thread(user_id: int) -> int:
    """The thread StopQuestions keys a question asked in `user_id`'s private chat by: apart from a group's
    (a thread id is a message id: positive) and from another asker's private chat."""
    return -user_id
