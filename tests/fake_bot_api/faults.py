"""Chaos: a chosen share of Bot API calls fails the ways Telegram and networks fail.

`fake.faults = Faults(rate=0.05)` makes about 5 % of the calls answer 429 with `retry_after`, answer a 5xx,
answer slowly, or drop the connection (before the call is carried out, or after it, so the bot cannot know
whether its message landed). Start-up calls (getMe, setMyCommands, the descriptions', deleteWebhook) are
spared by default, and getUpdates is never answered 429 (Telegram does not limit polling). Which calls fail
comes from a seeded RNG, so a run is repeatable up to the order in which requests arrive; the kinds are dealt
from a shuffled bag, so every kind has happened once as many faults as there are kinds were injected.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum


class Fault(StrEnum):
    FLOOD = "429"
    SERVER = "5xx"
    SLOW = "slow"
    DROP_BEFORE = "drop_before"  # the connection closes before the call is carried out
    DROP_AFTER = "drop_after"  # the call is carried out, then the connection closes without the answer


ALL_FAULTS = tuple(Fault)
SPARED_METHODS = frozenset(
    {"getme", "setmycommands", "deletewebhook"}
    | {"getmydescription", "setmydescription", "getmyshortdescription", "setmyshortdescription"}
)
NOT_LIMITED = frozenset({"getupdates"})


@dataclass
class Faults:
    rate: float = 0.05
    kinds: tuple[Fault, ...] = ALL_FAULTS
    retry_after: int = 1
    slow_seconds: float = 0.5
    seed: int = 0
    spared: frozenset[str] = SPARED_METHODS
    injected: Counter[Fault] = field(default_factory=Counter)
    _rng: random.Random = field(init=False, repr=False)
    _bag: list[Fault] = field(default_factory=list, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def draw(self, method: str) -> Fault | None:
        """The fault for this call, if any (counted in `injected`)."""
        name = method.lower()
        if name in self.spared:
            return None
        with self._lock:
            if self._rng.random() >= self.rate:
                return None
            fault = self._deal(allowed=lambda k: not (k is Fault.FLOOD and name in NOT_LIMITED))
            if fault is not None:
                self.injected[fault] += 1
        return fault

    def _deal(self, allowed: Callable[[Fault], bool]) -> Fault | None:
        """The next allowed kind from the bag; a kind this call may not get stays for the next call."""
        for _ in range(2):
            for index, kind in enumerate(self._bag):
                if allowed(kind):
                    return self._bag.pop(index)
            refill = list(self.kinds)
            self._rng.shuffle(refill)
            self._bag += refill
        return None
