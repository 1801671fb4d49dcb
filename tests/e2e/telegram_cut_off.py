"""Telegram out of reach for the bot (every Bot API call answers 502) while it keeps polling, then back; the
wall clock jumping meanwhile. For the outage tests (tests/e2e/test_outages.py and its neighbours)."""

from __future__ import annotations

import pytest
from telegram.error import NetworkError

from tests.e2e.harness import Bot
from tests.fake_bot_api import FakeTelegram, Fault, Faults

JUMP = 2 * 60 * 60  # seconds the wall clock jumps


def cut_telegram(fake: FakeTelegram) -> None:
    """Every Bot API call answers 502, start-up's too."""
    fake.faults = Faults(rate=1.0, kinds=(Fault.SERVER,), spared=frozenset())


async def poll_fails(bot: Bot) -> None:
    """What the bot's polling meets while Telegram is out of reach."""
    with pytest.raises(NetworkError):
        await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))


async def telegram_out(bot: Bot, seconds: int) -> None:
    """Telegram out of reach for `seconds` while the bot keeps polling (and its timers run); then its
    polling gets through again."""
    cut_telegram(bot.fake)
    for _ in range(0, seconds, 5):
        await poll_fails(bot)
        await bot.tick(5)
    await telegram_back(bot)
    await bot.deliver()


async def telegram_back(bot: Bot) -> None:
    """Telegram within reach again: the bot's polling gets through."""
    bot.fake.faults = None
    await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))


async def telegram_out_then_the_clock_jumps(bot: Bot, jump: int = -JUMP) -> None:
    """Telegram out of reach for 15 s, then the wall clock jumps `jump` seconds (nothing reads it meanwhile);
    Telegram is still out of reach."""
    cut_telegram(bot.fake)
    for _ in range(3):
        await poll_fails(bot)
        await bot.tick(5)
    bot.clock.jump(jump)
