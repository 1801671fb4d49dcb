from collections.abc import AsyncIterator

import pytest
from telegram import Bot

from tests.fake_bot_api import FakeTelegram, asgi_bot


@pytest.fixture
async def bot(fake: FakeTelegram) -> AsyncIterator[Bot]:
    async with asgi_bot(fake) as bot:
        yield bot
