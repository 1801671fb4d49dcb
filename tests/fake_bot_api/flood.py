"""Telegram's flood limits: 429 "retry after N" once a chat is written to too often."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class FloodLimits:
    """Defaults follow Telegram's published guidance; tests may tighten or loosen them."""

    group_writes: int = 20
    group_window: float = 60.0
    private_rate: float = 1.0
    private_burst: float = 3.0
    overall_writes: int = 30
    overall_window: float = 1.0
    enabled: bool = True


class FloodControl:
    def __init__(self, limits: FloodLimits, clock: Callable[[], float]) -> None:
        self.limits = limits
        self._clock = clock
        self._group_writes: dict[int, deque[float]] = {}
        self._private_tokens: dict[int, tuple[float, float]] = {}
        self._overall: deque[float] = deque()

    def admit(self, chat_id: int, is_group: bool) -> int | None:
        """Record a write to the chat, or return the seconds to wait when it is over the limit."""
        if not self.limits.enabled:
            return None
        now = self._clock()
        wait = self._admit_overall(now)
        if wait is None:
            wait = self._admit_group(chat_id, now) if is_group else self._admit_private(chat_id, now)
            if wait is not None:
                self._overall.pop()  # the refused write does not count
        return wait

    def _admit_overall(self, now: float) -> int | None:
        """Telegram's bot-wide limit (about 30 messages a second across all chats)."""
        while self._overall and self._overall[0] <= now - self.limits.overall_window:
            self._overall.popleft()
        if len(self._overall) >= self.limits.overall_writes:
            return max(1, math.ceil(self._overall[0] + self.limits.overall_window - now))
        self._overall.append(now)
        return None

    def _admit_group(self, chat_id: int, now: float) -> int | None:
        window = self._group_writes.setdefault(chat_id, deque())
        while window and window[0] <= now - self.limits.group_window:
            window.popleft()
        if len(window) >= self.limits.group_writes:
            return max(1, math.ceil(window[0] + self.limits.group_window - now))
        window.append(now)
        return None

    def _admit_private(self, chat_id: int, now: float) -> int | None:
        tokens, last = self._private_tokens.get(chat_id, (self.limits.private_burst, now))
        tokens = min(self.limits.private_burst, tokens + (now - last) * self.limits.private_rate)
        if tokens < 1.0:
            self._private_tokens[chat_id] = (tokens, now)
            return max(1, math.ceil((1.0 - tokens) / self.limits.private_rate))
        self._private_tokens[chat_id] = (tokens - 1.0, now)
        return None
