"""Two admins with /settings at once (session 56's transcript): the group has one menu, a newer one replacing
the one before; a press on the menu replaced, or closed with Done, that reaches the bot after it went changes
nothing, since no menu would show the change."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.engine.rules import Rules, preset
from bot.service.settings import chat_language, rules_for_chat
from bot.tg import settings_presses
from bot.tg.fleeting import ANSWER_SECONDS
from bot.tg.pacing import Render
from bot.tg.repeats import REFUSAL_QUIET_MS
from bot.tg.settings_admins import RECHECK_SECONDS
from bot.tg.settings_changes import menu_state
from bot.tg.settings_context import DEPS_KEY
from bot.tg.settings_layout import ItemKind, drawn_from, item_for, set_data
from bot.tg.settings_menu import MenuState
from bot.tg.settings_open import MENU_KIND
from tests.e2e.harness import Bot, World, held_at_the_game, standing_still
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.fake_bot_api.model import Chat, Message, User

REPEAT_SECONDS = REFUSAL_QUIET_MS / 1000 + 1
STALE = "This message is out of date: send /settings to open it again."
# a press on a menu another has replaced: /settings would close the newer one, under the admin using it
REPLACED = "This menu is closed: a newer one is open in this chat."
ADMINS_ONLY = "Only chat admins can use these buttons. To read the rules, send /rules."
_TURN_TIME = ("⏱ Timing", "Turn time: 60 seconds ›")  # noqa: RUF001


def _two_admins(fake: FakeTelegram) -> tuple[User, User, Chat]:
    """Alice, who made the group Friends, and Bob, an admin of it."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    fake.make_admin(bob, group)
    return alice, bob, group


async def _opened(bot: Bot, fake: FakeTelegram, admin: User, group: Chat, *screens: str) -> Message:
    """The menu `admin`'s /settings posts, pressed on to `screens`."""
    fake.user_sends(admin, group, "/settings")
    await bot.deliver()
    menu = fake.last_bot_message(group)
    for screen in screens:
        fake.user_presses(admin, menu, screen)
        await bot.deliver()
    return menu


@pytest.mark.parametrize("gone", ["replaced", "done"])
async def test_a_press_on_a_menu_gone_meanwhile_changes_nothing(
    world: World, fake: FakeTelegram, gone: str
) -> None:
    """Alice pressed House rules as Bob's /settings replaced her menu (or as he pressed its Done): her press
    reached the bot after the menu was deleted. It was saved ("Saved.") with no menu to show it: Bob's read
    "Now: Official rules" while the chat played House rules, and a setting typed next redrew Alice's deleted
    menu instead of Bob's. (helper-529) Replaced, she is told a newer menu is open: "send /settings to open
    it again" had her close Bob's, under him."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        late = fake.user_presses(alice, menu, "House rules")
        held = fake.hold_back_updates()
        if gone == "replaced":
            fake.user_sends(bob, group, "/settings")
        else:
            fake.user_presses(bob, menu, "Done")
        await bot.deliver()
        left = fake.messages.get((group.id, menu.message_id))
        assert left is None or not left.buttons  # replaced: it says Bob opened the new one
        fake.hand_over_late(held)
        await bot.deliver()

        assert late.answer_text == (REPLACED if gone == "replaced" else STALE) and late.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("official")
        if gone == "replaced":
            fake.user_sends(bob, group, "/settings house")
            await bot.deliver()
            bobs = fake.bot_messages_in(group)[-2]  # the menu, above the answer to the command
            edited = [int(call.params["message_id"]) for call in fake.calls_to("editMessageText")]
            assert bobs.button_texts[-1] == ["Done"] and edited[-1] == bobs.message_id


@pytest.mark.parametrize("button", ["House rules", "⏱ Timing"], ids=["a-change", "a-screen"])
async def test_a_menu_closed_while_its_pressers_admin_check_waited_stays_closed(
    world: World, fake: FakeTelegram, button: str
) -> None:
    """(review, session 57) Bob's /settings closed Alice's menu while the bot was asking Telegram whether
    she is still an admin, for her press: the menu was taken as the chat's before the ask, so her change was
    saved ("Saved.") on a menu that said it was closed, which her press then drew back as a live one, kept up
    for the menu's ten minutes (a screen she opened alike)."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        await bot.tick(RECHECK_SECONDS + 1)  # (a screen's press asks again only then)
        asked, answered = asyncio.Event(), asyncio.Event()

        async def hold_her_check(method: str, chat_id: str | None) -> None:
            if method == "getChatMember" and not asked.is_set():
                asked.set()
                await answered.wait()

        fake.transit = hold_her_check
        pressed = fake.user_presses(alice, menu, button)
        pressing = await bot.handed()
        await standing_still(_set(asked), "her admin check on its way")
        fake.user_sends(bob, group, "/settings")
        await bot.deliver()
        answered.set()
        await bot.clock.run(asyncio.gather(*pressing))
        await bot.settle()

        assert pressed.answer_text == REPLACED and pressed.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("official")
        assert menu.text == "⚙️ This menu is closed: Bob opened a new one below." and not menu.buttons
        await bot.tick(ANSWER_SECONDS)
        assert (group.id, menu.message_id) not in fake.messages


