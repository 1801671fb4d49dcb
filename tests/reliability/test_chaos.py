"""Chaos: 429 with retry_after, 5xx, slow answers and dropped connections on 5 % of the Bot API calls."""

from __future__ import annotations

from pathlib import Path

from tests.fake_bot_api import Faults
from tests.reliability.invariants import deal_seeds
from tests.reliability.scenarios import run_games
from tests.set_before import AsSet

RATE = 0.05
DEALS = 1  # the bot deals from seed 1 up: the same two matches each run (30 s; random deals took 35-80 s)


async def test_games_finish_and_show_their_final_state_through_faults(tmp_path: Path, as_set: AsSet) -> None:
    faults = Faults(rate=RATE, seed=3)
    report = await run_games(
        tmp_path, tables=2, people=4, faults=faults, seed=5, deal_seed=DEALS, as_set=as_set
    )

    assert len(report.faults) == 5, report.faults  # each kind of fault happened
    assert "Traceback" not in report.log, report.log[-5000:]
    assert report.screen_problems == []
    assert report.presses.accepted > 20
    assert deal_seeds(tmp_path / "uno.db") == {DEALS, DEALS + 1}
