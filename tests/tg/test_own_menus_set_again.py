"""OwnMenus.set_again: the private chats' own menus set again in a new version's wording, one at a time as
the pacer lets them, and never over a choice made meanwhile."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import pytest
from telegram import Bot

from bot.i18n import Language, Translator
from bot.tg.command_menus import OwnMenus
from tests.fake_bot_api import ApiError, FakeTelegram
from tests.fake_bot_api.errors import forbidden
from tests.tg.test_own_menus import KeptMenus

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
    hans, ann = (
        fake.add_user("Hans", language_code="de", started_bot=True),
        fake.add_user("Ann", language_code="de", started_bot=True),
    )
    spawned = Spawned()
    menus = OwnMenus(Translator(), spawned, KeptMenus())

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
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    menus = OwnMenus(Translator(), Spawned(), KeptMenus())

    async def stopping() -> bool:
        return False

    assert await menus.set_again(bot, read_one(hans.id, "ru"), stopping) is None
    assert fake.calls_to("setMyCommands") == []


async def test_a_choice_made_while_waiting_for_the_turn_is_not_overwritten(
    bot: Bot, fake: FakeTelegram
) -> None:
    """Hans, read as Russian, chooses English while his menu waits for the pacer's turn, and its menu is set:
    the Russian read before his choice must not be set after it."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    spawned = Spawned()
    menus = OwnMenus(Translator(), spawned, KeptMenus())

    async def turn_while_he_chooses() -> bool:
        menus.chosen(hans.id, "en")
        menus.write(bot, hans.id)
        await asyncio.gather(*spawned.tasks)
        return True

    assert await menus.set_again(bot, read_one(hans.id, "ru"), turn_while_he_chooses) == 0
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["en"]


async def _no_wait(seconds: float) -> None:
    pass


async def test_each_try_waits_for_its_turn(bot: Bot, fake: FakeTelegram) -> None:
    """A menu set again is a write Telegram counts at each try: one tried again after a 500 waited for the
    bot-wide window's turn once only, and went past the writes waiting for it."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    menus = OwnMenus(Translator(), Spawned(), KeptMenus(), sleep=_no_wait)
    turns = 0

    async def counted() -> bool:
        nonlocal turns
        turns += 1
        return True

    fake.fail_next("setMyCommands", ApiError(500, "Internal Server Error"))
    assert await menus.set_again(bot, read_one(hans.id, "ru"), counted) == 1
    assert len(fake.calls_to("setMyCommands")) == 2 and turns == 2
    assert fake.menu_for(hans, "all_private_chats")["help"] == HELP_IN["ru"]


async def test_a_stop_as_a_try_waits_for_its_turn_leaves_the_menu(bot: Bot, fake: FakeTelegram) -> None:
    """Untold done (None), so that the next start sets it again: it was counted as tried, and the last
    person's menu left so kept the fingerprint as though set (bot.tg.profile_kept.set_own_menus_again)."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    menus = OwnMenus(Translator(), Spawned(), KeptMenus(), sleep=_no_wait)
    turns = iter((True, False))

    async def stopping_after_the_first() -> bool:
        return next(turns)

    fake.fail_next("setMyCommands", ApiError(500, "Internal Server Error"))
    assert await menus.set_again(bot, read_one(hans.id, "ru"), stopping_after_the_first) is None
    assert len(fake.calls_to("setMyCommands")) == 1


async def test_one_who_blocked_the_bot_is_no_warning(
    bot: Bot, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """(Its list of who chose a language leaves out those the bot knows blocked it: not one who blocked it
    as it was stopped.)"""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    menus = OwnMenus(Translator(), Spawned(), KeptMenus())
    fake.fail_next("setMyCommands", forbidden("bot was blocked by the user"))
    with caplog.at_level(logging.INFO, logger="bot.tg.command_menus"):
        assert await menus.set_again(bot, read_one(hans.id, "ru"), _always) == 1
    assert [(r.levelno, "blocked" in r.getMessage()) for r in caplog.records] == [(logging.INFO, True)]