async def test_a_menu_closed_while_a_pressed_screens_settings_were_read_stays_closed(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 58) Bob's /settings closed Alice's menu while her press on "⏱ Timing" read the
    chat's settings: she is told the menu is out of date, and it stays closed, as after the admin check."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        reading, read = asyncio.Event(), asyncio.Event()

        async def held_read(*args: Any) -> MenuState:
            reading.set()
            await read.wait()
            return await menu_state(*args)

        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(settings_presses, "menu_state", held_read)
            pressed = fake.user_presses(alice, menu, "⏱ Timing")
            pressing = await bot.handed()
            await standing_still(_set(reading), "her screen's settings read")
            fake.user_sends(bob, group, "/settings")
            opening = await bot.handed()
            # (its redraw once landed waits for her press to draw: OpenMenus.drawing)
            await standing_still(_menu_replaced(bot, group, menu), "Bob's menu landed")
            read.set()
            await bot.clock.run(asyncio.gather(*opening, *pressing))
            await bot.settle()

        assert pressed.answer_text == REPLACED and pressed.show_alert
        assert menu.text == "⚙️ This menu is closed: Bob opened a new one below." and not menu.buttons


@pytest.mark.parametrize(
    ("screens", "button", "rules", "now"),
    [
        ((), "House rules", preset("house"), "Now: House rules ·"),
        (("▶️ Play",), "▫️ 7-0: off", Rules(seven_zero=True), "Now: custom rules (7-0: on) ·"),
    ],
    ids=["preset", "rule"],
)
async def test_a_change_saved_as_another_admins_settings_lands_shows_on_the_new_menu(
    world: World, fake: FakeTelegram, screens: tuple[str, ...], button: str, rules: Rules, now: str
) -> None:
    """(review, session 57) Alice's press was saved while Bob's /settings, which had read the settings before
    it, was landing: her menu, closed by Bob's meanwhile, was drawn back as a live one, and Bob's read "Now:
    Official rules" while the chat played House rules. Bob's menu names no change: her toast says it was
    saved, a rule's too (one shown on her menu pops up none: the screen reads «✅ Saved.»)."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        alices = await _opened(bot, fake, alice, group, *screens)
        posting, posted = _held_menu_post(fake, group)
        fake.user_sends(bob, group, "/settings")
        opening = await bot.handed()
        await standing_still(_set(posting), "Bob's menu on its way")
        with held_at_the_game(bot, "lobbies_take_chat_rules") as (saved, go):
            pressed = fake.user_presses(alice, alices, button)
            pressing = await bot.handed()
            await standing_still(_set(saved), "her change saved")
            posted.set()  # (its redraw once landed waits for her press to draw: OpenMenus.drawing)
            await standing_still(_menu_replaced(bot, group, alices), "Bob's menu landed")
            go.set()
            await bot.clock.run(asyncio.gather(*opening, *pressing))
        await bot.settle()

        assert pressed.answer_text == "Saved."
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == rules
        assert alices.text == "⚙️ This menu is closed: Bob opened a new one below." and not alices.buttons
        bobs = fake.bot_messages_in(group)[-1]
        assert bobs.message_id != alices.message_id and now in (bobs.text or ""), bobs.text


async def test_a_change_saved_while_another_admins_settings_was_on_its_way_shows_on_the_new_menu(
    world: World, fake: FakeTelegram
) -> None:
    """(session 58) Bob's /settings read the settings, then Alice's press was saved, answered and drawn on
    her menu while Bob's was on its way: his landed reading "Now: Official rules" while the chat played
    House rules (and its buttons, drawn from the rules before, refused a press on House rules' own)."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        alices = await _opened(bot, fake, alice, group)
        assert not fake.calls_to("editMessageText")  # (read again as it landed, the same: not drawn again)
        posting, posted = _held_menu_post(fake, group)
        fake.user_sends(bob, group, "/settings")
        opening = await bot.handed()
        await standing_still(_set(posting), "Bob's menu on its way")
        pressed = fake.user_presses(alice, alices, "House rules")
        await bot.clock.run(asyncio.gather(*await bot.handed()))
        assert pressed.answer_text == "Saved."
        posted.set()
        await bot.clock.run(asyncio.gather(*opening))
        await bot.settle()

        bobs = fake.bot_messages_in(group)[-1]
        assert bobs.message_id != alices.message_id and "Now: House rules ·" in (bobs.text or ""), bobs.text
        assert "✅ House rules" in [text for row in bobs.button_texts for text in row], bobs.button_texts


def _held_menu_post(fake: FakeTelegram, group: Chat) -> tuple[asyncio.Event, asyncio.Event]:
    """The group's next message (Bob's menu) held on its way: the first event is set as it leaves the bot,
    the second lets it land."""
    posting, posted = asyncio.Event(), asyncio.Event()

    async def hold_bobs_menu(method: str, chat_id: str | None) -> None:
        if method == "sendMessage" and chat_id == str(group.id) and not posting.is_set():
            posting.set()
            await posted.wait()

    fake.transit = hold_bobs_menu
    return posting, posted


def _menu_replaced(bot: Bot, group: Chat, menu: Message) -> Callable[[], Awaitable[bool]]:
    async def replaced() -> bool:
        return bot.app.bot_data[DEPS_KEY].replies.newest_up(group.id, MENU_KIND) != menu.message_id

    return replaced


def _set(event: asyncio.Event) -> Callable[[], Awaitable[bool]]:
    async def is_set() -> bool:
        return event.is_set()

    return is_set


async def test_a_menu_closed_with_done_in_a_busy_group_is_gone_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 56) The menu closed with Done goes once a flood wait is over (or, in a busy bot,
    after every other write), and meanwhile it counted as up: Alice's /settings sent again was taken as
    answered just above and got nothing, the menu then went, and the group had none; Bob's press on it was
    saved, on a menu about to go, as if it were the chat's."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.fail_next("deleteMessage", too_many_requests(30), chat_id=group.id)
        fake.user_presses(alice, menu, "Done")
        await _handled_standing_still(bot)
        fake.user_sends(alice, group, "/settings")
        await _handled_standing_still(bot)
        assert (group.id, menu.message_id) in fake.messages  # its deletion waits out the flood
        again = fake.last_bot_message(group)
        assert again.message_id != menu.message_id and again.button_texts[-1] == ["Done"]
        pressed = fake.user_presses(bob, menu, "House rules")
        await _handled_standing_still(bot)  # (answered before the flood's half minute would pass)
        await bot.settle()

        assert pressed.answer_text == REPLACED and pressed.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("official")
        assert [(group.id, m.message_id) in fake.messages for m in (menu, again)] == [False, True]


