"""A give-back of time cut short: the bot goes (a stop, a crash) as it has given the first of the active games
their time and the second's is under way."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Outcome
from tests.e2e.harness import Bot


def second_give_back_hangs(bot: Bot, monkeypatch: pytest.MonkeyPatch) -> asyncio.Event:
    """The first game given its time as usual, the second's give-back hangs until the bot goes (cancelled);
    the event is set once the second's is under way."""
    giving, given, second_under_way = bot.rt.service.give_time_back, [], asyncio.Event()

    async def the_second_under_way(game_id: int, since: int, lost: int, back: int = 0) -> Outcome | None:
        if given:
            second_under_way.set()
            await asyncio.Event().wait()  # cancelled as the bot goes
        given.append(game_id)
        return await giving(game_id, since, lost, back)

    monkeypatch.setattr(bot.rt.service, "give_time_back", the_second_under_way)
    return second_under_way
