"""A private chat's own command menu, set in the background in the language its person chose with /lang
(bot.tg.command_menus `OwnMenus`): a write that failed stops no later one (session 59's list: an error that
was no Telegram's ended the writing, and the choices after it waited for the next one)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import pytest
from telegram import Bot

from bot.i18n import Translator
from bot.tg.command_menus import OwnMenus, own_menu_fingerprint
from tests.fake_bot_api import ApiError, FakeClock, FakeTelegram, User, asgi_request, base_url
from tests.fake_bot_api.errors import bad_request

HELP = {language: Translator().t(language, "command-help") for language in ("en", "ru")}


class KeptMenus(dict[int, str]):
    """The fingerprints written down of the menus set (users.own_menu), by person."""

    async def __call__(self, user_id: int, fingerprint: str) -> None:
        self[user_id] = fingerprint


class Background:
    """The runtime's spawn as the tests see it: the work it was given, to wait for on the fake's clock."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.tasks: list[asyncio.Task[None]] = []

    def __call__(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self.tasks.append(task)
        return task

    async def done(self) -> None:
        # (a task's failure is the runtime's to log: not raised here)
        await self.clock.run(asyncio.wait(self.tasks))


@pytest.fixture
def background(clock: FakeClock) -> Background:
    return Background(clock)


@pytest.fixture
def kept() -> KeptMenus:
    return KeptMenus()


@pytest.fixture
def menus(background: Background, kept: KeptMenus, clock: FakeClock) -> OwnMenus:
    return OwnMenus(Translator(), background, kept, sleep=clock.sleep)


def _own_help(fake: FakeTelegram, user: User) -> str | None:
    return fake.menu_for(user, "all_private_chats").get("help")


class AnswerUnread(Bot):
    """A real bot whose first setMyCommands fails with an error of no Telegram's once the call went out, as
    a bug reading Telegram's answer, or in a rate limiter around the call, would."""

    def __init__(self, fake: FakeTelegram) -> None:
        super().__init__(fake.token, base_url=base_url("http://fake-telegram"), request=asgi_request(fake))
        self._failed = False

    async def set_my_commands(self, *args: Any, **kwargs: Any) -> bool:
        done = await super().set_my_commands(*args, **kwargs)
        if not self._failed:
            self._failed = True
            raise RuntimeError("the answer could not be read")
        return done


async def _english_chosen_as_russian_goes(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background, failure: ApiError | None = None
) -> User:
    """Hans chose Russian, and as its menu was on its way, English; the fake Bot API answered the Russian
    write with `failure`, if any."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    on_its_way, go = asyncio.Event(), asyncio.Event()

    async def held_once(method: str, chat_id: str | None) -> None:
        if method == "setMyCommands" and not on_its_way.is_set():
            on_its_way.set()
            await go.wait()
            if failure is not None:
                raise failure

    fake.transit = held_once
    menus.chosen(hans.id, "ru")
    menus.write(bot, hans.id)
    await on_its_way.wait()
    menus.chosen(hans.id, "en")
    menus.write(bot, hans.id)
    go.set()
    await background.done()
    return hans


async def test_a_write_failing_with_no_telegram_error_is_logged_and_the_next_choice_written(
    fake: FakeTelegram, menus: OwnMenus, background: Background, caplog: pytest.LogCaptureFixture
) -> None:
    """The Russian write raised an error of no Telegram's: the writing ended with it, and English, chosen
    meanwhile, was left unset until Hans's next choice."""
    async with AnswerUnread(fake) as bot:
        hans = await _english_chosen_as_russian_goes(bot, fake, menus, background)
    assert _own_help(fake, hans) == HELP["en"]
    failed = [record for record in caplog.records if record.levelno == logging.ERROR]
    assert len(failed) == 1 and failed[0].exc_info is not None  # logged with the exception
    assert "the answer could not be read" in str(failed[0].exc_info[1])


async def test_a_write_telegram_refused_is_logged_and_the_next_choice_written(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background, caplog: pytest.LogCaptureFixture
) -> None:
    hans = await _english_chosen_as_russian_goes(bot, fake, menus, background, bad_request("no such scope"))
    assert _own_help(fake, hans) == HELP["en"]
    assert any("No such scope" in record.getMessage() for record in caplog.records)


async def test_a_write_failing_for_a_moment_is_tried_again(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background
) -> None:
    """Telegram answered a setMyCommands with a 500 once: the choice was logged and dropped, the menu left in
    the language before until the person's next choice."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    fake.fail_next("setMyCommands", ApiError(500, "Internal Server Error"))
    menus.chosen(hans.id, "ru")
    menus.write(bot, hans.id)
    await background.done()
    assert _own_help(fake, hans) == HELP["ru"]


async def test_a_menu_set_is_written_down_and_one_refused_is_not(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background, kept: KeptMenus
) -> None:
    """(session 61's review) What a Start reads of the menu set (users.own_menu): none for a write Telegram
    refused, so that the next Start sets it; the fingerprint of the language set once it took."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    fake.fail_next("setMyCommands", bad_request("no such scope"))
    menus.chosen(hans.id, "ru")
    menus.write(bot, hans.id)
    await background.done()
    assert kept == {}
    menus.chosen(hans.id, "ru")
    menus.write(bot, hans.id)
    await background.done()
    assert kept == {hans.id: own_menu_fingerprint(bot, Translator(), "ru")}


async def test_a_start_sets_the_menu_where_this_bot_did_not_set_it_as_it_reads_now(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background, kept: KeptMenus
) -> None:
    """(session 61's review) Hans's Start: nothing where the menu written down is this bot's Russian one; his
    Russian menu set where it is another's (a new token on the same database), and written down."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    menus.started(bot, hans.id, "ru", own_menu_fingerprint(bot, Translator(), "ru"))
    assert background.tasks == []  # no write set out
    menus.started(bot, hans.id, "ru", "another bot's")
    await background.done()
    assert _own_help(fake, hans) == HELP["ru"]
    assert kept == {hans.id: own_menu_fingerprint(bot, Translator(), "ru")}


@pytest.mark.parametrize("on_its_way", ["chosen", "being set"])
async def test_a_start_as_a_choice_is_on_its_way_leaves_the_choice_to_its_own_write(
    bot: Bot, fake: FakeTelegram, menus: OwnMenus, background: Background, on_its_way: str
) -> None:
    """(session 61) Hans chose Russian, and pressed Start as its menu was on its way (chosen, not written
    yet; or being set): the Start read English, his language before, and must not set it after Russian."""
    hans = fake.add_user("Hans", language_code="de", started_bot=True)
    held, go = asyncio.Event(), asyncio.Event()

    async def held_once(method: str, chat_id: str | None) -> None:
        if method == "setMyCommands" and not held.is_set():
            held.set()
            await go.wait()

    fake.transit = held_once
    menus.chosen(hans.id, "ru")
    if on_its_way == "being set":
        menus.write(bot, hans.id)
        await held.wait()
    menus.started(bot, hans.id, "en", None)
    menus.write(bot, hans.id)
    go.set()
    await background.done()
    assert _own_help(fake, hans) == HELP["ru"]