async def _handled_standing_still(bot: Bot) -> None:
    """The pending updates handled, virtual time standing still (the group's writes keep waiting)."""
    handled = await bot.handed()

    async def done() -> bool:
        return all(update.done() for update in handled)

    await standing_still(done, "the updates handled")


@pytest.mark.parametrize("second", ["Bob", "Alice"], ids=["two-admins", "double-tap"])
async def test_of_two_presses_at_once_on_one_menu_the_later_is_told_what_the_setting_is_now(
    world: World, fake: FakeTelegram, second: str
) -> None:
    """(session 56) Alice and Bob pressed two turn times on one menu at once (or Alice tapped two of them in a
    moment): both were answered "Saved." while only the later one's stood."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group, *_TURN_TIME)
        later = bob if second == "Bob" else alice
        queries = {
            seconds: fake.user_presses(presser, menu, f"{seconds} seconds")
            for seconds, presser in ((30, alice), (90, later))
        }
        await bot.deliver_at_once()

        async with bot.rt.database.unit_of_work() as uow:
            stored = (await rules_for_chat(uow, group.id)).turn_seconds
        # (a rule's change saved pops up no toast: the screen it redraws reads «✅ Saved.»)
        saved = [query for query in queries.values() if query.answered and not query.show_alert]
        told = [query for query in queries.values() if query.show_alert]
        assert saved == [queries[stored]] and len(told) == 1, [q.answer_text for q in queries.values()]
        assert told[0].show_alert and told[0].answer_text == (
            "The settings were changed just before your press, so it changed nothing. "
            f"Turn time now: {stored} seconds. Press again if you still want to change it."
        )
        # The menu reads the turn time in force (redrawn by the later press too, where it was made: which of
        # the two edits lands last is the race's), and a press on it now is saved.
        assert f"Turn time: {stored} seconds" in (menu.text or ""), menu.text
        opens = f"Turn time: {stored} seconds ›"  # noqa: RUF001
        if opens in [text for row in menu.button_texts for text in row]:
            fake.user_presses(later, menu, opens)
            await bot.deliver()
        again = fake.user_presses(later, menu, "45 seconds")
        await bot.deliver()
        assert again.answered and not again.show_alert


async def test_a_value_pressed_on_a_screen_drawn_before_another_change_is_shown_there_to_press_again(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 58) Bob's turn time was saved, the menu back on the Timing screen, before
    Alice's press of another on the turn time screen as her phone still showed it: she is told "Press again if
    you still want to change it", and the menu shows the turn time's screen again, where she can."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group, *_TURN_TIME)
        turn_time = item_for(ItemKind.SETTING, "turn_seconds")
        as_she_saw_it = set_data(turn_time, 90, drawn_from(turn_time, Rules(), "en"))
        fake.user_presses(bob, menu, "30 seconds")
        await bot.deliver()
        assert "30 seconds" not in [text for row in menu.button_texts for text in row]  # the Timing screen
        told = fake.user_presses_data(alice, menu, as_she_saw_it)
        await bot.deliver()

        assert told.show_alert and "Turn time now: 30 seconds." in (told.answer_text or "")
        again = fake.user_presses(alice, menu, "90 seconds")
        await bot.deliver()
        assert again.answered and not again.show_alert


async def test_a_rule_and_the_language_pressed_at_once_are_both_saved(
    world: World, fake: FakeTelegram
) -> None:
    """Bob chose Russian on the language screen as Alice pressed a turn time: each button carries what it
    sets only as it was drawn (the language, the rules), so neither press is told the settings changed."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group, *_TURN_TIME)
        language = item_for(ItemKind.LANGUAGE)  # as Bob's screen showed it a moment before
        russian = set_data(language, "ru", drawn_from(language, Rules(), "en"))
        presses = [fake.user_presses_data(bob, menu, russian), fake.user_presses(alice, menu, "90 seconds")]
        await bot.deliver_at_once()

        assert not [press.answer_text for press in presses if press.show_alert]
        async with bot.rt.database.unit_of_work() as uow:
            assert (await rules_for_chat(uow, group.id)).turn_seconds == 90
            assert await chat_language(uow, group.id, "en") == "ru"


