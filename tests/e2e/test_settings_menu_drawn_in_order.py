"""A group's settings menu is drawn in the order the settings were read (bot.tg.settings_open
OpenMenus.drawing): a press drawing it while a match's start (or a typed change) redraws it, or two changes
pressed at once, never leave it showing what another one undid."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

from bot.tg import settings_context, settings_presses
from bot.tg.callback_data import Action
from bot.tg.settings_context import DEPS_KEY
from tests.e2e.harness import Bot, World, press_action, standing_still
from tests.e2e.matches import gather
from tests.e2e.test_settings_menu_follows_matches import RUNNING
from tests.e2e.test_two_admins_settings import _opened, _set, _two_admins
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.model import Message, User


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
        with _held_once_done(settings_context, "menu_state") as (read, go):
            press_action(fake, alice, lobby, Action.START)
            await bot.clock.run(asyncio.gather(*await bot.handed()))
            await standing_still(_set(read), "the match start's redraw read the settings")
            fake.user_presses(alice, menu, "⏱ Timing")
            pressing = await bot.handed()
            with _drawn_or_waiting(bot, pressing) as drawn_or_waiting:
                await standing_still(drawn_or_waiting, "her press drawn, or waiting to be")
            go.set()
            await bot.clock.run(asyncio.gather(*pressing))
            await bot.settle()
        text = menu.text or ""
        assert text.startswith("⏱ Timing") and f"\n{RUNNING}\n" in text, text


async def test_a_toggle_pressed_as_a_match_start_redraws_the_menu_shows_on_it(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 58) The match start's redraw read the settings before Alice's 7-0 was saved, and drew
    the menu from them after her press had drawn it: 7-0 read off while it was on. The redraw holds the
    chat's turn to draw (`OpenMenus.drawing`) from its reading to its edit: her press draws after it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        fake.user_presses(alice, menu, "▶️ Play")
        await bot.deliver()
        with _held_once_done(settings_context, "menu_state") as (read, go):
            press_action(fake, alice, lobby, Action.START)
            await bot.clock.run(asyncio.gather(*await bot.handed()))
            await standing_still(_set(read), "the match start's redraw read the settings")
            fake.user_presses(alice, menu, "▫️ 7-0: off")
            pressing = await bot.handed()
            with _drawn_or_waiting(bot, pressing) as drawn_or_waiting:
                await standing_still(drawn_or_waiting, "her press drawn, or waiting to be")
            go.set()
            await bot.clock.run(asyncio.gather(*pressing))
            await bot.settle()
        assert "✅ 7-0: on" in [text for row in menu.button_texts for text in row], menu.button_texts


@contextmanager
def _drawn_or_waiting(
    bot: Bot, pressing: list[asyncio.Future[None]]
) -> Iterator[Callable[[], Awaitable[bool]]]:
    """Whether the press is handled, or waits for its turn to draw the chat's menu (`OpenMenus.drawing`),
    which another drawing it holds."""
    open_menus = bot.app.bot_data[DEPS_KEY].open_menus
    drawing, waits = open_menus.drawing, asyncio.Event()

    def asking(chat_id: int) -> asyncio.Lock:
        turn = drawing(chat_id)
        if turn.locked():
            waits.set()
        return turn

    async def drawn_or_waiting() -> bool:
        return waits.is_set() or all(press.done() for press in pressing)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(open_menus, "drawing", asking)
        yield drawn_or_waiting


@contextmanager
def _held_once_done(
    owner: ModuleType, name: str, first_only: bool = False
) -> Iterator[tuple[asyncio.Event, asyncio.Event]]:
    """`owner.name` (the settings read by the redraw, bot.tg.settings_context, or by a screen press,
    bot.tg.settings_presses; a change stored, settings_context.apply_choice) goes on once done only when the
    test sets the second event (the first is set once it is done); `first_only`: its first call alone."""
    call = getattr(owner, name)
    done, go = asyncio.Event(), asyncio.Event()

    async def held(*args: Any, **kwargs: Any) -> Any:
        result = await call(*args, **kwargs)
        if not (first_only and done.is_set()):
            done.set()
            await go.wait()
        return result

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(owner, name, held)
        yield done, go


async def test_two_toggles_pressed_at_once_show_both_whichever_press_is_answered_last(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 58) Alice's 7-0 and Bob's Multi-play, both saved: each press drew the menu from the
    settings as its own change left them, once its toast was answered, and Alice's, answered last, drew
    Multi-play off again over Bob's. The menu is drawn in the order the settings were read."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, menu, "▶️ Play")
        await bot.deliver()
        answering, answered = asyncio.Event(), asyncio.Event()

        async def hold_her_toast(method: str, chat_id: str | None) -> None:
            if method == "answerCallbackQuery" and not answering.is_set():
                answering.set()
                await answered.wait()

        fake.transit = hold_her_toast
        fake.user_presses(alice, menu, "▫️ 7-0: off")
        hers = await bot.handed()
        await standing_still(_set(answering), "her toast on its way")
        fake.user_presses(bob, menu, "▫️ Multi-play: off")
        await bot.clock.run(asyncio.gather(*await bot.handed()))
        answered.set()
        await bot.clock.run(asyncio.gather(*hers))
        await bot.settle()

        buttons = [text for row in menu.button_texts for text in row]
        assert {"✅ 7-0: on", "✅ Multi-play: on"} <= set(buttons), buttons


async def test_a_change_saved_before_another_is_drawn_before_it(world: World, fake: FakeTelegram) -> None:
    """(review, session 58) Alice's 7-0 was saved, the settings read, and her press went on to tell the
    chat's lobbies; Bob's Multi-play was saved and drawn meanwhile, then her press drew the menu from what it
    had read: Multi-play off while it is on. A press holds the chat's turn to draw from its change to its
    edit (`OpenMenus.drawing`): Bob's waits for hers."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, menu, "▶️ Play")
        await bot.deliver()
        with _held_once_done(settings_context, "apply_choice", first_only=True) as held:
            await _his_press_while_hers_is_held(
                bot, fake, held, (alice, bob), menu, ("▫️ 7-0: off", "▫️ Multi-play: off")
            )

        buttons = [text for row in menu.button_texts for text in row]
        assert {"✅ 7-0: on", "✅ Multi-play: on"} <= set(buttons), buttons


