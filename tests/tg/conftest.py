from collections.abc import AsyncIterator

import pytest
from telegram import Bot

from bot.tg.pacing import WritePacer
from tests.fake_bot_api import FakeClock, FakeTelegram, asgi_bot


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    async with asgi_bot(fake) as bot:
        yield bot


@pytest.fixture
async def pacer(bot: Bot, clock: FakeClock) -> AsyncIterator[WritePacer]:
    pacer = WritePacer(bot, clock=clock, sleep=clock.sleep)
    yield pacer
    await pacer.aclose()
