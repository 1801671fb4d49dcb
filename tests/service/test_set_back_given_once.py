"""A span that gives an outage's time owed with a set-back of the wall clock (bot.tg.downtime `Span.back`)
is given again when its give-back was cut short: a game it reached moves no further, though the clock, set
back as much as the outage lasted, reads the span as lasting 0 ms."""

from __future__ import annotations

from bot.service import GameService
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, GROUP

SET_BACK_MS = 2 * 60 * 60 * 1000


async def test_a_set_back_as_long_as_the_outage_it_came_with_moves_a_game_back_once(
    service: GameService, clock: ManualClock
) -> None:
    opened = await service.open_lobby(GROUP, ALICE, "Friends")
    await service.join(opened.game.id, BOB)
    started = await service.start(opened.game.id, ALICE.user_id, is_admin=False)
    since = clock()
    clock.advance(SET_BACK_MS)  # nobody could see the table: owed
    clock.advance(-SET_BACK_MS)  # then the wall clock went back as much: the span lasted 0 ms on it
    given = await service.give_time_back(opened.game.id, since, 0, -SET_BACK_MS)
    assert given is not None
    assert given.doc.started_ms == started.doc.started_ms - SET_BACK_MS
    # cut short (a crash, the database out again): given again to every game, this one too
    again = await service.give_time_back(opened.game.id, since, 0, -SET_BACK_MS)
    assert again is None
    loaded = await service.load(opened.game.id)
    assert loaded is not None
    assert loaded[1] == given.doc