async def test_a_screen_pressed_as_another_admin_changes_the_rules_shows_his_change(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 58) Alice's ▶️ Play read the settings, then Bob's House rules was saved and
    drawn, and her screen drew the rules as before his change (7-0 off under House rules). Bob's press waits
    for her screen's drawing, and draws after it."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        with _held_once_done(settings_presses, "menu_state") as held:
            await _his_press_while_hers_is_held(
                bot, fake, held, (alice, bob), menu, ("▶️ Play", "House rules")
            )
        buttons = [text for row in menu.button_texts for text in row]
        assert "▫️ 7-0: off" not in buttons, buttons


async def _his_press_while_hers_is_held(
    bot: Bot,
    fake: FakeTelegram,
    held: tuple[asyncio.Event, asyncio.Event],
    admins: tuple[User, User],
    menu: Message,
    buttons: tuple[str, str],
) -> None:
    """The first admin presses the first button, which `held` holds once done (`_held_once_done`); the second
    presses the second meanwhile, drawn or waiting for the chat's turn to draw; then both go on."""
    (done, go), (her, him), (first, second) = held, admins, buttons
    fake.user_presses(her, menu, first)
    hers = await bot.handed()
    await standing_still(_set(done), "her press held once done")
    fake.user_presses(him, menu, second)
    his = await bot.handed()
    with _drawn_or_waiting(bot, his) as drawn_or_waiting:
        await standing_still(drawn_or_waiting, "his press drawn, or waiting to be")
    go.set()
    await bot.clock.run(asyncio.gather(*hers, *his))
    await bot.settle()
