"""A GameService over the real migrated SQLite file, with a clock the test moves by hand."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest

from bot.service import GameService
from bot.storage import Database

START_MS = 1_800_000_000_000


@dataclass
class ManualClock:
    now: int = START_MS

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def service(database: Database, clock: ManualClock) -> GameService:
    seeds = itertools.count(7)
    return GameService(database, clock, lambda: next(seeds), clock)
