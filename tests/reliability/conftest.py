"""The runs' bot starts on a Telegram and a database as a start of the bot left them (`as_set`,
tests/set_before.py): its first start sets no menus or descriptions (~21 calls), and its database is a copy of
the migrated template, not migrated anew (~150 ms of CPU in the test's process)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.set_before import AsSet, SetBefore


@pytest.fixture
def as_set(telegram_set_before: SetBefore, sqlite_as_set: Path) -> AsSet:
    return AsSet(telegram_set_before, sqlite_as_set)
