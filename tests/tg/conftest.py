from collections.abc import AsyncIterator

import pytest
from telegram import Bot

from tests.fake_bot_api import FakeClock, FakeTelegram, asgi_bot


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def fake(clock: FakeClock) -> FakeTelegram:
    return FakeTelegram(clock=clock)


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    async with asgi_bot(fake) as bot:
        yield bot
