from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.storage import engine as storage_engine
from tests.e2e.harness import World
from tests.fake_bot_api import FakeClock, FakeTelegram


@pytest.fixture
def as_set_before(request: pytest.FixtureRequest) -> bool:
    """An e2e test's first start finds the menus and descriptions set (tests/set_before.py), unless marked."""
    return request.node.get_closest_marker("new_telegram") is None


@pytest.fixture
def world(fake: FakeTelegram, clock: FakeClock, migrated_database_url: str) -> World:
    return World(fake, clock, migrated_database_url)


@pytest.fixture
def sqlite_world(
    fake: FakeTelegram,
    clock: FakeClock,
    sqlite_template: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> World:
    """A world on a SQLite file (on either lane: the lock is SQLite's, `database_locked`), whose bot waits
    50 ms (real time), not 15 s, for a lock another program holds."""
    monkeypatch.setattr(storage_engine, "SQLITE_BUSY_TIMEOUT_MS", 50)
    path = tmp_path / "locked" / "uno.db"
    path.parent.mkdir()
    shutil.copyfile(sqlite_template, path)
    return World(fake, clock, f"sqlite+aiosqlite:///{path}")
