"""The results rows: ties share a place (competition ranking), players who left come last, and the points the
boards add up are points where more is better."""

from __future__ import annotations

import pytest

from bot.engine import preset
from bot.engine.rules import Rules, Scoring
from bot.service import GameService, Person
from bot.service.document import GameDocument
from bot.service.leaderboards import Ordering, leaderboard
from bot.service.results import match_rows
from bot.storage import Database, GameStatus
from bot.storage.results import PlayerResult
from bot.storage.types import utc_now
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, CAROL, GROUP, set_chat_rules, step
from tests.stored_results import stored_matches

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


# ---- through the service: whole matches on the real database ---------------------------------------------


async def _play_out(
    service: GameService, database: Database, clock: ManualClock, rules: Rules, leaver: Person | None = None
) -> tuple[int, GameDocument]:
    """Alice, Bob (and Carol) play a match to its end; `leaver` walks out right after the deal."""
    await set_chat_rules(database, GROUP.chat_id, rules)
    game_id = (await service.open_lobby(GROUP, ALICE, "Friends")).game.id
    for person in (BOB, CAROL) if leaver is not None else (BOB,):
        await service.join(game_id, person)
    doc = (await service.start(game_id, ALICE.user_id, is_admin=False)).doc
    if leaver is not None:
        doc = (await service.leave(game_id, leaver.user_id)).doc
    for _ in range(20_000):
        clock.advance(1500)
        outcome = await step(service, clock, game_id, doc)
        doc = outcome.doc
        if outcome.game.status is GameStatus.FINISHED:
            return game_id, doc
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("scoring", "penalties"),
    [(Scoring.WINNER_TAKES, False), (Scoring.OWN_HAND, True)],
)
async def test_the_points_boards_add_up_only_points_where_more_is_better(
    service: GameService, database: Database, clock: ManualClock, scoring: Scoring, penalties: bool
) -> None:
    game_id, doc = await _play_out(service, database, clock, Rules(scoring=scoring, target_score=100))
    winner = doc.state.winners[0]
    async with database.unit_of_work() as uow:
        stored = {row.user_id: row.points for row in await stored_matches(uow, game_id)}
        board = await leaderboard(uow.session, GROUP.chat_id, Ordering.POINTS, now=utc_now())
    # Own-hand totals are penalty points (the match's loser has the most): they must not top a Points board.
    expected = {player: 0 if penalties else total for player, total in doc.state.scores.items()}
    assert stored == expected
    assert board.entries[0].user_id == winner


@pytest.mark.parametrize("scoring", [Scoring.WINNER_TAKES, Scoring.OWN_HAND])
async def test_a_player_who_left_the_match_is_placed_last_without_points(
    service: GameService, database: Database, clock: ManualClock, scoring: Scoring
) -> None:
    game_id, _ = await _play_out(
        service, database, clock, Rules(scoring=scoring, target_score=100), leaver=CAROL
    )
    async with database.unit_of_work() as uow:
        rows = {row.user_id: row for row in await stored_matches(uow, game_id)}
    assert (rows[CAROL.user_id].placement, rows[CAROL.user_id].points) == (3, 0)
    ratings = {user: row.rating_after or 0.0 for user, row in rows.items()}
    assert min(ratings, key=ratings.__getitem__) == CAROL.user_id  # all began equal: she lost the most