@pytest.mark.parametrize("second", ["Bob", "Alice"], ids=["two-admins", "double-tap"])
async def test_two_toggles_pressed_at_once_on_one_menu_are_both_saved(
    world: World, fake: FakeTelegram, second: str
) -> None:
    """(review, session 57) Alice switched 7-0 on and, before the menu redrawn by it reached her phone,
    Multi-play (or Bob did, at the same moment): the second was refused as pressed on a menu out of date,
    about a change of another rule, which the menu it was pressed on showed rightly still."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, menu, "▶️ Play")
        await bot.deliver()
        later = bob if second == "Bob" else alice
        pressed = [
            fake.user_presses(presser, menu, f"▫️ {rule}: off")
            for rule, presser in (("7-0", alice), ("Multi-play", later))
        ]
        await bot.deliver_at_once()

        assert [(q.answered, q.show_alert) for q in pressed] == [(True, False)] * 2
        async with bot.rt.database.unit_of_work() as uow:
            rules = await rules_for_chat(uow, group.id)
        assert rules.seven_zero and rules.multi_play
        buttons = [text for row in menu.button_texts for text in row]
        assert {"✅ 7-0: on", "✅ Multi-play: on"} <= set(buttons), buttons


async def test_a_toggle_pressed_twice_on_one_menu_is_told_what_it_is_now(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 57) Alice's double tap on 7-0: off, the second tap made on the menu as it read before
    the first's redraw reached her phone, switches it on once; the second is told it is on now (it would
    have switched it on again, not off, unseen)."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", creator=alice)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, menu, "▶️ Play")
        await bot.deliver()
        taps = [fake.user_presses(alice, menu, "▫️ 7-0: off") for _ in range(2)]
        await bot.deliver_at_once()

        # (which tap the bot takes first is the race's)
        assert sorted(((q.answer_text, q.show_alert) for q in taps), key=lambda told: told[1]) == [
            (None, False),
            (
                "The settings were changed just before your press, so it changed nothing. "
                "7-0 now: on. Press again if you still want to change it.",
                True,
            ),
        ]
        async with bot.rt.database.unit_of_work() as uow:
            assert (await rules_for_chat(uow, group.id)).seven_zero


async def test_a_value_pressed_on_a_menu_drawn_by_the_bot_before_is_saved(
    world: World, fake: FakeTelegram
) -> None:
    """A menu's button drawn by the bot before its buttons named the settings they were drawn from (game id
    0) is saved as that bot saved it, whatever changed since."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", creator=alice)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, menu, "UNO Extreme")
        await bot.deliver()
        old = fake.user_presses_data(alice, menu, set_data(item_for(ItemKind.PRESET), "house"))
        await bot.deliver()

        assert old.answer_text == "Saved." and not old.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("house")


