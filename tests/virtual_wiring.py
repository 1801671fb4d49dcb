"""The bot's Wiring on a test's virtual clock: the harnesses that drive a real Application build it here."""

from __future__ import annotations

from typing import Any

from bot.tg.app import Wiring
from tests.fake_bot_api import FakeClock


def on_virtual_time(clock: FakeClock, **wiring: Any) -> Wiring:
    """The clock's time and sleeps, and no PTB rate limiter: its leaky buckets (aiolimiter) wait on the event
    loop's real time, which virtual time does not move. A group's 21st message within a real minute waited
    3 real seconds, and every one after it as long (FakeClock.run took it for a socket), so a settings test
    typing 40 commands into one group ran for minutes. Telegram's limits stay on virtual time: the fake's
    (FloodLimits) and the bot's own WritePacer; the limiter itself is tested on real time
    (tests/tg/test_rate_limiter.py)."""
    return Wiring(clock=clock, monotonic=clock.monotonic, sleep=clock.sleep, rate_limiter=False, **wiring)
