"""A group's answers to commands (and the boards and menus people page) against their share of its window,
and whom they answered: the share is shared between the people asking. Queued answers go to whoever was given
the fewest within the window first, and while the share binds one person's take at most ONE_PERSONS_ANSWERS of
it: a member sending 8 commands at once took the whole share, and another's /rules waited up to a minute
behind them. Answers for no one in particular count as one more person's (in the order they were asked)."""

from __future__ import annotations

from collections import deque

from .pacing_window import WindowLimit

Asker = int | None  # the person an answer is for (a command's sender, a board's presser); None: nobody's


class ReplyShare:
    def __init__(self, limit: WindowLimit, one_persons: int) -> None:
        self._meter = limit.meter()
        self._seconds = limit.seconds
        self._one_persons = one_persons
        self._given: deque[tuple[float, Asker]] = deque()  # the answers within the window, oldest first

    def given(self, asker: Asker, now: float) -> int:
        """How many answers `asker` was given within the window."""
        return sum(1 for _, given_to in self._recent(now) if given_to == asker)

    def wait(self, asker: Asker, now: float) -> float:
        """Seconds until an answer to `asker` fits the share (and their part of it); 0 when it fits now."""
        wait = self._meter.wait(now)
        theirs = [at for at, given_to in self._recent(now) if given_to == asker]
        if asker is None or len(theirs) < self._one_persons:
            return wait
        return max(wait, theirs[-self._one_persons] + self._seconds - now)

    def record(self, asker: Asker, now: float) -> None:
        self._meter.record(now)
        self._given.append((now, asker))

    def _recent(self, now: float) -> deque[tuple[float, Asker]]:
        while self._given and self._given[0][0] <= now - self._seconds:
            self._given.popleft()
        return self._given
