"""The monkey run's final screens: every game of the run that ended with a match shows its last state on its
table and its players' hands (`screens.final_screens`), in the languages its readers had when it ended.

The careless people change languages (/lang in the group and in private, the settings menu) and colour
letters (/colours) all through the run, so how each group and person reads the bot is sampled from the
database while the run goes on. A change redraws the running games only (`Runtime.readers_changed`): an
ended game keeps the languages it ended with. A change committed within NEAR_END of a game's end may land
on either side of it (the sample's own lag included), so either reading is right there.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from bot.storage import Database, GameRecord
from tests.fake_bot_api import FakeTelegram
from tests.reliability.invariants import read_games
from tests.reliability.process import database_url
from tests.reliability.screens import (
    FinalScreens,
    Reading,
    Readings,
    ended_at,
    final_screens,
    readings_now,
    settled,
)

SAMPLE_EVERY = 0.25
NEAR_END = 2.0


@dataclass
class ReadingsLog:
    """How every group and person of the run reads the bot, sampled while the run goes on: each change, with
    when it was first seen (seconds since the epoch)."""

    database: Path
    chats: Collection[int]
    people: Collection[int]
    changes: list[tuple[float, dict[int, Reading]]] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)  # set: stop sampling

    async def run(self) -> None:
        """Sample until `done` is set (not cancelled: a cancelled read leaves its connection half closed)."""
        db = Database.connect(database_url(self.database))
        try:
            while not self.done.is_set():
                async with db.unit_of_work() as uow:
                    now = await readings_now(uow, self.chats, self.people)
                if not self.changes or self.changes[-1][1] != now:
                    self.changes.append((time.time(), now))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.done.wait(), SAMPLE_EVERY)
        finally:
            await db.dispose()

    def around(self, record: GameRecord) -> Readings:
        """Every reading in force within NEAR_END of the game's end."""
        ended = ended_at(record)
        found: dict[int, set[Reading]] = {}
        for index, (since, readings) in enumerate(self.changes):
            until = self.changes[index + 1][0] if index + 1 < len(self.changes) else float("inf")
            if since <= ended + NEAR_END and until >= ended - NEAR_END:
                for reader, how in readings.items():
                    found.setdefault(reader, set()).add(how)
        return found


@dataclass
class RunScreens:
    """The final screens of the run's ended games."""

    games: int = 0  # ended games checked
    lobbies: int = 0  # closed before a match began: not checked (see `check_run`)
    screens: int = 0  # tables and hands compared
    excused: Counter[str] = field(default_factory=Counter)  # hands that differ where the bot can't help it
    problems: list[str] = field(default_factory=list)  # still wrong once they had time to land


async def check_run(fake: FakeTelegram, database: Path, readings: ReadingsLog) -> RunScreens:
    """Every ended game's final screens, once they had time to land (`screens.settled`). Games still running
    are left out (their screens are not final), and so are lobbies closed before a match began: their
    message says why they closed, which the game does not keep."""
    ended = [g for g in read_games(database) if g.status in ("finished", "stopped")]
    matches = [g.id for g in ended if g.state.get("engine") is not None]
    last: list[FinalScreens] = []

    async def check() -> list[str]:
        last[:] = [await final_screens(fake, database, game, readings.around) for game in matches]
        return [problem for game in last for problem in game.problems]

    problems = await settled(check)
    return RunScreens(
        games=len(matches),
        lobbies=len(ended) - len(matches),
        screens=sum(game.checked for game in last),
        excused=sum((game.excused for game in last), Counter()),
        problems=problems,
    )
