"""A press that comes twice: a client resends one it got no answer for in time (a slow connection), and a
double tap sends two. The second is refused, its screen out of date once the first counted; but its presser
did what they meant, and "This button is out of date" would read as if the move had failed. So a twin of a
person's last press that counted, or of one still being handled (whose own answer tells how it went), is
refused as out of date (or a catch as finding nobody to catch) without a word. (A refusal that says what
happened, "You have already called UNO!", is still said.)"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

# A resend comes once Telegram's answer window (10-15 s) has passed, a double tap within a second.
TWIN_MS = 30 * 1000

PressKey = tuple[int, str]  # the presser and the button's data


@dataclass
class TwinPresses:
    # by presser: the data of their last press that counted, and when (only the last: Join, Leave, then a
    # Join refused is no twin of the first)
    _counted: dict[int, tuple[str, int]] = field(default_factory=dict)
    # by press: the twins being handled, in the order they came (a token each)
    _handling: dict[PressKey, list[object]] = field(default_factory=dict)

    @contextmanager
    def handling(self, key: PressKey) -> Iterator[object]:
        """While a press is handled; the token it yields asks `twin_came_first`."""
        token = object()
        self._handling.setdefault(key, []).append(token)
        try:
            yield token
        finally:
            twins = self._handling[key]
            twins.remove(token)
            if not twins:
                del self._handling[key]

    def counted(self, key: PressKey, now_ms: int) -> None:
        self._counted = {user: last for user, last in self._counted.items() if now_ms - last[1] < TWIN_MS}
        user, data = key
        self._counted[user] = (data, now_ms)

    def twin_came_first(self, key: PressKey, token: object, now_ms: int) -> bool:
        """Whether this press is a twin of its presser's last press that counted (lately), or came after a
        twin still being handled."""
        user, data = key
        last = self._counted.get(user)
        counted = last is not None and last[0] == data and now_ms - last[1] < TWIN_MS
        return counted or self._handling[key][0] is not token


@dataclass(frozen=True)
class TwinPress:
    """A press being handled (`TwinPresses.handling` gave it `token`), for a handler that answers it itself
    (a /kick answer's button): whether a twin came first, and that it counted."""

    twins: TwinPresses
    key: PressKey
    token: object

    def twin_came_first(self, now_ms: int) -> bool:
        return self.twins.twin_came_first(self.key, self.token, now_ms)

    def counted(self, now_ms: int) -> None:
        self.twins.counted(self.key, now_ms)
