from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.fake_bot_api import FakeClock, FakeTelegram


@pytest.fixture
def world(fake: FakeTelegram, clock: FakeClock, migrated_database_url: str) -> World:
    return World(fake, clock, migrated_database_url)
