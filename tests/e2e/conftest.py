from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.fake_bot_api import FakeClock, FakeTelegram


@pytest.fixture
async def world(fake: FakeTelegram, clock: FakeClock, database_url: str) -> World:
    from bot.storage.migrate import upgrade_to_head

    await upgrade_to_head(database_url)
    return World(fake, clock, database_url)
