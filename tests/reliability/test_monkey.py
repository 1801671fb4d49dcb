"""Monkey: careless people on three tables at once for 25 s (a fixed seed), on while the run has not done
ENOUGH (a loaded machine does less in the same time: once no match ended), then the matches in play
finished; the long run is `python -m bench.reliability monkey`. Every press and command answered, no
traceback, the invariants hold (checked inside the run), no game stuck, every ended game's final screens
right; 429s are a figure, printed."""

from __future__ import annotations

from pathlib import Path

from bench.reliability import monkey_summary
from tests.reliability.monkey import Enough, run_monkey
from tests.set_before import AsSet

# What the run must have done: careless things, commands, moves accepted (the matches went on), and a match
# ended (its final screens checked). A bot that breaks (no answers, no matches) never gets there.
ENOUGH = Enough(mischief=31, commands=11, moves=21, matches=1)
LONGEST = (
    90.0  # seconds of mischief at most; a run that finishes its matches and settles stays in the timeout
)


async def test_careless_people_get_answers_and_break_nothing(tmp_path: Path, as_set: AsSet) -> None:
    report = await run_monkey(
        tmp_path, tables=3, seconds=25, seed=11, enough=ENOUGH, longest=LONGEST, as_set=as_set
    )

    print(f"429s: {len(report.too_many_requests)} {report.too_many_requests}")
    print(f"final screens: {report.screens}")
    problems = report.problems()
    assert problems == [], "\n".join([*problems, report.log[-5000:]])
    assert sum(report.mischief.values()) >= ENOUGH.mischief, report.mischief  # they did get up to things
    assert report.commands >= ENOUGH.commands
    assert report.moves.accepted >= ENOUGH.moves  # and the matches went on
    assert report.screens.games >= ENOUGH.matches  # some ended, so final screens were checked
    # a false catch and the last slap are neither accepted nor refused: the long run's figures count them too
    presses = report.presses
    counted = f"presses: {presses.accepted} accepted, {presses.costly} costly, {presses.refused} refused"
    assert counted in monkey_summary(report)[2]
