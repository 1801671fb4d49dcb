"""OwnMenus.set_again: the private chats' own menus set again in a new version's wording, one at a time as
the pacer lets them, and never over a choice made meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from typing import Any

from telegram import Bot

from bot.i18n import Language, Translator
from bot.tg.command_menus import OwnMenus
from tests.fake_bot_api import FakeTelegram

HELP_IN = {language: Translator().t(language, "command-help") for language in ("en", "ru")}


class Spawned:
    def __init__(self) -> None:
        self.tasks: list[asyncio.Task[Any]] = []

    def __call__(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.create_task(work)
        self.tasks.append(task)
        return task


async def _always() -> bool:
    return True


async def test_a_choice_made_as_the_menus_are_set_again_is_not_overwritten(
    bot: Bot, fake: FakeTelegram
) -> None:
    """Hans chose Russian in an earlier run, read so; before his turn comes he chooses English, and its menu
    is set: the Russian read before must not be set over it."""
    hans, ann = fake.add_user("Hans", language_code="de"), fake.add_user("Ann", language_code="de")
    spawned = Spawned()
    menus = OwnMenus(Translator(), spawned)

    async def read() -> AsyncIterator[tuple[int, Language]]:
        yield ann.id, "ru"
        menus.chosen(hans.id, "en")  # stored after the read below was made
        menus.write(bot, hans.id)
        await asyncio.gather(*spawned.tasks)
        yield hans.id, "ru"

    assert await menus.set_again(bot, read(), _always) == 1
    assert fake.menu_for(ann, "all_private_chats")["help"] == HELP_IN["ru"]
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["en"]


async def read_one(user_id: int, language: Language) -> AsyncIterator[tuple[int, Language]]:
    yield user_id, language


async def test_a_stop_ends_it_untold_done(bot: Bot, fake: FakeTelegram) -> None:
    hans = fake.add_user("Hans", language_code="de")
    menus = OwnMenus(Translator(), Spawned())

    async def stopping() -> bool:
        return False

    assert await menus.set_again(bot, read_one(hans.id, "ru"), stopping) is None
    assert fake.calls_to("setMyCommands") == []


async def test_a_choice_made_while_waiting_for_the_turn_is_not_overwritten(
    bot: Bot, fake: FakeTelegram
) -> None:
    """Hans, read as Russian, chooses English while his menu waits for the pacer's turn, and its menu is set:
    the Russian read before his choice must not be set after it."""
    hans = fake.add_user("Hans", language_code="de")
    spawned = Spawned()
    menus = OwnMenus(Translator(), spawned)

    async def turn_while_he_chooses() -> bool:
        menus.chosen(hans.id, "en")
        menus.write(bot, hans.id)
        await asyncio.gather(*spawned.tasks)
        return True

    assert await menus.set_again(bot, read_one(hans.id, "ru"), turn_while_he_chooses) == 0
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["en"]
