"""A group's settings menu follows the chat's matches: as one starts it says that changes wait for the next
match, and once it ends (won, stopped) it no longer says a match is running, without anyone pressing it. A
screen that says nothing of a match is not written to."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.tg import settings_context
from bot.tg.callback_data import Action
from bot.tg.settings_context import DEPS_KEY
from tests.e2e.harness import Bot, World, press_action, standing_still
from tests.e2e.matches import ONE_ROUND, deal_short_matches, gather, play_until_over, stop, use_quick_rules
from tests.e2e.test_two_admins_settings import _set
from tests.fake_bot_api import FakeTelegram

RUNNING = "A match is running: changes apply from the next match."


@pytest.mark.parametrize("end", ["stopped", "won"])
async def test_the_menu_no_longer_says_a_match_is_running_once_it_ended(
    world: World, fake: FakeTelegram, end: str
) -> None:
    """(session 56) After /stop the menu still read "Current match: Official rules / Next match: House rules /
    A match is running: changes apply from the next match." until someone pressed it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        assert RUNNING not in (menu.text or "")
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        assert f"\n{RUNNING}\n" in (menu.text or ""), menu.text  # as the match started, unpressed
        fake.user_presses(alice, menu, "House rules")
        await bot.deliver()
        assert "Current match: Official rules" in (menu.text or ""), menu.text
        if end == "stopped":
            await stop(bot, fake, group, alice)
        else:
            await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        text = menu.text or ""
        assert "Now: House rules" in text and RUNNING not in text and "Current match" not in text, text


async def test_a_menu_on_a_screen_that_says_nothing_of_matches_is_not_written_to(
    world: World, fake: FakeTelegram
) -> None:
    """The language screen reads the same whether a match runs: its start and end cost the group no edit."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        fake.user_presses(alice, menu, next(t for row in menu.button_texts for t in row if "🌐" in t))
        await bot.deliver()
        edits = _edits_of(fake, menu.message_id)
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        await stop(bot, fake, group, alice)
        assert _edits_of(fake, menu.message_id) == edits


def _edits_of(fake: FakeTelegram, message_id: int) -> int:
    return sum(int(call.params["message_id"]) == message_id for call in fake.calls_to("editMessageText"))


async def test_a_menu_posted_before_a_restart_follows_the_match_begun_after_it(
    world: World, fake: FakeTelegram
) -> None:
    """(session 56) Which screen a menu showed was kept in memory only: after a restart the match started read
    no word of it on the menu until someone pressed it. It is written down with the menu."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        fake.user_presses(alice, menu, "⏱ Timing")
        await bot.deliver()
    async with world.running() as bot:
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        text = menu.text or ""
        assert text.startswith("⏱ Timing") and f"\n{RUNNING}\n" in text, text


async def test_a_menu_turned_to_another_screen_as_a_match_start_redraws_it_stays_there(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 58) The match start's redraw took the menu's screen (its home), then read the
    settings; Alice turned the menu to Timing meanwhile, and the redraw drew it back to the home screen, her
    press undone (a typed change's redraw alike). Her press waits for the redraw, and draws after it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        with _redraw_reading_held(bot) as (reading, go):
            press_action(fake, alice, lobby, Action.START)
            await bot.clock.run(asyncio.gather(*await bot.handed()))
            await standing_still(_set(reading), "the match start's redraw reading the settings")
            fake.user_presses(alice, menu, "⏱ Timing")
            pressing = await bot.handed()
            with _drawn_or_waiting(bot, pressing) as drawn_or_waiting:
                await standing_still(drawn_or_waiting, "her press drawn, or waiting to be")
            go.set()
            await bot.clock.run(asyncio.gather(*pressing))
            await bot.settle()
        text = menu.text or ""
        assert text.startswith("⏱ Timing") and f"\n{RUNNING}\n" in text, text


@contextmanager
def _drawn_or_waiting(
    bot: Bot, pressing: list[asyncio.Future[None]]
) -> Iterator[Callable[[], Awaitable[bool]]]:
    """Whether the press is handled, or has asked to draw the chat's menu (`OpenMenus.drawing`), which the
    redraw drawing it now holds."""
    open_menus = bot.app.bot_data[DEPS_KEY].open_menus
    drawing, asked = open_menus.drawing, asyncio.Event()

    def asking(chat_id: int) -> asyncio.Lock:
        asked.set()
        return drawing(chat_id)

    async def drawn_or_waiting() -> bool:
        return asked.is_set() or all(press.done() for press in pressing)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(open_menus, "drawing", asking)
        yield drawn_or_waiting


@contextmanager
def _redraw_reading_held(bot: Bot) -> Iterator[tuple[asyncio.Event, asyncio.Event]]:
    """The open menu's redraw (bot.tg.settings_context) reads the chat's settings only when the test sets the
    second event (the first is set as it begins to)."""
    read = settings_context.menu_state
    reading, go = asyncio.Event(), asyncio.Event()

    async def held(*args: Any, **kwargs: Any) -> Any:
        reading.set()
        await go.wait()
        return await read(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(settings_context, "menu_state", held)
        yield reading, go