async def test_a_rule_pressed_on_a_menu_drawn_before_the_language_changed_is_saved(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 57) A rule's or a preset's button carries the rules it was drawn from, not the chat's
    language: Bob's change of the language between Alice's menu drawn and her press on it left the rules she
    saw as they were, and her House rules is saved, not refused as pressed on a menu out of date."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        house = next(b["callback_data"] for row in menu.buttons for b in row if b["text"] == "House rules")
        fake.user_sends(bob, group, "/settings language ru")
        await bot.deliver()
        pressed = fake.user_presses_data(alice, menu, house)
        await bot.deliver()

        assert not pressed.show_alert, pressed.answer_text
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("house")


@pytest.mark.parametrize(
    ("language", "closed"),
    [
        ("en", "⚙️ This menu is closed: Bob opened a new one below."),
        ("ru", "⚙️ Это меню закрыто: ниже новое, его открыл администратор Bob."),  # noqa: RUF001
    ],
)
async def test_another_admins_settings_closes_the_menu_saying_who_opened_the_new_one(
    world: World, fake: FakeTelegram, language: str, closed: str
) -> None:
    """(session 56) Bob's /settings deleted Alice's menu as she browsed its Timing screen, unannounced: she
    was left wondering. It says who opened the new one, where it stood, for as long as an answer lasts. Her
    own /settings, or a menu last pressed by Bob, just goes."""
    alice, bob = fake.add_user("Alice", language_code=language), fake.add_user("Bob", language_code=language)
    group = fake.add_group("Friends", members=[bob], creator=alice)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        alices = await _opened(bot, fake, alice, group)
        fake.user_presses(alice, alices, alices.button_texts[-3][0])  # a topic's screen
        await bot.deliver()
        bobs = await _opened(bot, fake, bob, group)

        assert bobs.message_id != alices.message_id and bobs.button_texts
        assert alices.text == closed and not alices.buttons
        assert (group.id, alices.message_id) in fake.messages  # up, saying so, not deleted at once
        # A redraw that took Alice's for the open menu just before Bob's landed (a match begun, a typed
        # change, reading the settings meanwhile) leaves it closed: it drew her menu back, buttons and all.
        replies = bot.app.bot_data[DEPS_KEY].replies
        assert not replies.redraw(group.id, alices.message_id, Render("⚙️ Settings"), None)
        fake.user_presses(alice, bobs, bobs.button_texts[-3][0])  # Alice goes on on Bob's
        await bot.deliver()
        await bot.tick(REPEAT_SECONDS)  # (asked again sooner, the menu up is just above)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        assert (group.id, bobs.message_id) not in fake.messages  # last pressed by Alice: it goes at once
        assert alices.text == closed and (group.id, alices.message_id) in fake.messages
        await bot.tick(ANSWER_SECONDS - REPEAT_SECONDS)
        assert (group.id, alices.message_id) not in fake.messages


