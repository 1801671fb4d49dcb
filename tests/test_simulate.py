"""`simulate`: the runner's arguments, printed figures, determinism and progress bar."""

from __future__ import annotations

import argparse
import io
import random
import re
from typing import Any

import pytest

from bot import simulate
from bot.engine import Accept, Action, Challenge, ChooseColour, Colour, Draw, GameState, Play, Rules, apply
from bot.engine.actions import TimeoutKind
from bot.engine.rules import preset
from tests.engine.helpers import act, card_id, given


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    return parser.parse_args(argv)


def figures_from(output: str) -> dict[str, str]:
    """`name: value` lines of the report, plus one `seat N` entry per seat row."""
    found: dict[str, str] = {}
    for line in output.splitlines():
        if match := re.fullmatch(r"\s*(\d+)\s+(\d+)\s+([\d.]+)%\s+([\d.]+)", line):
            found[f"seat {match[1]}"] = f"{match[2]} {match[3]} {match[4]}"
        elif ": " in line:
            name, value = line.split(": ", 1)
            found[name] = value
    return found


def test_defaults() -> None:
    args = parse()
    assert (args.games, args.players, args.preset, args.seed, args.progress) == (100, 4, "official", 0, None)


def test_prints_the_figures_of_a_small_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(parse("--games", "3", "--players", "3", "--seed", "5")) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar on a short run
    figures = figures_from(out)
    assert out.startswith("preset official, 3 players, 3 matches, seed 5")
    rounds = int(figures["rounds"].split()[0])
    assert rounds >= 3
    assert float(figures["rounds/s"].split()[0]) > 0
    assert float(figures["turns per round"]) > 5
    assert float(figures["actions per round"]) >= float(figures["turns per round"])
    seats = [figures[f"seat {seat}"].split() for seat in range(1, 4)]
    assert sum(int(wins) for wins, _, _ in seats) == 3  # one winner per match (winner_takes: no ties)
    assert any(float(points) > 0 for _, _, points in seats)


def test_same_seed_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    def run_once(seed: str) -> dict[str, str]:
        simulate.run(parse("--games", "2", "--players", "4", "--preset", "house", "--seed", seed))
        figures = figures_from(capsys.readouterr().out)
        figures.pop("rounds/s")  # the only figure that depends on the machine
        return figures

    first = run_once("11")
    assert run_once("11") == first
    assert run_once("12") != first


@pytest.mark.parametrize("preset", ["extreme", "h2o", "minecraft"])
def test_every_preset_runs(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(parse("--games", "2", "--players", "2", "--preset", preset)) == 0
    figures = figures_from(capsys.readouterr().out)
    assert int(figures["rounds"].split()[0]) >= 2


def test_timed_rules_fire_in_the_extreme_preset() -> None:
    figures = simulate.simulate(preset("extreme"), 4, 3, seed=2)
    assert figures.matches == 3
    assert figures.timeouts[TimeoutKind.SLAP] > 0  # slow slappers let the slap window run out
    assert figures.catches > 0  # forgotten calls get caught


def test_players_are_computers_as_the_bot_seats_them() -> None:
    """Seated with positive ids, as people, they judged each other's +4 by a person's bluffs and forgot
    "UNO!" by the simulation's own dice: neither what the bot's computers do."""
    final = simulate.play_match(preset("official"), 3, 5, random.Random(5), simulate.Figures(3))
    assert final.match_over and all(player < 0 for player in final.players)


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(parse("--games", "2", "--players", "2", "--progress")) == 0
    err = capsys.readouterr().err
    assert "100% (2/2)" in err and err.endswith("\n")


def test_progress_bar_redraws_only_when_the_percentage_changes() -> None:
    stream = io.StringIO()
    bar = simulate.ProgressBar(400, stream, width=10)
    for done in range(1, 401):
        bar.update(done)
    bar.finish()
    text = stream.getvalue()
    assert text.count("\r") == 101  # 0% to 100%
    assert text.endswith("\r[##########] 100% (400/400)\n")


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (("--players", "11"), "--players"),
        (("--players", "1"), "--players"),
        (("--games", "0"), "--games"),
        (("--games", "-1"), "--games"),
    ],
)
def test_refuses_a_bad_count(argv: tuple[str, ...], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*argv)
    err = capsys.readouterr().err
    other = "--games" if named == "--players" else "--players"
    assert exit_.value.code == 2 and f"argument {named}: must be" in err and other not in err.splitlines()[-1]


