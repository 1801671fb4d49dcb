"""Placements in the results rows: ties share a place (competition ranking), players who left come last."""

from __future__ import annotations

from bot.engine import preset
from bot.engine.rules import Rules, Scoring
from bot.service.document import GameDocument
from bot.service.results import match_rows
from bot.storage.results import PlayerResult

NOW = 1_700_000_000_000


def _doc(players: tuple[int, ...], rules: Rules) -> GameDocument:
    return GameDocument(
        creator=players[0],
        chat_title="Group",
        rules=rules,
        preset=None,
        players=players,
        names={p: f"P{p}" for p in players},
    )


def _places(rows: list[tuple[PlayerResult, int, int]]) -> dict[int, int]:
    return {row.user_id: row.placement for row, _, _ in rows}


def test_co_winners_share_first_place_and_the_next_place_skips() -> None:
    rules = Rules(scoring=Scoring.OWN_HAND)
    doc = _doc((1, 2, 3, 4), rules)
    totals = {1: 40, 2: 40, 3: 90, 4: 120}
    rows = match_rows(doc, totals, winners=(1, 2), low_wins=True, now=NOW, stopped=False)
    assert _places(rows) == {1: 1, 2: 1, 3: 3, 4: 4}


def test_equal_totals_behind_the_winner_share_a_place_and_leavers_come_last() -> None:
    doc = _doc((1, 2, 3, 4, 5), preset("official"))
    totals = {1: 520, 2: 100, 3: 100, 4: 30}  # 5 left the match
    rows = match_rows(doc, totals, winners=(1,), low_wins=False, now=NOW, stopped=False)
    assert _places(rows) == {1: 1, 2: 2, 3: 2, 4: 4, 5: 5}
    assert [row.user_id for row, _, _ in rows] == [1, 2, 3, 4, 5]
