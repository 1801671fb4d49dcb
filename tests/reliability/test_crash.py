"""Crash-restart: SIGKILL the bot process at random moments (also mid-press) and start it again."""

from __future__ import annotations

from pathlib import Path

from tests.reliability.invariants import deal_seeds
from tests.reliability.scenarios import run_games
from tests.set_before import AsSet

KILLS = 3  # in one match; the long run (bench/reliability.py) kills 20 times across three
DEALS = 2  # the bot deals from seed 2 up (after each start anew): runs of ~30 s; random deals took 30-100 s


async def test_games_survive_sigkill_at_random_moments(tmp_path: Path, as_set: AsSet) -> None:
    report = await run_games(
        tmp_path, tables=1, people=4, kills=KILLS, seed=7, deal_seed=DEALS, as_set=as_set
    )

    assert report.kills == KILLS
    assert report.log.count("Started as @") == KILLS + 1
    assert "Traceback" not in report.log, report.log[-5000:]
    # Every match finished (run_games waits for it); the database was checked after every kill and at the end.
    assert report.invariant_checks == KILLS + 1
    assert report.presses.accepted > 10  # a whole match was played through the kills
    assert report.presses.logged >= report.presses.accepted
    assert deal_seeds(tmp_path / "uno.db") <= set(range(DEALS, DEALS + report.games))