@pytest.mark.parametrize("argv", [("--preset", "nope"), ("--seed", "x")])
def test_refuses_what_argparse_cannot_read(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*argv)
    assert exit_.value.code == 2 and argv[0] in capsys.readouterr().err


def _turn_cases() -> list[Any]:  # pytest.param sets
    cover = given({1: "R8 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(eight_cover=True), draw="R6")
    covering, _ = apply(cover, Play(1, card_id(cover, 1, "R8")))
    innocent = given({1: "W4 G1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    challenged, _ = act(innocent, Play(1, card_id(innocent, 1, "W4")), ChooseColour(1, Colour.BLUE))
    guilty = given({1: "W4 R1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    caught, _ = act(guilty, Play(1, card_id(guilty, 1, "W4")), ChooseColour(1, Colour.BLUE))
    drawn, _ = apply(given({1: "G1 G2", 2: "B9", 3: "B8"}, "R3", draw="R6"), Draw(1))
    return [
        pytest.param(cover, Play(1, card_id(cover, 1, "R8")), True, id="a play"),
        pytest.param(covering, Draw(1), False, id="drawing to cover one's own 8"),
        pytest.param(challenged, Challenge(2), True, id="a lost challenge"),
        pytest.param(caught, Challenge(2), False, id="a won challenge: the play after it is the turn"),
        pytest.param(challenged, Accept(2), True, id="an accepted penalty"),
        pytest.param(drawn, Play(1, drawn.hands[1][-1]), False, id="playing the card just drawn"),
    ]


@pytest.mark.parametrize(("state", "action", "turn"), _turn_cases())
def test_what_counts_as_a_turn(state: GameState, action: Action, turn: bool) -> None:
    assert simulate._is_turn(state, action) is turn


def test_the_entry_point_runs_simulate_without_a_token(
    clean_env: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.__main__ import main

    assert main(["simulate", "--games", "2", "--players", "2", "--seed", "3", "--no-progress"]) == 0
    figures = figures_from(capsys.readouterr().out)
    assert float(figures["rounds/s"].split()[0]) > 0
    assert {"seat 1", "seat 2"} <= figures.keys() and "seat 0" not in figures


def test_the_report_prints_each_figure_from_its_own_count() -> None:
    """Every printed figure divided by what it is per: rounds and points per match, turns and actions per
    round, wins as a share of the matches (a seat that won 2 of 4 won 50 %)."""
    figures = simulate.Figures(
        2,
        matches=4,
        rounds=10,
        turns=250,
        actions=400,
        seconds=2.0,
        wins=[3, 1],
        points=[600, 200],
        catches=7,
        challenges=5,
    )
    figures.timeouts[TimeoutKind.SLAP] = 2
    figures.timeouts[TimeoutKind.TURN] = 1
    assert simulate.report(figures, "house", 8).splitlines() == [
        "preset house, 2 players, 4 matches, seed 8",
        "rounds: 10 (2.50 per match)",
        "rounds/s: 5.0 (2.00 s)",
        "turns per round: 25.0",
        "actions per round: 40.0",
        "catches: 7, challenges: 5",
        "timeouts: turn 1, catch 0, slap 2, next_round 0",
        "seat  wins  win%    avg points",
        "   1     3   75.0%       150.0",
        "   2     1   25.0%        50.0",
    ]
    figures.matches = 1
    assert simulate.report(figures, "house", 8).startswith("preset house, 2 players, 1 match, seed 8\n")


def test_the_progress_bar_shows_itself_from_50_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate.run(parse("--games", str(simulate.PROGRESS_AUTO_MIN_GAMES), "--players", "2")) == 0
    assert "100% (50/50)" in capsys.readouterr().err