async def test_a_menu_another_admin_replaced_from_another_topic_says_where_the_new_one_is(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 57) A forum's menu is the whole chat's: Bob's /settings in another topic closed
    Alice's saying a new one was "below", where there was none to find."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    forum = fake.add_group("Club", members=[bob], creator=alice, forum=True)
    fake.make_admin(bob, forum)
    room1, room2 = fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/settings", thread_id=room1)
        await bot.deliver()
        alices = fake.last_bot_message(forum)
        fake.user_sends(bob, forum, "/settings", thread_id=room2)
        await bot.deliver()

        assert alices.text == "⚙️ This menu is closed: Bob opened a new one in another topic.", alices.text
        assert fake.last_bot_message(forum).button_texts[-1] == ["Done"]


async def test_a_menu_closed_by_another_admins_is_no_menu_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's menu, closed by Bob's /settings, says so until it goes; Bob closed his with Done, and the bot
    restarted: a change typed then has no menu to redraw, not hers drawn as a menu again."""
    alice, bob, group = _two_admins(fake)
    async with world.running() as bot:
        alices = await _opened(bot, fake, alice, group)
        fake.user_sends(bob, group, "/settings")
        await bot.deliver()
        fake.user_presses(bob, fake.last_bot_message(group), "Done")
        await bot.deliver()
        closed = alices.text
        assert closed == "⚙️ This menu is closed: Bob opened a new one below.", closed
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings turn_seconds 90")
        await bot.deliver()
        assert alices.text == closed and (group.id, alices.message_id) in fake.messages


async def test_a_menu_closed_by_an_admin_of_a_long_name_holds_it_on_one_line(
    world: World, fake: FakeTelegram
) -> None:
    """(session 62's transcript) «новое открыл администратор Александра Конс…» wrapped inside the name on a
    narrow phone, its «Конс…» read on the next line as someone else: the name is held, as every screen holds
    it, and escaped once."""
    alice = fake.add_user("Alice", language_code="ru")
    sasha = fake.add_user("Александра <Константинопольская>", language_code="ru")
    forum = fake.add_group("Клуб", members=[sasha], creator=alice, forum=True)
    fake.make_admin(sasha, forum)
    room1, room2 = fake.add_topic(forum, "Room 1"), fake.add_topic(forum, "Room 2")
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/settings", thread_id=room1)
        await bot.deliver()
        alices = fake.last_bot_message(forum)
        fake.user_sends(sasha, forum, "/settings", thread_id=room2)
        await bot.deliver()

        name = "Александра\u00a0<Кон…"
        assert alices.text == f"⚙️ Это меню закрыто: новое открыл администратор {name} в другой теме."


async def test_a_members_press_on_a_menu_replaced_meanwhile_says_only_admins_press_it(
    world: World, fake: FakeTelegram
) -> None:
    """(session 62's transcript) Carol, no admin, pressed Alice's menu as Alice's /settings replaced it: told
    "a newer one is open in this chat", she pressed that one, to be told only admins may. She is told so
    at once."""
    alice, carol = fake.add_user("Alice"), fake.add_user("Carol")
    group = fake.add_group("Friends", members=[carol], creator=alice)
    async with world.running() as bot:
        menu = await _opened(bot, fake, alice, group)
        await bot.tick(REPEAT_SECONDS)  # (asked again sooner, the menu up is just above)
        late = fake.user_presses(carol, menu, "House rules")
        held = fake.hold_back_updates()
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        fake.hand_over_late(held)
        await bot.deliver()

        assert late.answer_text == ADMINS_ONLY and late.show_alert
