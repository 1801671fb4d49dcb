"""Use-cases at the same moment that read a row, then write it or insert it if missing: nothing is lost and
nothing collides. SQLite runs one writer at a time anyway; on PostgreSQL (python -m tests.postgres) these
raced until the units of work took their turns there too."""

from __future__ import annotations

import asyncio

from bot.engine.rules import Rules
from bot.service import GameService, Person, Place
from bot.service.settings import change_setting, rules_for_chat
from bot.storage import Database
from tests.service.helpers import ALICE, BOB

CHAT = -100123


async def test_three_admins_changing_settings_at_once_lose_none_of_the_changes(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")

    async def change(name: str) -> None:
        async with database.unit_of_work() as uow:
            await change_setting(uow, CHAT, name, True)

    await asyncio.gather(*(change(name) for name in ("multi_play", "seven_zero", "force_play")))
    async with database.unit_of_work() as uow:
        assert await rules_for_chat(uow, CHAT) == Rules(multi_play=True, seven_zero=True, force_play=True)


async def test_two_topics_of_a_chat_seen_for_the_first_time_open_lobbies_at_once(
    service: GameService,
) -> None:
    opened = await asyncio.gather(
        service.open_lobby(Place(-7, 11), ALICE, "Forum"),
        service.open_lobby(Place(-7, 12), BOB, "Forum"),
    )
    assert len({outcome.game.id for outcome in opened}) == 2


async def test_a_person_seen_for_the_first_time_joins_two_lobbies_at_once(service: GameService) -> None:
    first = await service.open_lobby(Place(-8), ALICE, "A")
    second = await service.open_lobby(Place(-9), BOB, "B")
    newcomer = Person(4242, "Dave")
    joined = await asyncio.gather(
        service.join(first.game.id, newcomer), service.join(second.game.id, newcomer)
    )
    assert all(newcomer.user_id in outcome.doc.players for outcome in joined)


async def test_the_first_computer_players_join_two_lobbies_at_once(service: GameService) -> None:
    first = await service.open_lobby(Place(-10), ALICE, "A")
    second = await service.open_lobby(Place(-11), BOB, "B")
    added = await asyncio.gather(
        service.add_computer(first.game.id, ALICE.user_id), service.add_computer(second.game.id, BOB.user_id)
    )
    assert all(outcome.doc.computers for outcome in added)
