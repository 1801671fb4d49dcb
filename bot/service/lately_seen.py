"""What the bot saw of each person or group lately (a name, an app language, a group's language settled, a
supergroup holding nothing in forum topics), so that an update saying the same again costs no database read.
Kept for those seen within a day only: whoever wrote once in any group the bot is in would otherwise stay
remembered for as long as the bot runs; one back after a quiet day costs the one read again."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

SEEN_MS = 24 * 60 * 60 * 1000


@dataclass
class LatelySeen(Generic[K, V]):
    """The latest value seen of each key, forgotten once the key was not seen for `window_ms` (looked for at
    most that often: a pass over everyone seen, on every update, would grow with them)."""

    window_ms: int = SEEN_MS
    _seen: dict[K, tuple[V, int]] = field(default_factory=dict)
    _swept_at: int | None = None

    def same(self, key: K, value: V, now_ms: int) -> bool:
        """Whether `value` is what was last seen of `key`, less than the window ago; seen again, it is
        kept from now."""
        self._forget_old(now_ms)
        seen = self._seen.get(key)
        if seen is None or seen[0] != value or now_ms - seen[1] >= self.window_ms:  # (not swept yet)
            return False
        self._seen[key] = (value, now_ms)
        return True

    def saw(self, key: K, value: V, now_ms: int) -> None:
        self._forget_old(now_ms)  # (one only ever written, its keys never taken, would keep them all)
        self._seen[key] = (value, now_ms)

    def take(self, key: K, now_ms: int) -> V | None:
        """The value last seen of `key` within the window (None: none); forgotten from now either way."""
        self._forget_old(now_ms)
        seen = self._seen.pop(key, None)
        return None if seen is None or now_ms - seen[1] >= self.window_ms else seen[0]

    def forget(self, key: K) -> None:
        self._seen.pop(key, None)

    def __len__(self) -> int:
        return len(self._seen)

    def _forget_old(self, now_ms: int) -> None:
        if self._swept_at is None:
            self._swept_at = now_ms
        if now_ms - self._swept_at < self.window_ms:
            return
        self._swept_at = now_ms
        self._seen = {key: seen for key, seen in self._seen.items() if now_ms - seen[1] < self.window_ms}
