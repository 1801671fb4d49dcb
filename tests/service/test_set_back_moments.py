"""A wall clock set back during an outage, given with the time an earlier outage left owed: the moments that
say when something happened (a match's start, its round's, a lobby's opening) move back as the clock did and
no more, as a plain give-back leaves them: a match's length counts the time nobody could play, either way."""

from __future__ import annotations

from bot.service import GameService
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, GROUP

OUTAGE_MS = 30_000
SET_BACK_MS = 2 * 60 * 60 * 1000


async def test_a_set_back_given_with_an_outages_time_moves_a_matchs_start_back_by_the_set_back(
    service: GameService, clock: ManualClock
) -> None:
    opened = await service.open_lobby(GROUP, ALICE, "Friends")
    await service.join(opened.game.id, BOB)
    started = await service.start(opened.game.id, ALICE.user_id, is_admin=False)
    clock.advance(10_000)
    since = clock()
    clock.advance(OUTAGE_MS)  # nobody could see the table: owed
    clock.advance(-SET_BACK_MS)  # then the wall clock went back
    given = await service.give_time_back(opened.game.id, since, OUTAGE_MS - SET_BACK_MS, -SET_BACK_MS)
    assert given is not None
    doc, before = given.doc, started.doc
    assert (doc.opened_ms, doc.started_ms, doc.round_started_ms) == (
        before.opened_ms - SET_BACK_MS,
        before.started_ms - SET_BACK_MS,
        before.round_started_ms - SET_BACK_MS,
    )
    assert doc.state.turn_deadline == (before.state.turn_deadline or 0) + OUTAGE_MS - SET_BACK_MS
