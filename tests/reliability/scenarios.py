"""The crash-restart and chaos scenarios, shared by CI (short) and bench/reliability.py (long).

A run serves a fake Telegram on 127.0.0.1, starts `python -m bot` against it and has simulated people play
whole matches in several groups at once. The crash run SIGKILLs the bot at random moments (half of them a few
milliseconds after somebody pressed a button, so the press is being handled), checks the database while the
bot is dead, and starts it again; the chaos run makes a share of Bot API calls fail. Both end with every game
finished, the invariants checked, and every person's presses matched against the action log.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.fake_bot_api import FakeTelegram, Faults, serve_fake_bot_api
from tests.reliability.false_catch import false_catch_counter
from tests.reliability.invariants import PressReport, Snapshot, check_database, check_presses
from tests.reliability.players import CATCHING, GameStatus, PressLog, Table, new_table, play_tables
from tests.reliability.process import QUICK_RULES, BotProcess, bot_environment, prepare_database
from tests.reliability.screens import final_screens, settled
from tests.set_before import AsSet

GAME_TIMEOUT = 600.0  # a whole batch of matches; far beyond what it takes


@dataclass
class RunReport:
    games: int
    kills: int
    seconds: float
    presses: PressReport
    invariant_checks: int
    screen_problems: list[str]  # final screens still not showing the final state after screens.SCREENS_WAIT
    screens_seconds: float  # how long after the last game ended the final screens were all right
    faults: dict[str, int]
    log: str
    tables: list[Table]


class _Killer:
    """Kills the bot `budget` times at random moments during play, checking the database each time."""

    def __init__(self, bot: BotProcess, database: Path, log: PressLog, rng: random.Random) -> None:
        self.bot = bot
        self.database = database
        self.rng = rng
        self.snapshot: Snapshot | None = None
        self._pressed = asyncio.Event()
        log.listeners.append(lambda _: self._pressed.set())

    async def run(self, budget: int, over: list[Callable[[], bool]], spacing: float) -> int:
        kills = 0
        while kills < budget and not all(is_over() for is_over in over):
            await asyncio.sleep(self.rng.uniform(0.2, spacing))
            if kills % 2:  # while a press is being handled
                self._pressed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._pressed.wait(), 10)
                await asyncio.sleep(self.rng.uniform(0, 0.03))
            self.bot.kill()
            kills += 1
            self.snapshot = check_database(self.database, self.snapshot)
            await asyncio.sleep(self.rng.uniform(0, 1.0))  # down a while; people keep pressing meanwhile
            self.bot.start()
            await self.bot.started()
        return kills


async def run_games(
    workdir: Path,
    tables: int = 2,
    people: int = 4,
    computers: int = 0,
    kills: int = 0,
    faults: Faults | None = None,
    seed: int = 1,
    kill_spacing: float = 3.0,
    rules: Mapping[str, Any] = QUICK_RULES,
    deal_seed: int | None = None,
    catching: float = CATCHING,
    false_catch: bool = False,
    as_set: AsSet | None = None,
) -> RunReport:
    """Play batches of `tables` matches until `kills` kills are done (one batch when there are none); with a
    `deal_seed`, the bot deals them from that seed up (after each start anew), not from random ones;
    `catching`: the chance a person presses a Catch! they see; `false_catch`: on each table one person
    presses Catch! when it catches nobody, until it costs them (false_catch.py); `as_set`: the bot starts on
    a Telegram and a database as a start of it left them (tests/set_before.py), not on new ones."""
    fake = FakeTelegram()
    database = workdir / "uno.db"
    if as_set is not None:
        as_set.set_up(fake, database)
    log = PressLog()
    rng = random.Random(seed)
    all_tables: list[Table] = []
    started = time.monotonic()
    with serve_fake_bot_api(fake) as served:
        env = bot_environment(served.api_url, fake.token, database)
        bot = BotProcess(workdir / "cwd", env, workdir / "bot.log", deal_seed)
        killer = _Killer(bot, database, log, rng)
        done_kills = 0
        batch = 0
        try:
            while batch == 0 or done_kills < kills:
                batch_tables = [new_table(fake, f"B{batch}T{i}", people, computers) for i in range(tables)]
                await prepare_database(
                    database, {t.group.id: t.group.title or "" for t in batch_tables}, rules
                )
                if not bot.running:
                    bot.start()
                    await bot.started()
                await asyncio.gather(*(table.open(log) for table in batch_tables))
                fake.faults = faults
                over = {table.game_id: GameStatus(database, table.game_id).is_over for table in batch_tables}
                false_catch_at = functools.partial(false_catch_counter, database) if false_catch else None
                playing = play_tables(
                    batch_tables,
                    log,
                    over,
                    rng.randrange(2**32),
                    catching=catching,
                    false_catch_at=false_catch_at,
                )
                play = asyncio.create_task(playing)
                done_kills += await killer.run(kills - done_kills, list(over.values()), kill_spacing)
                await asyncio.wait_for(play, GAME_TIMEOUT)
                fake.faults = None
                all_tables += batch_tables
                batch += 1
            screens_after = time.monotonic()
            screen_problems = await _final_screens(database, all_tables)
            screens_seconds = time.monotonic() - screens_after
        finally:
            if bot.running:
                bot.kill()
    final = check_database(database, killer.snapshot)
    people_ids = {user.id for table in all_tables for user in table.people}
    return RunReport(
        games=len(all_tables),
        kills=done_kills,
        seconds=time.monotonic() - started,
        presses=check_presses(database, log.presses, people_ids),
        invariant_checks=final.checks,
        screen_problems=screen_problems,
        screens_seconds=screens_seconds,
        faults={str(kind): count for kind, count in (faults.injected if faults else {}).items()},
        log=bot.log_text(),
        tables=all_tables,
    )


async def _final_screens(database: Path, tables: list[Table]) -> list[str]:
    """What still differs between each table's final state and its screens once they had time to land."""

    async def check() -> list[str]:
        return [p for t in tables for p in (await final_screens(t.fake, database, t.game_id)).problems]

    return await settled(check)
