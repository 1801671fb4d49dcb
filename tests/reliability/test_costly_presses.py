"""Presses answered with an alert that changed the game: a false catch (`false_catch_penalty`) and the last
slap of a zero's window (`zero_slap`) cost their presser cards, and the alert says so. The simulated people
tell those from refusals (`Press.costly`): else `check_presses` finds their logged actions without a press."""

from __future__ import annotations

from pathlib import Path

from tests.reliability.process import QUICK_RULES
from tests.reliability.scenarios import run_games

RULES = {**QUICK_RULES, "false_catch_penalty": 1, "zero_slap": True}


async def test_presses_that_cost_cards_count_as_moves_not_refusals(tmp_path: Path) -> None:
    # Not every Catch! they see: a false catch changes the table, which each of the others may press again,
    # and at 1.0 those presses fed themselves (a round ran past 5 minutes, hands growing, in a loaded CI).
    # Whether a press comes too late to catch depends on the machine's pace: a busy one may need another run
    # (of other seeds) before both kinds have happened.
    costly: set[str] = set()
    for run, seed in enumerate((7, 8, 9)):
        workdir = tmp_path / f"run{run}"
        workdir.mkdir()
        report = await run_games(
            workdir, tables=2, people=4, seed=seed, rules=RULES, deal_seed=1, catching=0.3
        )
        assert "Traceback" not in report.log, report.log[-5000:]
        assert report.presses.accepted > 20
        costly |= report.presses.costly.keys()
        if costly == {"CATCH", "SLAP"}:
            break
    assert costly == {"CATCH", "SLAP"}, report.presses  # both kinds happened
