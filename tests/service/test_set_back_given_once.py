"""A span that gives an outage's time owed with a set-back of the wall clock (bot.tg.downtime `Span.back`)
is given again when its give-back was cut short: a game it reached moves no further, though the clock, set
back as much as the outage lasted, reads the span as lasting 0 ms; with one more set-back in it (the clock
set back again meanwhile), the bot's start moves back by that one too."""

from __future__ import annotations

import itertools

import pytest

from bot.engine.rules import Rules
from bot.service import GameService
from bot.service.stop_rules import ABANDONED_MS, IDLE_WARNING_MS
from bot.storage import Database
from tests.service.conftest import ManualClock
from tests.service.helpers import ALICE, BOB, GROUP, set_chat_rules

SET_BACK_MS = 2 * 60 * 60 * 1000
MINUTE = 60_000


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


@pytest.mark.parametrize(
    "set_backs",
    [
        # the same span given again, the clock set back once more (before: begun as the first's, it moved the
        # bot's start back no more)
        ((0, 10 * MINUTE), (0, 20 * MINUTE)),
        ((0, 10 * MINUTE), (-5 * MINUTE, 10 * MINUTE)),  # two spans of their own, the second after the first
    ],
    ids=["a-span-given-again", "two-spans"],
)
async def test_the_bots_start_moves_back_by_each_set_back(
    service: GameService, database: Database, clock: ManualClock, set_backs: tuple[tuple[int, int], ...]
) -> None:
    """No turn timer: a match nobody moves in is warned IDLE_WARNING_MS before its idle hour ends, counted
    from its last move or the bot's start, whichever came later. Started 30 minutes after the deal, the bot
    has the clock set back 10 minutes, then 10 more: its start goes back 20 minutes."""
    await set_chat_rules(database, GROUP.chat_id, Rules(target_score=100, turn_seconds=0))
    opened = await service.open_lobby(GROUP, ALICE, "Friends")
    await service.join(opened.game.id, BOB)
    await service.start(opened.game.id, ALICE.user_id, is_admin=False)
    dealt = clock()
    clock.advance(30 * MINUTE)
    seeds = itertools.count(7)
    restarted = GameService(database, clock, lambda: next(seeds), clock)  # the bot's start: 30 minutes on
    now = clock()
    for at, ms in set_backs:
        restarted.clock_set_back(now + at, ms)
    loaded = await restarted.load(opened.game.id)
    assert loaded is not None
    assert restarted.deadline(*loaded) == dealt + 10 * MINUTE + ABANDONED_MS - IDLE_WARNING_MS
