from collections.abc import AsyncIterator

import pytest
from telegram import Bot

from tests.fake_bot_api import FakeClock, FakeTelegram, asgi_bot


@pytest.fixture(autouse=True)
def timedelta_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """PTB 22 warns on every RetryAfter unless opted in to its future (timedelta) behaviour."""
    monkeypatch.setenv("PTB_TIMEDELTA", "1")


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
