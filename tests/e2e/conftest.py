from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.fake_bot_api import FakeClock, FakeTelegram


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
async def world(fake: FakeTelegram, clock: FakeClock, database_url: str) -> World:
    from bot.storage.migrate import upgrade_to_head

    await upgrade_to_head(database_url)
    return World(fake, clock, database_url)
