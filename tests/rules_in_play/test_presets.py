"""A whole match per preset, in English and Russian, with a person and computer players, to the end."""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import select

from bot.engine.rules import preset
from bot.storage import Database
from bot.storage.models import MatchResult
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import play_to_the_end, playing

# The standings' heading (own-hand scoring says more after the word).
STANDINGS = {"en": "\n\nStandings", "ru": "\n\nИтоги"}  # noqa: RUF001


async def _results(world: World, chat_id: int) -> list[MatchResult]:
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            return list(await uow.session.scalars(select(MatchResult).where(MatchResult.chat_id == chat_id)))
    finally:
        await database.dispose()


# Every preset in both languages. Two matches go from 0 points; the others (a 500-point match takes a while
# even on virtual time) start with every player at 400, a round or a few from the end.
FROM_ZERO = {("official", "en"), ("extreme", "ru")}
# Of seeds 1-11 the deals of these ten matches take the fewest moves from 4 up (CPU 12.6 s against 25.6 s
# from the harness's first seed, 11): each still a whole match, from zero or from a head start.
DEALS = 4


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("name", ["official", "house", "extreme", "h2o", "minecraft"])
async def test_a_whole_match_is_played_with_the_chats_preset(
    world: World, fake: FakeTelegram, name: str, language: str
) -> None:
    rules = preset(name)
    world.seeds = itertools.count(DEALS)
    async with playing(world, fake, rules, names=("Alice",), computers=2, language=language) as table:
        if (name, language) not in FROM_ZERO:
            await table.head_start(400)
        _, doc = await table.bot.game(table.group)
        assert doc.state.rules == preset(name) and doc.preset == name
        assert await play_to_the_end(table) > 0
        finale = table.fake.bot_messages_in(table.group)[-1].text or ""
    results = await _results(world, table.group.id)
    assert len(results) == 3 and {r.preset for r in results} == {name}
    assert STANDINGS[language] in finale, finale


async def test_a_mix_of_rules_is_recorded_as_custom(world: World, fake: FakeTelegram) -> None:
    rules = preset("house").changed(multi_play=True, target_score=100)
    async with playing(world, fake, rules, names=("Alice", "Bob")) as table:
        record, doc = await table.bot.game(table.group)
        assert doc.rules == rules and doc.preset == "custom" and record.preset == "custom"
