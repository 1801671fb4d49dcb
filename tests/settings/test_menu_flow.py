"""Admins change rules from the menu; everyone else only looks. Through the real Application and fake API."""

from __future__ import annotations

import asyncio
import dataclasses
import gc

import pytest

from bot.engine.rules import Rules, preset
from bot.service.lobby import new_lobby
from bot.service.settings import rules_for_chat
from bot.storage import GameStatus
from bot.tg.callback_data import Action, encode
from bot.tg.render.unlinked import WORD_JOINER
from bot.tg.settings_admins import CACHE_SECONDS, RECHECK_SECONDS, AdminCache
from bot.tg.settings_layout import FINGERPRINT, ItemKind, index_of
from tests.e2e.harness import SORRY, standing_still
from tests.e2e.test_odd_input import SENT_AS_CHANNEL
from tests.fake_bot_api import Chat, Member, Message, User
from tests.fake_bot_api.errors import ApiError, bad_request
from tests.settings.conftest import Harness

OPEN = "\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}"  # ends the buttons that open a rule's screen
ADMINS_ONLY = "Only chat admins can use these buttons. To read the rules, send /rules."
TYPED_ADMINS_ONLY = (
    "Only chat admins can change the chat's rules: ask an admin. To read the rules, send /rules."
)
LANGUAGE_ADMINS_ONLY = (
    "Only chat admins can change the chat's language. To choose the language I write to you in, send /lang in"
    " the private chat with me."
)


def buttons(message: Message) -> list[str]:
    return [text for row in message.button_texts for text in row]


async def stored_rules(harness: Harness, chat: Chat) -> Rules:
    async with harness.database.unit_of_work() as uow:
        return await rules_for_chat(uow, chat.id)


def group_with_admin(harness: Harness) -> tuple[Chat, User, User]:
    admin = harness.fake.add_user("Alice")
    player = harness.fake.add_user("Bob")
    group = harness.fake.add_group("Friends", members=[player], creator=admin)
    return group, admin, player


async def open_menu(harness: Harness, group: Chat, user: User) -> Message:
    harness.fake.user_sends(user, group, "/settings")
    assert await harness.deliver() == 1
    return harness.fake.last_bot_message(group)


async def press(harness: Harness, user: User, message: Message, button: str) -> Message:
    query = harness.fake.user_presses(user, message, button)
    await harness.deliver()
    assert query.answered
    return harness.fake.last_bot_message(message.chat)


async def test_admin_toggles_a_rule_and_it_is_stored(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    assert "⚙️ Rules of this chat" in (menu.text or "")
    assert menu.button_texts[:5] == [
        ["✅ Official rules"],
        ["House rules"],
        ["UNO Extreme"],
        ["UNO H₂O"],
        ["UNO Minecraft"],
    ]

    menu = await press(harness, admin, menu, "▶️ Play")
    assert "<b>Multi-play</b>: off" not in (menu.text or "")  # the fake stores the parsed plain text
    assert "Multi-play: off" in (menu.text or "")
    query = harness.fake.user_presses(admin, menu, "▫️ Multi-play: off")
    await harness.deliver()
    assert query.answer_text == "Saved."  # no match is running: no word of the next one
    menu = harness.fake.last_bot_message(group)

    assert (await stored_rules(harness, group)).multi_play is True
    assert "Multi-play: on" in (menu.text or "")
    assert "✅ Multi-play: on" in buttons(menu)
    assert "\n✅ Saved.\n" in (menu.text or "")  # the rule's line below names it: not twice
    # the same message was edited in place: one menu message in the chat
    assert len(harness.fake.bot_messages_in(group)) == 1


@pytest.mark.parametrize(
    ("language", "topic", "toggles"),
    [
        ("en", "▶️ Play", ["▫️ 7-0: off", "▫️ Multi-play: off", "▫️ Force play: off", "✅ +4 challenge: on"]),
        ("ru", "▶️ Ходы", ["▫️ 7-0: выкл.", "▫️ Несколько карт: выкл.", "✅ Спор о +4: вкл."]),  # noqa: RUF001
    ],
    ids=["en", "ru"],
)
async def test_a_toggle_says_whether_it_is_on(
    harness: Harness, language: str, topic: str, toggles: list[str]
) -> None:
    """A toggle read "▫️ 7-0" or "✅ +4 challenge": aloud, "white small square, 7-0" says neither on nor off
    (only the text above the buttons did). It says so in words."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await press(harness, admin, await open_menu(harness, group, admin), topic)
    assert all(toggle in buttons(menu) for toggle in toggles), buttons(menu)


async def test_admin_picks_a_number_from_its_steps(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    menu = await press(harness, admin, menu, "⏱ Timing")
    menu = await press(harness, admin, menu, f"Turn time: 60 seconds {OPEN}")
    assert "✅ 60 seconds" in buttons(menu)
    menu = await press(harness, admin, menu, "90 seconds")
    assert (await stored_rules(harness, group)).turn_seconds == 90
    assert "Turn time: 90 seconds" in (menu.text or "")
    menu = await press(harness, admin, menu, f"Turn time: 90 seconds {OPEN}")
    await press(harness, admin, menu, "off")
    assert (await stored_rules(harness, group)).turn_seconds == 0


@pytest.mark.parametrize(
    ("language", "topic", "steps", "answers", "line", "typed"),
    [
        (
            "en",
            "⏱ Timing",
            ["90 seconds", "2 minutes", "3 minutes", "5 minutes", "✅ 10 minutes"],
            ["✅ Turn time: 10 minutes", "✅ Turn time: 150 seconds"],
            "10\u00a0min a turn",
            "You can type any value from 15 to 600 seconds (or 0 for off): /settings turn time 600",
        ),
        (
            "ru",
            "⏱ Время",
            ["90 секунд", "2 минуты", "3 минуты", "5 минут", "✅ 10 минут"],
            ["✅ Время на ход: 10 минут", "✅ Время на ход: 150 секунд"],
            "10\u00a0мин на ход",
            "Любое значение от 15 до 600 секунд (или 0, чтобы выключить) можно ввести командой:"
            " /settings время на ход 600",
        ),
    ],
    ids=["en", "ru"],
)
async def test_long_turn_times_read_in_minutes(
    harness: Harness,
    language: str,
    topic: str,
    steps: list[str],
    answers: list[str],
    line: str,
    typed: str,
) -> None:
    """(found by an admin's-evening audit) the longest turn times read "120 seconds" to "600 seconds" in the
    menu, and the lobby "600 s a turn". What is typed is in seconds, and says so."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    harness.fake.user_sends(admin, group, "/settings turn_seconds 600")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == answers[0]
    menu = await press(harness, admin, await open_menu(harness, group, admin), topic)
    menu = await press(harness, admin, menu, buttons(menu)[0])  # the turn time's screen
    assert buttons(menu)[6:11] == steps
    assert typed in (menu.text or "").splitlines()
    harness.fake.user_sends(admin, group, "/new")
    await harness.deliver()
    lobby = next(m for m in harness.fake.bot_messages_in(group) if "📜" in (m.text or ""))
    assert line in (lobby.text or "")
    harness.fake.user_sends(admin, group, "/settings turn_seconds 150")  # not whole minutes: in seconds
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answers[1])


async def test_non_admin_cannot_change_anything_on_the_menu(harness: Harness) -> None:
    group, admin, player = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    before = menu.text
    query = harness.fake.user_presses(player, menu, "House rules")
    await harness.deliver()
    assert query.answered and query.show_alert
    assert query.answer_text == ADMINS_ONLY
    assert await stored_rules(harness, group) == Rules()
    assert harness.fake.last_bot_message(group).text == before
    # not even navigation: the shared menu stays as it is, and /rules is where everyone reads the rules
    query = harness.fake.user_presses(player, menu, "▶️ Play")
    await harness.deliver()
    assert query.show_alert and query.answer_text == ADMINS_ONLY
    assert harness.fake.last_bot_message(group).text == before


@pytest.mark.parametrize("button", ["« Back", "Done"])
async def test_a_non_admin_pressing_back_or_done_on_the_language_menu_is_not_pointed_to_rules(
    harness: Harness, button: str
) -> None:
    """/lang's menu: "To read the rules, send /rules" answered a member who pressed its Back or Done, as if it
    were the rules' menu; its language buttons told them how to choose their own."""
    group, admin, player = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/lang")
    await harness.deliver()
    menu = harness.fake.last_bot_message(group)
    query = harness.fake.user_presses(player, menu, button)
    await harness.deliver()
    assert query.show_alert and query.answer_text == LANGUAGE_ADMINS_ONLY
    assert harness.fake.last_bot_message(group).text == menu.text


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        (
            "/settings",
            "⚙️ Rules of this chat: Official rules · 7 cards each · to 500 points · 60\u00a0s a turn. Only the"
            " chat's admins can change them; /rules explains"
            " them all in plain words.",
        ),
        ("/lang", LANGUAGE_ADMINS_ONLY),
    ],
)
async def test_a_non_admin_asking_for_the_menu_leaves_the_admins_menu_alone(
    harness: Harness, command: str, answer: str
) -> None:
    """(found by an admin's-evening audit) a member's /settings posted a new menu, which replaced the one
    the admin was using (deleted mid-change), and offered only buttons that told the member they may not."""
    group, admin, player = group_with_admin(harness)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "▶️ Play")
    harness.fake.user_sends(player, group, command)
    await harness.deliver()
    told = harness.fake.last_bot_message(group)
    assert told.text == answer and not told.buttons
    assert harness.fake.messages[(group.id, menu.message_id)].text == menu.text  # still there, as it was
    assert menu.message_id in {message.message_id for message in harness.fake.bot_messages_in(group)}


@pytest.mark.parametrize(("language", "answer"), SENT_AS_CHANNEL.items(), ids=SENT_AS_CHANNEL.keys())
@pytest.mark.parametrize("command", ["/settings", "/lang"])
async def test_the_menu_asked_for_as_a_channel_says_to_ask_as_oneself(
    harness: Harness, command: str, language: str, answer: str
) -> None:
    """(found by an admin's-evening audit) a member posting as a channel got the admins' menu, which
    replaced the one an admin was using, though the bot can't tell whether they are an admin (a typed
    change from them was already refused so)."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    harness.fake.channel_sends("News", group, command)
    await harness.deliver()
    told = harness.fake.last_bot_message(group)
    assert told.text == answer and not told.buttons
    assert menu.message_id in {message.message_id for message in harness.fake.bot_messages_in(group)}


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", TYPED_ADMINS_ONLY),
        (
            "ru",
            "Правила чата могут менять только администраторы: попросите администратора."
            " Прочитать правила: /rules.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_non_admin_cannot_change_by_command(harness: Harness, language: str, refused: str) -> None:
    """(session 57) A member's typed change read «Это могут только администраторы чата.»: what could they
    do? The menu's press says where to read the rules; so does this, and whom to ask."""
    admin = harness.fake.add_user("Alice")
    player = harness.fake.add_user("Bob", language_code=language)
    group = harness.fake.add_group("Friends", members=[player], creator=admin)
    harness.fake.user_sends(player, group, "/settings turn_seconds 60")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == refused
    assert await stored_rules(harness, group) == Rules()


async def test_a_promoted_admin_is_let_in_at_once_though_the_admin_list_is_cached(harness: Harness) -> None:
    """(session 54's refusal) "Just made an admin? I'll know within a minute: try again then": the cached
    admin list kept a freshly promoted admin out for up to a minute, and their tries meanwhile went
    unanswered. One the list leaves out is asked about alone, at most every few seconds."""
    group, admin, player = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    lists = len(harness.fake.calls_to("getChatAdministrators"))
    query = harness.fake.user_presses(player, menu, "House rules")  # the list, read just now, answers
    await harness.deliver()
    assert query.show_alert and query.answer_text == ADMINS_ONLY
    assert harness.fake.calls_to("getChatMember") == []
    harness.clock.advance(RECHECK_SECONDS)
    query = harness.fake.user_presses(player, menu, "House rules")
    await harness.deliver()
    assert query.show_alert and len(harness.fake.calls_to("getChatMember")) == 1
    harness.fake.make_admin(player, group)
    query = harness.fake.user_presses(player, menu, "House rules")  # asked about a moment ago
    await harness.deliver()
    assert query.show_alert and len(harness.fake.calls_to("getChatMember")) == 1
    harness.clock.advance(RECHECK_SECONDS)
    menu = await press(harness, player, menu, "House rules")
    assert await stored_rules(harness, group) == preset("house")
    query = harness.fake.user_presses(player, menu, "⏱ Timing")  # browsing, a moment on: on the list now
    await harness.deliver()
    assert not query.show_alert and "Timing" in (harness.fake.last_bot_message(group).text or "")
    assert len(harness.fake.calls_to("getChatMember")) == 2
    assert len(harness.fake.calls_to("getChatAdministrators")) == lists


async def test_a_promoted_admin_typing_a_change_again_is_let_in(harness: Harness) -> None:
    """The refusal promises no wait: the member made an admin since types the change again, and it is made."""
    group, _, player = group_with_admin(harness)
    harness.fake.user_sends(player, group, "/settings hand_size 8")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == TYPED_ADMINS_ONLY
    harness.fake.make_admin(player, group)
    harness.clock.advance(RECHECK_SECONDS)
    harness.fake.user_sends(player, group, "/settings hand_size 8")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == "✅ Hand size: 8 cards"
    assert (await stored_rules(harness, group)).hand_size == 8


async def test_a_member_made_an_admin_asking_for_the_menu_is_posted_it(harness: Harness) -> None:
    """/settings of a member made an admin since the admin list was read posts them the menu, not the line
    for members who may change nothing: the list is not waited out (they are asked about alone)."""
    group, admin, player = group_with_admin(harness)
    await open_menu(harness, group, admin)  # the list is read, without him
    harness.fake.make_admin(player, group)
    harness.clock.advance(RECHECK_SECONDS)
    menu = await open_menu(harness, group, player)
    assert "House rules" in buttons(menu)
    assert len(harness.fake.calls_to("getChatMember")) == 1


async def test_a_promoted_admin_whose_check_failed_for_a_moment_is_let_in_at_the_next_press(
    harness: Harness,
) -> None:
    """(session 55 review) Telegram failed to answer the getChatMember asking about a member just made an
    admin (a 502): they were told to try again in a moment, and their press again a moment later was refused
    as a member's ("Only chat admins can use these buttons"): the failed ask counted as an answer for
    RECHECK_SECONDS."""
    group, admin, player = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    harness.fake.make_admin(player, group)
    harness.clock.advance(RECHECK_SECONDS)
    harness.fake.fail_next("getChatMember", ApiError(502, "Bad Gateway"))
    query = harness.fake.user_presses(player, menu, "House rules")
    await harness.deliver()
    assert query.show_alert and query.answer_text == SORRY
    assert await stored_rules(harness, group) == Rules()
    await press(harness, player, menu, "House rules")  # Telegram answers again
    assert await stored_rules(harness, group) == preset("house")


async def test_the_admin_list_is_read_anew_a_minute_after_to_the_second(harness: Harness) -> None:
    """Kept CACHE_SECONDS, not a moment more."""
    group, admin, _ = group_with_admin(harness)
    now = [0.0]
    admins = AdminCache(lambda: now[0])
    for now[0], lists in ((0.0, 1), (CACHE_SECONDS - 0.001, 1), (CACHE_SECONDS, 2)):
        assert await harness.clock.run(admins.is_admin(harness.app.bot, group.id, admin.id))
        assert len(harness.fake.calls_to("getChatAdministrators")) == lists, now[0]


async def test_a_member_joined_to_the_admin_list_leaves_it_read_anew_a_minute_after_all_the_same(
    harness: Harness,
) -> None:
    """One asked about alone and joined to the list does not keep it a minute more: it is read anew
    CACHE_SECONDS after it was read."""
    group, admin, player = group_with_admin(harness)
    now = [0.0]
    admins, bot = AdminCache(lambda: now[0]), harness.app.bot
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    harness.fake.make_admin(player, group)
    now[0] = RECHECK_SECONDS
    assert await harness.clock.run(admins.is_admin(bot, group.id, player.id))
    now[0] = CACHE_SECONDS
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    assert len(harness.fake.calls_to("getChatAdministrators")) == 2


async def test_each_member_the_admin_list_leaves_out_is_asked_about_on_their_own_clock(
    harness: Harness,
) -> None:
    """Asked about alone at most every RECHECK_SECONDS each, not once for the whole group: Bob asked about
    just now keeps nobody else from being let in."""
    admin, bob, carol = (harness.fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = harness.fake.add_group("Friends", members=[bob, carol], creator=admin)
    now = [0.0]
    admins, bot = AdminCache(lambda: now[0]), harness.app.bot
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    now[0] = RECHECK_SECONDS
    assert not await harness.clock.run(admins.is_admin(bot, group.id, bob.id))
    harness.fake.make_admin(carol, group)
    assert await harness.clock.run(admins.is_admin(bot, group.id, carol.id))
    assert len(harness.fake.calls_to("getChatMember")) == 2


async def test_two_members_made_admins_asked_about_at_once_both_join_the_admin_list(harness: Harness) -> None:
    """(session 55 review) Each asked about alone at the same moment: the second answer wrote back the list
    read before its ask, without the first, who was then refused as a member's for RECHECK_SECONDS."""
    admin, bob, carol = (harness.fake.add_user(name) for name in ("Alice", "Bob", "Carol"))
    group = harness.fake.add_group("Friends", members=[bob, carol], creator=admin)
    now = [0.0]
    admins, bot = AdminCache(lambda: now[0]), harness.app.bot
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    harness.fake.make_admin(bob, group)
    harness.fake.make_admin(carol, group)
    now[0] = RECHECK_SECONDS

    async def both() -> list[bool]:
        return list(await asyncio.gather(*(admins.is_admin(bot, group.id, who.id) for who in (bob, carol))))

    assert await harness.clock.run(both()) == [True, True]
    now[0] = RECHECK_SECONDS * 1.5  # not asked about again this soon: only the list lets them in
    assert await harness.clock.run(both()) == [True, True]
    assert len(harness.fake.calls_to("getChatMember")) == 2


@pytest.mark.parametrize("promoted", [True, False], ids=["made an admin", "a member"])
async def test_one_the_admin_list_leaves_out_pressing_twice_at_once_is_asked_about_once(
    harness: Harness, promoted: bool
) -> None:
    """(session 55 review) Two presses of Bob's at the same moment: the second shares the answer the first
    asked for. Since the ask is written down only once answered (a moment's failure is no answer), each
    asked on its own, and a member pressing over and over cost a read a press while one was on its way."""
    admin, bob = (harness.fake.add_user(name) for name in ("Alice", "Bob"))
    group = harness.fake.add_group("Friends", members=[bob], creator=admin)
    now = [0.0]
    admins, bot = AdminCache(lambda: now[0]), harness.app.bot
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    if promoted:
        harness.fake.make_admin(bob, group)
    now[0] = RECHECK_SECONDS

    async def twice() -> list[bool]:
        return list(await asyncio.gather(*(admins.is_admin(bot, group.id, bob.id) for _ in range(2))))

    assert await harness.clock.run(twice()) == [promoted, promoted]
    assert len(harness.fake.calls_to("getChatMember")) == 1


async def test_a_shared_ask_that_fails_once_its_only_waiter_is_cancelled_is_not_logged_as_unretrieved(
    harness: Harness,
) -> None:
    """Bob's press, the only one waiting on the ask about him, is cancelled (shutdown, say), and Telegram
    then fails the ask (a 502): the shielded ask's failure was never read, and asyncio logged "Task
    exception was never retrieved" with its traceback."""
    admin, bob = (harness.fake.add_user(name) for name in ("Alice", "Bob"))
    group = harness.fake.add_group("Friends", members=[bob], creator=admin)
    now = [0.0]
    admins, bot = AdminCache(lambda: now[0]), harness.app.bot
    assert await harness.clock.run(admins.is_admin(bot, group.id, admin.id))
    now[0] = RECHECK_SECONDS
    harness.fake.fail_next("getChatMember", ApiError(502, "Bad Gateway"))
    loop, reported = asyncio.get_running_loop(), []
    handler = loop.get_exception_handler()
    loop.set_exception_handler(lambda _, context: reported.append(context["message"]))
    try:
        press = asyncio.ensure_future(admins.is_admin(bot, group.id, bob.id))
        await asyncio.sleep(0)  # its ask is on its way
        press.cancel()

        async def failed() -> bool:  # the ask goes over real HTTP: virtual time waits for it
            return bool(harness.fake.calls_to("getChatMember")) and not admins._asking

        await standing_still(failed, "the ask failed")
        assert len(harness.fake.calls_to("getChatMember")) == 1 and press.cancelled()
        del press
        gc.collect()  # an unread failure is reported when its task is collected
    finally:
        loop.set_exception_handler(handler)
    assert reported == []


async def test_an_admin_whose_rights_cannot_be_checked_just_now_is_asked_to_try_again(
    harness: Harness,
) -> None:
    """Telegram failed to list the admins (a 502): "Only chat admins can use these buttons" would tell an
    admin they are none."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings")
    await harness.deliver()
    menu = harness.fake.last_bot_message(group)
    harness.clock.advance(61)  # the admin list /settings read has run out
    harness.fake.fail_next("getChatAdministrators", ApiError(502, "Bad Gateway"))
    query = harness.fake.user_presses(admin, menu, "House rules")
    await harness.deliver()
    assert query.show_alert and query.answer_text == SORRY
    assert await stored_rules(harness, group) == Rules()
    await press(harness, admin, menu, "House rules")  # Telegram answers again
    assert await stored_rules(harness, group) == preset("house")


async def test_a_press_telegram_refuses_the_admin_list_for_with_a_bad_request_is_refused(
    harness: Harness,
) -> None:
    """A 400 to getChatAdministrators (python-telegram-bot raises it as a NetworkError) is Telegram's answer,
    not a moment's failure: no admin the bot can confirm, so no change, and no "try again" each press."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings")
    await harness.deliver()
    menu = harness.fake.last_bot_message(group)
    harness.clock.advance(61)  # the admin list /settings read has run out
    harness.fake.fail_next("getChatAdministrators", bad_request("chat not found"))
    query = harness.fake.user_presses(admin, menu, "House rules")
    await harness.deliver()
    assert query.show_alert and query.answer_text not in (None, SORRY)
    assert await stored_rules(harness, group) == Rules()


async def test_the_menu_is_posted_when_the_admins_cannot_be_listed_just_now(harness: Harness) -> None:
    """Whether the sender may only read can't be told: the menu is posted (each press is checked anew)."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.fail_next("getChatAdministrators", ApiError(502, "Bad Gateway"))
    menu = await open_menu(harness, group, admin)
    assert "⚙️ Rules of this chat" in (menu.text or "") and menu.button_texts[-1] == ["Done"]


async def test_anonymous_admin_changes_settings(harness: Harness) -> None:
    group, _, _ = group_with_admin(harness)
    carol = harness.fake.add_user("Carol")
    harness.fake.make_admin(carol, group, anonymous=True)
    harness.fake.user_sends(carol, group, "/settings hand_size 8")
    await harness.deliver()
    reply = harness.fake.last_bot_message(group)
    assert reply.text == "✅ Hand size: 8 cards"
    assert (await stored_rules(harness, group)).hand_size == 8
    # the command arrived on behalf of the group: the bot cannot know who sent it, and lets it through
    sent = harness.fake.messages_in(group)[-2]
    assert sent.sender_chat is not None and sent.from_user is not None and sent.from_user.id != carol.id
    # presses from anonymous admins carry their real account, which is an admin's
    menu = await open_menu(harness, group, carol)
    await press(harness, carol, menu, "UNO Extreme")
    assert await stored_rules(harness, group) == preset("extreme")


async def test_invalid_values_are_refused_and_nothing_changes(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    for typed, answer in (
        ("hand_size 12", "❌ “Hand size” can't be 12. Possible values: from 5 to 10."),
        (
            "turn_seconds 5",
            "❌ “Turn time” can't be 5. Possible values: from 15 to 600 seconds (or 0 for off).",
        ),
        ("multi_play maybe", "❌ “Multi-play” can't be maybe. Possible values: on, off."),
        (
            "stacking sometimes",
            "❌ “Stacking” can't be sometimes. Possible values: off; same — +2 on +2, +4 on +4; "
            "mixed — +2 or +4 on +2, +4 on +4.",
        ),
        ("preset party", "❌ There is no preset “party”. Presets: official, house, extreme, h2o, minecraft."),
        ("hand_sise 8", "❌ There is no setting “hand_sise”. Did you mean /settings hand size 8?"),
        # a value the setting would refuse is left out: the name alone tells what it takes
        ("hand_sise <8>", "❌ There is no setting “hand_sise”. Did you mean /settings hand size?"),
        ("turn 30", "❌ There is no setting “turn”. Did you mean /settings turn time 30?"),
        (
            "draw on",
            "❌ There is no setting “draw”. The settings with it in their name: Drawing, "
            "+2 chain (extreme_draw_chain).",
        ),
    ):
        harness.fake.user_sends(admin, group, f"/settings {typed}")
        await harness.deliver()
        assert harness.fake.last_bot_message(group).text == answer
        harness.clock.advance(5)  # typing the next takes a moment (nine at once would be a flood)
    harness.fake.user_sends(admin, group, "/settings colour <b>red</b>")
    await harness.deliver()
    assert "There is no setting “colour”" in (harness.fake.last_bot_message(group).text or "")
    assert await stored_rules(harness, group) == Rules()

    menu = await open_menu(harness, group, admin)
    hand_size = index_of(ItemKind.SETTING, "hand_size")
    for forged in (
        encode(Action.SETTING, 0, FINGERPRINT, hand_size, 99),  # no such value
        encode(Action.SETTING, 0, FINGERPRINT, 999, 0),  # no such item
        encode(Action.SETTING, 0, (FINGERPRINT + 1) % 0xFFFF, hand_size, 0),  # a menu of another bot version
        "1e:zz",
    ):
        query = harness.fake.user_presses_data(admin, menu, forged)
        await harness.deliver()
        assert query.show_alert and query.answer_text == (
            "This message is out of date: send /settings to open it again."  # there may be no newer menu
        ), forged
    assert await stored_rules(harness, group) == Rules()


@pytest.mark.parametrize(
    ("commands", "name", "value", "said"),
    [
        # "-" as in names
        (
            ["/settings draw_rule until-playable"],
            "draw_rule",
            "until_playable",
            "Drawing: until a card can be played",
        ),
        (
            ["/settings preset house", "/settings stacking выкл"],
            "stacking",
            "off",
            "Stacking: off",
        ),  # as the menu says
        (["/settings preset house", "/settings Stacking No"], "stacking", "off", "Stacking: off"),
        (["/settings jump-in вкл"], "jump_in", "on", "Jump-in: on"),
        # (found by the lead) a setting by its menu label, in either language, and a choice by its label
        (
            ["/lang ru", "/settings Накопление +2 на +2, +4 на +4"],
            "stacking",
            "same",
            "Накопление: +2 на +2, +4 на +4",
        ),
        (["/lang ru", "/settings чёрная на чёрную выкл"], "black_on_black", False, "Чёрная на чёрную: выкл."),
        (["/lang ru", "/settings время на ход 90"], "turn_seconds", 90, "Время на ход: 90 секунд"),
        (["/lang ru", "/settings время на хлопок 5"], "slap_seconds", 5, "Время на хлопок: 5 секунд"),
        (
            ["/lang ru", "/settings подсчет очков один раунд"],
            "scoring",
            "single_round",
            "Подсчёт очков: один раунд",
        ),
        (["/lang ru", "/settings штраф за уно 3"], "uno_penalty", 3, "Штраф за «УНО!»: 3 карты"),  # noqa: RUF001
        (["/settings Turn time off"], "turn_seconds", 0, "Turn time: off"),
        (
            ["/settings drawing until a card can be played"],
            "draw_rule",
            "until_playable",
            "Drawing: until a card can be played",
        ),
        (["/settings Deck H₂O + 4 Downpours"], "deck", "h2o", "Deck: H₂O + 4 Downpours"),
        (
            ["/settings колода minecraft + 4 крипера"],
            "deck",
            "minecraft",
            "Deck: Minecraft + 4 Creepers",
        ),
    ],
)
async def test_a_choice_is_typed_as_the_menu_shows_it(
    harness: Harness, commands: list[str], name: str, value: object, said: str
) -> None:
    group, admin, _ = group_with_admin(harness)
    for command in commands:
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    assert harness.fake.last_bot_message(group).text == f"✅ {said}"
    assert (await stored_rules(harness, group)).to_dict()[name] == value


@pytest.mark.parametrize(
    ("command", "preset_name"),
    [("/settings экстрим", "extreme"), ("/settings preset Домашние", "house"), ("/settings H₂O", "h2o")],
)
async def test_a_preset_is_typed_as_the_menu_names_it(
    harness: Harness, command: str, preset_name: str
) -> None:
    """(found by an admin's-evening audit) a Russian admin typed the preset the menu's button names,
    «Экстрим», and read how to type a command. (The button puts the game's name before it now: a word of a
    preset's name that no other preset's holds still names it.)"""
    group, admin, _ = group_with_admin(harness)
    for sent in ("/lang ru", command):
        harness.fake.user_sends(admin, group, sent)
        await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith("✅ Набор «")  # noqa: RUF001
    assert await stored_rules(harness, group) == preset(preset_name)


async def test_a_refused_choice_lists_the_values_to_type_in_russian(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    admin.language_code = "ru"  # a refusal is in its reader's language; the change's notice in the group's
    for command in ("/lang ru", "/settings draw_rule всегда"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    assert harness.fake.last_bot_message(group).text == (
        "❌ Настройка «Добор» не может принимать значение всегда. Значения для ввода: single — одна карта; "
        "until_playable — пока не придёт подходящая."
    )
    for command, values in (
        ("/settings hand_size 12", "от 5 до 10"),
        ("/settings turn_seconds 5", "от 15 до 600 секунд (или 0, чтобы выключить)"),
        ("/settings force_play может", "вкл, выкл"),
    ):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
        assert (harness.fake.last_bot_message(group).text or "").endswith(f" Значения для ввода: {values}.")
    # (found by an admin's-evening audit) the names to type were the engine's alone: a Russian admin read
    # "single, until_playable" and had to guess which was which
    harness.fake.user_sends(admin, group, "/settings preset вечеринка")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == (
        "❌ Набора «вечеринка» нет. Наборы: official — Официальные правила; house — Домашние правила;"  # noqa: RUF001
        " extreme — УНО Экстрим; h2o; minecraft."  # noqa: RUF001
    )
    harness.fake.user_sends(admin, group, "/settings force_play выкл")  # the words it lists are read back
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == "✅ Обязательный ход: выкл."


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        (
            "/settings deck " + "x" * 4070,
            "❌ “Deck” can't be "
            + "x" * 31
            + "… Possible values: classic — Classic, 108 cards; classic_blank — Classic + 4 blank cards; "
            "h2o — H₂O + 4 Downpours; minecraft — Minecraft + 4 Creepers.",
        ),
        ("/settings " + "y" * 4070 + " 1", "❌ There is no setting “" + "y" * 31 + "…”."),
        (
            "/lang " + "z" * 4080,
            "❌ “Language” can't be " + "z" * 31 + "… Possible values: en — English; ru — Русский.",
        ),
    ],
)
async def test_an_over_long_typed_value_is_quoted_shortened(
    harness: Harness, command: str, answer: str
) -> None:
    group, admin, _ = group_with_admin(harness)
    assert len(command) <= 4096  # Telegram delivers it; quoted whole, the refusal would be too long to send
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answer)


async def test_typed_values_follow_the_setting_type(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    for command in ("/settings jump_in extreme", "/settings force_play on", "/settings turn_seconds off"):
        harness.fake.user_sends(admin, group, command)
    harness.fake.user_sends(admin, group, "/settings target-score 350")
    # "0" is also a word for off: for a rule that has no off, whose range holds 0, it is the number
    harness.fake.user_sends(admin, group, "/settings false_catch_penalty 2")
    harness.fake.user_sends(admin, group, "/settings false_catch_penalty 0")
    await harness.deliver()
    rules = await stored_rules(harness, group)
    assert (rules.jump_in, rules.force_play, rules.turn_seconds, rules.target_score) == (
        "extreme",
        True,
        0,
        350,
    )
    assert rules.false_catch_penalty == 0


@pytest.mark.parametrize(
    ("language", "command", "answer"),
    [
        ("en", "/settings hand_size 8 9", "❌ “Hand size” can't be 8 9. Possible values: from 5 to 10."),
        (
            "ru",
            "/settings накопление +2, +4, +2",
            "❌ Настройка «Накопление» не может принимать значение +2, +4, +2. Значения для ввода: "
            "off — выкл.; same — +2 на +2, +4 на +4; mixed — +2 и +4 на +2, +4 на +4.",
        ),
    ],
)
async def test_a_known_setting_with_a_value_of_several_words_it_cannot_read_says_what_it_takes(
    harness: Harness, language: str, command: str, answer: str
) -> None:
    """(found by a troll's audit) A value of several words that reads as none got the general usage, which
    names neither the setting typed nor the values it takes."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == answer


@pytest.mark.parametrize(
    "typed",
    ["1,000", "1 000", "1\u00a0000", "1\u2009000", "1\u202f000", "1.000"],
    ids=["comma", "space", "no-break space", "thin space", "narrow no-break space", "dot"],
)
async def test_a_typed_number_may_group_its_thousands_as_the_menu_does(harness: Harness, typed: str) -> None:
    """The menu's buttons read "1,000 points" (in Russian «1 000 очков»), but typed so the number was
    refused: "1,000" was no number, and "1 000" two words."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/settings target_score {typed}")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == 1000
    assert harness.fake.last_bot_message(group).text == "✅ Target score: 1,000 points"


@pytest.mark.parametrize("typed", ["1,5", "1.5", "10,00", "1 5", "1 5 points"])
async def test_digits_grouped_otherwise_are_no_number(harness: Harness, typed: str) -> None:
    """A decimal comma, or groups not of three, could mean another number: not guessed, nothing changes."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/settings target_score {typed}")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == Rules().target_score
    assert not (harness.fake.last_bot_message(group).text or "").startswith("✅")


async def test_a_value_typed_as_a_sentence_ends_its_full_stop(harness: Harness) -> None:
    """ "/settings hand_size 8." is typed as people end a sentence: the full stop is no part of the value."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings hand_size 8.")
    harness.fake.user_sends(admin, group, "/settings force_play on.")
    await harness.deliver()
    rules = await stored_rules(harness, group)
    assert (rules.hand_size, rules.force_play) == (8, True)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        (["target_score 300", "target_score 400", "target_score 300"], "✅ Target score: 300 points"),
        (["preset house", "preset official", "preset house"], "✅ Preset “House rules” applied."),
        (["language ru", "language en", "language ru"], "✅ Язык: русский."),
    ],
)
async def test_a_change_typed_back_within_a_minute_is_told_again(
    harness: Harness, typed: list[str], answer: str
) -> None:
    """(found reading an admin's evening) 300, 400, then 300 again: the third change was made but not told, as
    the same words were answered within a minute, and the group read 400 last. The same change typed twice
    in a row, which changes nothing the second time, is still answered once."""
    group, admin, _ = group_with_admin(harness)
    for command in typed:
        harness.fake.user_sends(admin, group, f"/settings {command}")
        await harness.deliver()
    answers = [m.text for m in harness.fake.bot_messages_in(group)]
    assert len(answers) == 3 and answers[-1] == answer
    harness.fake.user_sends(admin, group, f"/settings {typed[-1]}")
    await harness.deliver()
    assert [m.text for m in harness.fake.bot_messages_in(group)] == answers


async def test_a_language_is_typed_in_either_case(harness: Harness) -> None:
    """ "/settings language RU" (a phone capitalises a lone word) changes the chat's language as "ru" does."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings language RU")
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith("✅"), "refused"


async def test_presets_replace_all_rules(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings multi_play on")
    harness.fake.user_sends(admin, group, "/settings turn_seconds 20")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    menu = await press(harness, admin, menu, "House rules")
    assert await stored_rules(harness, group) == preset("house")
    # the figures it set back are named: the admin typed 20 s a turn
    assert "Preset “House rules” applied.\nThe preset also sets:\n• Turn time: 60 seconds\n" in (
        menu.text or ""
    )
    assert "Now: House rules" in (menu.text or "")
    assert menu.button_texts[:2] == [["Official rules"], ["✅ House rules"]]
    for name, button in (("h2o", "UNO H₂O"), ("minecraft", "UNO Minecraft"), ("official", "Official rules")):
        menu = await press(harness, admin, menu, button)
        assert await stored_rules(harness, group) == preset(name)


@pytest.mark.parametrize(
    ("language", "line"),
    [
        (
            "en",
            "• UNO Extreme — Jump-in, +2 and Skip chains, eight cover, zero slap, seven silence, a"
            " restricted Wild, extreme challenges, an extreme start, a false catch costs a card; the lowest"
            " score wins, a lone 0 counts 100.",
        ),
        (
            "ru",
            "• УНО Экстрим — вмешательство, цепочки +2 и пропусков, покрытие восьмёрки, хлопок на"  # noqa: RUF001
            " нуле, тишина на семёрке, ограниченная «Дикая», жёсткие споры, экстрим-старт, ложная поимка"
            " стоит карту; побеждает меньший счёт, одинокий ноль стоит 100.",
        ),
    ],
)
async def test_the_extreme_preset_names_every_rule_it_switches_on(
    harness: Harness, language: str, line: str
) -> None:
    """(found by an admin's-evening audit) the menu's line for Extreme left out jump-in, the restricted Wild,
    the extreme start, the lone zero and the false catch's card: an admin learned of them only in a match.
    Each is named as its setting is ("harder challenges" was the setting "Extreme challenge")."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert f"\n{line}\n" in (menu.text or "")


async def start_a_match(harness: Harness, group: Chat, admin: User) -> None:
    """A match of the official rules running in the group (as the game service stores one)."""
    async with harness.database.unit_of_work() as uow:
        await uow.chats.ensure(group.id, group.title)
        lobby = new_lobby(admin.id, admin.first_name, group.title or "", Rules(), None, 0)
        game = await uow.games.create(chat_id=group.id, state=lobby.to_dict())
        await uow.games.save(dataclasses.replace(game, status=GameStatus.RUNNING))


async def rules_text(harness: Harness, group: Chat, user: User) -> str:
    harness.fake.user_sends(user, group, "/rules")
    await harness.deliver()
    return harness.fake.last_bot_message(group).text or ""


async def test_a_change_during_a_match_applies_from_the_next_match(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    menu = await open_menu(harness, group, admin)
    assert "A match is running: changes apply from the next match." in (menu.text or "")
    menu = await press(harness, admin, menu, "📣 “UNO!” call")
    menu = await press(harness, admin, menu, f"“UNO!” penalty: 2 cards {OPEN}")
    menu = await press(harness, admin, menu, "4 cards")
    assert "the change applies from the next one" in (menu.text or "")
    assert (await stored_rules(harness, group)).uno_penalty == 4
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of the current match: Official rules")
    assert "The next match: Official rules (“UNO!” penalty: 4 cards) · 7 cards each" in rules


async def test_rules_before_a_lobby_starts_are_the_chats(harness: Harness) -> None:
    """A lobby takes the chat's rules when its match starts: until then /rules reads the chat's, not those
    of a "current match" that nobody plays yet."""
    group, admin, _ = group_with_admin(harness)
    async with harness.database.unit_of_work() as uow:
        await uow.chats.ensure(group.id, group.title)
        lobby = new_lobby(admin.id, admin.first_name, group.title or "", Rules(), None, 0)
        await uow.games.create(chat_id=group.id, state=lobby.to_dict())
    harness.fake.user_sends(admin, group, "/settings extreme")
    await harness.deliver()
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of this chat: UNO Extreme"), rules
    assert "The next match" not in rules


async def test_a_change_typed_in_a_comments_thread_is_of_the_groups_one_match(harness: Harness) -> None:
    """A group that is no forum has one place to play, whatever thread a message is in (the comments of a
    channel post): its match is the current one there, not one "in another topic", and /rules reads its."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, "/settings turn_seconds 90", thread_id=77)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.endswith("The current match keeps its rules: the change applies from the next one."), answer
    harness.fake.user_sends(admin, group, "/rules", thread_id=77)
    await harness.deliver()
    rules = harness.fake.last_bot_message(group).text or ""
    assert rules.startswith("📜 Rules of the current match: Official rules"), rules


async def test_a_change_during_a_match_says_once_that_it_waits_for_the_next(harness: Harness) -> None:
    """The change's notice says the match keeps its rules: the screen does not repeat it under the notice."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "▶️ Play")
    text = (await press(harness, admin, menu, "▫️ Multi-play: off")).text or ""
    assert "✅ Saved.\nThe current match keeps its rules: the change applies from the next one." in text
    assert "A match is running" not in text, text


@pytest.mark.parametrize("running", [False, True], ids=["no-match", "a-match"])
async def test_a_value_pressed_on_its_rules_screen_is_not_named_again_above_its_topics_list(
    harness: Harness, running: bool
) -> None:
    """(session 58's Left) «✅ Время на ход: 90 секунд» topped the topic's screen a value's press goes back
    to, whose list reads «Время на ход: 90 секунд» just below: the notice says it was saved, and during a
    match that it applies from the next one; a typed change's answer, the group's message, still names it."""
    group, admin, _ = group_with_admin(harness)
    if running:
        await start_a_match(harness, group, admin)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "⏱ Timing")
    menu = await press(harness, admin, menu, f"Turn time: 60 seconds {OPEN}")
    text = (await press(harness, admin, menu, "90 seconds")).text or ""
    waits = "\nThe current match keeps its rules: the change applies from the next one." if running else ""
    assert text.startswith(f"⏱ Timing\n✅ Saved.{waits}\n\nTurn time: 90 seconds\n"), text
    assert text.count("90 seconds") == 1, text
    harness.fake.user_sends(admin, group, "/settings turn_seconds 45")
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(f"✅ Turn time: 45 seconds{waits}")


async def test_a_preset_applied_during_a_match_says_it_waits_for_the_next(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, "/settings house")
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.startswith("✅ Preset “House rules” applied."), answer
    assert answer.endswith("\nA match is running: changes apply from the next match."), answer


@pytest.mark.parametrize(
    ("language", "command", "note"),
    [
        ("en", "/settings target_score", "\nA match is running: changes apply from the next match."),
        ("ru", "/settings цель матча", "\nИдёт матч: изменения действуют со следующего матча."),  # noqa: RUF001
        ("en", "/settings language", None),
    ],
)
async def test_a_rule_named_alone_during_a_match_says_the_value_it_reads_waits_for_the_next_match(
    harness: Harness, language: str, command: str, note: str | None
) -> None:
    """(helper-418's read of a match whose rules the admins changed) "/settings target_score" mid-match read
    "Target score: 200 points" while the match went on to 100: the menu's screen of the rule says the change
    waits for the next match, the typed read did not. The language is no rule: it applies at once."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language  # an answer to one person is in their language
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.endswith(note) if note else "match" not in answer, answer


@pytest.mark.parametrize(
    ("language", "next_match"),
    [
        ("en", "The next match: UNO Extreme · 7 cards each · own-hand points, ends at 500, lowest wins"),
        (
            "ru",
            "Следующий матч: УНО Экстрим · по 7 карт · очки своей руки, конец на 500, побеждает меньший счёт",  # noqa: RUF001
        ),
    ],
)
async def test_rules_during_a_match_name_the_rules_of_the_next_one(
    harness: Harness, language: str, next_match: str
) -> None:
    """An admin switched to Extreme mid-match: /rules said only "the next match plays by them (/settings)",
    and a player who is no admin, sent to /settings, could not open its topics (their buttons send them back
    to /rules). /rules names the next match's rules in the lobby's words."""
    group, admin, player = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    harness.fake.user_sends(admin, group, "/settings extreme")
    await harness.deliver()
    rules = await rules_text(harness, group, player)
    assert next_match in rules, rules


@pytest.mark.parametrize(
    ("language", "next_match"),
    [("en", "apply from the next match"), ("ru", "со следующего матча")],  # noqa: RUF001
)
async def test_the_language_screen_during_a_match_does_not_say_it_waits_for_the_next_match(
    harness: Harness, language: str, next_match: str
) -> None:
    """The chat's language applies at once (the table and hands are redrawn in it), yet /lang during a match
    said "A match is running: changes apply from the next match"; the rules' screens rightly still say so."""
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(admin, group, f"/settings language {language}")
    await harness.deliver()
    harness.fake.user_sends(admin, group, "/lang")
    await harness.deliver()
    screen = harness.fake.last_bot_message(group).text or ""
    assert next_match not in screen, screen
    menu = await open_menu(harness, group, admin)
    assert next_match in (menu.text or ""), "the rules' screens keep their note"


async def test_a_change_without_effect_during_a_match_leaves_the_next_match_the_same(
    harness: Harness,
) -> None:
    group, admin, _ = group_with_admin(harness)
    await start_a_match(harness, group, admin)
    harness.fake.user_sends(
        admin, group, "/settings blank_effect wild"
    )  # the classic deck has no blank cards
    await harness.deliver()
    rules = await rules_text(harness, group, admin)
    assert rules.startswith("📜 Rules of the current match: Official rules")
    assert "The next match:" not in rules, rules  # (the note read "the next match plays by them" once)


@pytest.mark.parametrize(
    ("language", "same", "named"),
    [
        (
            "en",
            "Now: Official rules · 7 cards each · to 500 points · 60\u00a0s a turn",
            "Current match: Official rules · 7 cards each · to 500 points · 60\u00a0s a turn\n"
            "Next match: House rules · 7 cards each · to 500 points · 60\u00a0s a turn",
        ),
        (
            "ru",
            "Сейчас: Официальные правила · по 7 карт · до 500 очков · 60\u00a0с на ход",  # noqa: RUF001
            "Текущий матч: Официальные правила · по 7 карт · до 500 очков · 60\u00a0с на ход\n"  # noqa: RUF001
            "Следующий матч: Домашние правила · по 7 карт · до 500 очков · 60\u00a0с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_menus_home_during_a_match_of_other_rules_names_the_matchs_and_the_nexts(
    harness: Harness, language: str, same: str, named: str
) -> None:
    """(session 54's /settings) the home read "Now: House rules" while the match went on by the official
    rules: the note below it said a match is running, yet its first line read as the rules being played."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    await start_a_match(harness, group, admin)
    menu = await open_menu(harness, group, admin)
    assert (menu.text or "").split("\n")[1] == same  # the match plays the chat's rules: named once
    harness.fake.user_sends(admin, group, "/settings house")
    await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert (menu.text or "").split("\n", 1)[1].startswith(named + "\n"), menu.text


@pytest.mark.parametrize(
    ("language", "now", "named"),
    [
        (
            "en",
            "Now: Official rules · 7 cards each · to 500 points · 30\u00a0s a turn",
            "Current match: Official rules · 7 cards each · to 500 points · 60\u00a0s a turn\n"
            "Next match: Official rules · 7 cards each · to 500 points · 30\u00a0s a turn",
        ),
        (
            "ru",
            "Сейчас: Официальные правила · по 7 карт · до 500 очков · 30\u00a0с на ход",  # noqa: RUF001
            "Текущий матч: Официальные правила · по 7 карт · до 500 очков · 60\u00a0с на ход\n"  # noqa: RUF001
            "Следующий матч: Официальные правила · по 7 карт · до 500 очков · 30\u00a0с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_the_menus_home_shows_a_typed_turn_time_as_the_lobby_does(
    harness: Harness, language: str, now: str, named: str
) -> None:
    """(session 56, two admins' transcript) After "/settings turn_seconds 30" the home still read "Now:
    Official rules", while the lobby's line said "30 s a turn": a preset's name says nothing of its figures.
    During a match of 60 s a turn it read "Current match: Official rules / Next match: Official rules"."""
    group, admin, _ = group_with_admin(harness)
    for command in (f"/lang {language}", "/settings turn_seconds 30"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    menu = await open_menu(harness, group, admin)
    assert (menu.text or "").split("\n")[1] == now, menu.text
    await start_a_match(harness, group, admin)  # of the official rules, 60 s a turn
    menu = await open_menu(harness, group, admin)
    assert (menu.text or "").split("\n", 1)[1].startswith(named + "\n"), menu.text


@pytest.mark.parametrize(
    ("language", "now", "playing", "upcoming"),
    [
        (
            "en",
            "⚙️ Rules of this chat: Official rules (Catch window: 3 seconds) · 7 cards each · to 500 points"
            " · 30\u00a0s a turn. Only",
            "⚙️ Rules of the current match: Official rules · 7 cards each · to 500 points · 60\u00a0s a"
            " turn. Only",
            "The next match: Official rules (Catch window: 3 seconds) · 7 cards each · to 500 points ·"
            " 30\u00a0s a turn",
        ),
        (
            "ru",
            "⚙️ Правила этого чата: Официальные правила (Время на поимку: 3 секунды) · по 7 карт · до 500"
            " очков · 30\u00a0с на ход. Менять",  # noqa: RUF001
            "⚙️ Правила идущего матча: Официальные правила · по 7 карт · до 500 очков · 60\u00a0с на ход."  # noqa: RUF001
            " Менять",
            "Следующий матч: Официальные правила (Время на поимку: 3 секунды) · по 7 карт · до 500 очков ·"
            " 30\u00a0с на ход",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_members_settings_line_names_the_rules_as_the_menus_home_does(
    harness: Harness, language: str, now: str, playing: str, upcoming: str
) -> None:
    """(session 56 follow-up) The menu's home named the rules with their figures as the lobby's line does,
    a member's /settings still by /rules' title alone: "Rules of this chat: Official rules" after
    "/settings turn_seconds 30" and "/settings uno_window_seconds 3", where the home read "Official rules
    (Catch window: 3 seconds) · 7 cards each · to 500 points · 30 s a turn"."""
    group, admin, member = group_with_admin(harness)
    member.language_code = language
    for command in (f"/lang {language}", "/settings turn_seconds 30", "/settings uno_window_seconds 3"):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    home = (await open_menu(harness, group, admin)).text or ""
    said = await open_menu(harness, group, member)
    assert (said.text or "").startswith(now), said.text or ""
    assert (said.text or "").split(": ", 1)[1].split(". ")[0] in home, (said.text, home)  # the home's words
    await start_a_match(harness, group, admin)  # of the official rules, 60 s a turn
    said = await open_menu(harness, group, member)
    lines = (said.text or "").splitlines()
    assert lines[0].startswith(playing) and lines[1].endswith(upcoming), lines


async def test_settings_is_for_groups(harness: Harness) -> None:
    """(a newcomer's first hour, session 58) /settings in the private chat said only that it works in
    groups: one looking for their own settings there was not told that /lang and /colours are those."""
    alice = harness.fake.add_user("Alice", started_bot=True, language_code="ru")
    harness.fake.user_sends(alice, harness.fake.private_chat(alice), "/settings")
    await harness.deliver()
    answer = harness.fake.last_bot_message(harness.fake.private_chat(alice))
    assert answer.text == (
        "Правила и язык группы задаются в ней самой: отправьте /settings в группе, где вы играете, или"
        " добавьте меня в свою группу (кнопка ниже). А ваши собственные настройки — здесь: /lang — язык,"  # noqa: RUF001
        " /colours — буквы цветов на картах."
    )
    assert answer.buttons == [
        [
            {
                "text": "\N{HEAVY PLUS SIGN} Добавить меня в группу",
                "url": "https://t.me/uno_test_bot?startgroup=true",
            }
        ]
    ]


async def test_the_menu_answers_in_the_forum_topic_it_was_asked_in(harness: Harness) -> None:
    admin = harness.fake.add_user("Alice")
    forum = harness.fake.add_group("Club", creator=admin, forum=True)
    topic = harness.fake.add_topic(forum, "UNO")
    harness.fake.user_sends(admin, forum, "/settings@uno_test_bot", thread_id=topic)
    await harness.deliver()
    menu = harness.fake.last_bot_message(forum)
    assert menu.thread_id == topic and "⚙️ Rules of this chat" in (menu.text or "")
    menu = await press(harness, admin, menu, "House rules")
    assert menu.thread_id == topic
    assert await stored_rules(harness, forum) == preset("house")


@pytest.mark.parametrize("button", ["Official rules", "⏱ Timing"], ids=["a-change", "browsing"])
async def test_a_demoted_admin_loses_the_menu_at_once_when_telegram_reports_it(
    harness: Harness, button: str
) -> None:
    """Browsing trusts the cached admin list: the report of the demotion drops it."""
    group, _, player = group_with_admin(harness)
    harness.fake.make_admin(player, group)
    menu = await open_menu(harness, group, player)
    await press(harness, player, menu, "House rules")
    assert await stored_rules(harness, group) == preset("house")
    # Demoted by the owner; Telegram sends a chat_member update (the bot gets them as an admin).
    old, new = Member(player, "administrator"), Member(player, "member")
    group.members[player.id] = new
    harness.fake.push_update(
        "chat_member",
        {
            "chat": group.to_api(),
            "from": player.to_api(),
            "date": harness.fake.now(),
            "old_chat_member": old.to_api(),
            "new_chat_member": new.to_api(),
        },
    )
    await harness.deliver()
    query = harness.fake.user_presses(player, menu, button)
    await harness.deliver()
    assert query.show_alert and query.answer_text == ADMINS_ONLY
    assert await stored_rules(harness, group) == preset("house")


async def test_browsing_the_menu_asks_about_the_presser_at_most_every_few_seconds(harness: Harness) -> None:
    """Browsing trusts the admin list, or the presser's last ask, for RECHECK_SECONDS; a press that changes
    something asks Telegram whether the presser is still an admin each time."""
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    asked = len(harness.fake.calls_to("getChatMember"))
    menu = await press(harness, admin, menu, "⏱ Timing")
    menu = await press(harness, admin, menu, f"Turn time: 60 seconds {OPEN}")
    assert len(harness.fake.calls_to("getChatMember")) == asked
    menu = await press(harness, admin, menu, "90 seconds")
    assert len(harness.fake.calls_to("getChatMember")) == asked + 1
    harness.clock.advance(RECHECK_SECONDS - 1)  # the change's ask counts for browsing
    menu = await press(harness, admin, menu, f"Turn time: 90 seconds {OPEN}")
    assert len(harness.fake.calls_to("getChatMember")) == asked + 1
    harness.clock.advance(1)
    await press(harness, admin, menu, "« Back")
    assert len(harness.fake.calls_to("getChatMember")) == asked + 2


async def test_a_member_whose_rights_change_within_their_status_leaves_the_admin_list_cached(
    harness: Harness,
) -> None:
    """Only a change of status (promoted, demoted) makes the cached admin list stale: a chat_member update
    for an admin's rights edited, as admin still, costs no new getChatAdministrators."""
    group, admin, player = group_with_admin(harness)
    harness.fake.make_admin(player, group)
    menu = await open_menu(harness, group, admin)
    lists = len(harness.fake.calls_to("getChatAdministrators"))
    harness.fake.push_update(
        "chat_member",
        {
            "chat": group.to_api(),
            "from": admin.to_api(),
            "date": harness.fake.now(),
            "old_chat_member": Member(player, "administrator").to_api(),
            "new_chat_member": Member(player, "administrator").to_api(),
        },
    )
    await harness.deliver()
    await press(harness, admin, menu, "⏱ Timing")
    assert len(harness.fake.calls_to("getChatAdministrators")) == lists


async def test_a_demoted_admin_cannot_change_rules_while_the_admin_list_is_cached(harness: Harness) -> None:
    group, _, player = group_with_admin(harness)
    harness.fake.make_admin(player, group)
    menu = await open_menu(harness, group, player)
    menu = await press(harness, player, menu, "House rules")
    # Demoted by the owner; the bot is no admin, so Telegram does not tell it (no chat_member update).
    group.members[player.id] = Member(player, "member")
    harness.clock.advance(30)  # the cached admin list still names them
    query = harness.fake.user_presses(player, menu, "UNO Extreme")
    await harness.deliver()
    assert query.show_alert and query.answer_text == ADMINS_ONLY
    harness.fake.user_sends(player, group, "/settings multi_play on")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == TYPED_ADMINS_ONLY
    assert await stored_rules(harness, group) == preset("house")


@pytest.mark.parametrize("button", ["⏱ Timing", "Done"])
async def test_a_demoted_admin_is_refused_at_their_first_press_while_the_admin_list_is_cached(
    harness: Harness, button: str
) -> None:
    """(session 56) Demoted while the bot, no admin, is not told: they browsed the menu for up to a minute on
    the cached admin list ("« Back" worked), and only a change was refused ("Only chat admins…")."""
    group, _, player = group_with_admin(harness)
    harness.fake.make_admin(player, group)
    menu = await open_menu(harness, group, player)
    menu = await press(harness, player, menu, "House rules")
    group.members[player.id] = Member(player, "member")
    harness.clock.advance(RECHECK_SECONDS)  # the cached admin list still names them
    query = harness.fake.user_presses(player, menu, button)
    await harness.deliver()
    assert query.show_alert and query.answer_text == ADMINS_ONLY
    assert (group.id, menu.message_id) in harness.fake.messages
    assert len(harness.fake.calls_to("getChatAdministrators")) == 1


async def test_a_demoted_admin_refused_a_change_cannot_browse_the_menu_either(harness: Harness) -> None:
    """Telegram, asked about the change, said they are no admin: the cached list naming them drops them."""
    group, _, player = group_with_admin(harness)
    harness.fake.make_admin(player, group)
    menu = await open_menu(harness, group, player)
    group.members[player.id] = Member(player, "member")
    for button in ("House rules", "⏱ Timing"):
        query = harness.fake.user_presses(player, menu, button)
        await harness.deliver()
        assert query.show_alert and query.answer_text == ADMINS_ONLY, button


@pytest.mark.parametrize("later", [0, 120], ids=["admins-cached", "admins-read-anew"])
async def test_a_menu_left_in_a_group_that_became_a_supergroup_is_out_of_date(
    harness: Harness, later: int
) -> None:
    """Telegram refuses every question about the old group: its owner read that only admins may press."""
    group, admin, _ = group_with_admin(harness)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "▶️ Play")  # admins read
    supergroup = harness.fake.migrate_to_supergroup(group)
    await harness.deliver()
    harness.clock.advance(later)
    query = harness.fake.user_presses(admin, menu, "▫️ Multi-play: off")
    await harness.deliver()
    assert query.show_alert
    assert query.answer_text == "This message is out of date: send /settings to open it again."
    assert await stored_rules(harness, supergroup) == preset("official")


@pytest.mark.parametrize("command", ["/settings hand_size 8", "/settings"])
async def test_a_command_deleted_before_the_answer_still_gets_it(harness: Harness, command: str) -> None:
    """A "delete commands" bot, or the admin, removes the command at once: the answer comes anyway."""
    group, admin, _ = group_with_admin(harness)
    said = harness.fake.user_sends(admin, group, command)
    harness.fake.delete_message(said)
    await harness.deliver()
    answers = harness.fake.bot_messages_in(group)
    assert len(answers) == 1 and answers[0].text


@pytest.mark.parametrize(
    ("language", "command", "answer"),
    [
        (
            "ru",
            "/settings hand_size",
            "Раздача: 7 карт\nПоменять: /settings hand_size значение. Значения для ввода: от 5 до 10.",  # noqa: RUF001
        ),
        (
            "en",
            "/settings Stacking",
            "Stacking: off\nTo change it: /settings stacking value. Possible values: off; same — +2 on +2,"
            " +4 on +4; mixed — +2 or +4 on +2, +4 on +4.",
        ),
        (
            "en",
            "/settings force-play",
            "Force play: off\nTo change it: /settings force_play value. Possible values: on, off.",
        ),
        (
            "ru",
            "/settings Чёрная на чёрную",
            "Чёрная на чёрную: вкл.\nПоменять: /settings Чёрная на чёрную значение. Значения для ввода:"  # noqa: RUF001
            " вкл, выкл.",
        ),
        (
            "en",
            "/settings turn time",
            "Turn time: 60 seconds\nTo change it: /settings turn time value. Possible values: from 15 to"
            " 600 seconds (or 0 for off).",
        ),
        (
            "ru",
            "/settings language",
            "Язык: русский\nПоменять: /settings language значение. Значения для ввода: en — English; ru —"  # noqa: RUF001
            " Русский.",
        ),
    ],
)
async def test_a_setting_named_without_a_value_tells_its_value_and_what_to_type(
    harness: Harness, language: str, command: str, answer: str
) -> None:
    """(found by an admin's-evening audit) "/settings hand_size" got the general usage, which names neither
    the rule's value now nor the values it takes."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language  # an answer to one person is in their language
    for sent in (f"/lang {language}", command):
        harness.fake.user_sends(admin, group, sent)
        await harness.deliver()
    assert harness.fake.last_bot_message(group).text == answer


async def test_the_preset_named_without_one_gets_the_usage(harness: Harness) -> None:
    """A preset has no value of its own to tell, as a rule or the language has: "/settings preset" is
    answered with how to type one, not with the language's values."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings preset")
    await harness.deliver()
    answer = harness.fake.last_bot_message(group).text or ""
    assert answer.startswith("To change a rule by command: /settings name value"), answer


@pytest.mark.parametrize(
    ("command", "answer"),
    [
        (
            "/settings время",
            "❌ Настройки «время» нет. Настройки с этим в названии: Время на поимку, Время на ход,"  # noqa: RUF001
            " Время на хлопок.",
        ),
        ("/settings накопленние", "❌ Настройки «накопленние» нет. Может быть, /settings накопление?"),
        ("/settings помощь", "Поменять правило командой: /settings название значение"),
    ],
)
async def test_a_word_alone_that_names_no_setting_is_answered_with_the_one_it_is_likely_meant_for(
    harness: Harness, command: str, answer: str
) -> None:
    """(helper-529's read of a Russian group's settings evening) «/settings время», a word of three settings'
    names, and a typo of one typed alone got the usage, which names none: only a name typed with a value
    was looked up. A word like no setting's still gets the usage."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = "ru"
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answer)


@pytest.mark.parametrize(
    ("language", "command", "answer"),
    [
        (
            "ru",
            "/settings накопленние вкл",
            "❌ Настройки «накопленние» нет. Может быть, /settings накопление?",
        ),
        (
            "ru",
            "/settings чорная на чёрную выкл",
            "❌ Настройки «чорная» нет. Может быть, /settings чёрная на чёрную выкл?",
        ),
        (
            "ru",
            "/settings время 60",
            "❌ Настройки «время» нет. Настройки с этим в названии: Время на поимку, Время на ход,"  # noqa: RUF001
            " Время на хлопок.",
        ),
        # (session 47) named as the menu names them, with the engine's name where the label does not hold the
        # word: the list read "draw_rule, extreme_draw_chain"
        (
            "ru",
            "/settings draw вкл",
            "❌ Настройки «draw» нет. Настройки с этим в названии: Добор (draw_rule), Цепочка +2"  # noqa: RUF001
            " (extreme_draw_chain).",
        ),
        (
            "ru",
            "/settings хлопок 3",
            "❌ Настройки «хлопок» нет. Настройки с этим в названии: Хлопок на нуле,"  # noqa: RUF001
            " Время на хлопок.",
        ),
        (
            "en",
            "/settings slap 3",
            "❌ There is no setting “slap”. The settings with it in their name: Zero slap, Slap time.",
        ),
        (
            "en",
            "/settings seconds 30",
            "❌ There is no setting “seconds”. The settings with it in their name: Catch window"
            " (uno_window_seconds), Turn time (turn_seconds), Slap time (slap_seconds).",
        ),
        (
            "ru",
            "/settings цвет красный",
            "❌ Настройки «цвет» нет. Названия настроек: Набор, Колода, Пустые карты, Накопление,"  # noqa: RUF001
            " Вмешательство, 7-0,",
        ),
        # a label typed as one word: the typo spans that word, the rest is the value
        (
            "en",
            "/settings Turn_tme 90",
            "❌ There is no setting “Turn_tme”. Did you mean /settings turn time 90?",
        ),
        (
            "en",
            "/settings colour red",
            "❌ There is no setting “colour”. Setting names: Preset, Deck, Blank cards,",
        ),
    ],
)
async def test_an_unknown_name_is_answered_as_the_admins_language_names_settings(
    harness: Harness, language: str, command: str, answer: str
) -> None:
    """(found by the lead) a Russian admin who typed a setting as the menu names it, or nearly, read the
    engine's English names."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    assert (harness.fake.last_bot_message(group).text or "").startswith(answer)


# A typo of an engine name in each language, the command it is offered as, and the rule and value it sets.
ENGINE_NAME_TYPOS = {
    "en": [("turn 30", "/settings turn time 30", "turn_seconds", 30)],
    "ru": [
        ("turn 30", "/settings время на ход 30", "turn_seconds", 30),
        ("hand_sise 8", "/settings раздача 8", "hand_size", 8),
    ],
}


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_command_a_typo_is_offered_as_is_saved_when_typed(harness: Harness, language: str) -> None:
    """(session 47) A typo of an engine name ("turn 30") was offered back with the engine's name, "/settings
    turn_seconds 30", while the menu and its number screens name it by its label. It is offered as the menu
    names it in the admin's language (the refusal's), lowercase, and typing it back sets the rule."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    for typo, offered, key, value in ENGINE_NAME_TYPOS[language]:
        harness.fake.user_sends(admin, group, f"/settings {typo}")
        await harness.deliver()
        answer = harness.fake.last_bot_message(group).text or ""
        assert offered in answer, answer
        harness.fake.user_sends(admin, group, offered)
        await harness.deliver()
        assert getattr(await stored_rules(harness, group), key) == value
        harness.clock.advance(61)  # the next commands are no flood


# Numbers whose screens say how to type them: each one's topic and label in each language, and its engine
# name, a value to set first and its default.
TYPED_NUMBERS = {
    "en": [("⏱ Timing", "Turn time"), ("🏆 Match", "Target score"), ("📣 “UNO!” call", "Catch window")],
    "ru": [("⏱ Время", "Время на ход"), ("🏆 Матч", "Цель матча"), ("📣 «УНО!»", "Время на поимку")],  # noqa: RUF001
}
NUMBER_KEYS = [("turn_seconds", 0, 60), ("target_score", 1000, 500), ("uno_window_seconds", 30, 10)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_typed_number_a_screen_shows_is_saved_when_typed(harness: Harness, language: str) -> None:
    """(session 47) A number's screen showed how to type it with the engine's name, "/settings target_score
    500", to a Russian admin whose menu says "Цель матча". It shows the name as the menu does, and typing
    what it shows sets the rule."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    for (topic, label), (key, other, default) in zip(TYPED_NUMBERS[language], NUMBER_KEYS, strict=True):
        menu = await press(harness, admin, await open_menu(harness, group, admin), topic)
        menu = await press(harness, admin, menu, next(b for b in buttons(menu) if b.startswith(f"{label}:")))
        shown = next(line for line in (menu.text or "").splitlines() if "/settings" in line)
        example = shown[shown.index("/settings") :]
        assert example == f"/settings {label.lower()} {default}"
        harness.fake.user_sends(admin, group, f"/settings {key} {other}")
        harness.fake.user_sends(admin, group, example)
        await harness.deliver()
        assert (harness.fake.last_bot_message(group).text or "").startswith(f"✅ {label}:")
        assert getattr(await stored_rules(harness, group), key) == default
        harness.clock.advance(61)  # the next menu and commands are no flood


async def test_the_language_is_typed_as_the_menu_names_it(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings язык русский")
    await harness.deliver()
    assert harness.fake.last_bot_message(group).text == "✅ Язык: русский."


async def test_a_number_screen_and_an_unknown_name_tell_what_can_be_typed(harness: Harness) -> None:
    """The buttons offer some steps of a number; the menu says any value in range can be typed, and how."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, "/settings colour 20")
    await harness.deliver()
    unknown = harness.fake.last_bot_message(group).text or ""
    assert "Catch window" in unknown and "Target score" in unknown
    menu = await open_menu(harness, group, admin)
    menu = await press(harness, admin, menu, "🏆 Match")
    menu = await press(harness, admin, menu, f"Target score: 500 points {OPEN}")
    assert "You can type any value from 100 to 2000: /settings target score 500" in (menu.text or "")
    assert "400 points" not in buttons(menu)
    hand_size = await press(
        harness, admin, await press(harness, admin, menu, "« Back"), f"Hand size: 7 cards {OPEN}"
    )
    # a button for every value from 5 to 10: nothing left to type
    assert "10 cards" in buttons(hand_size) and "You can type any value" not in (hand_size.text or "")
    harness.fake.user_sends(admin, group, "/settings target_score 400")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == 400


@pytest.mark.parametrize(
    ("language", "timing", "opens", "default", "chosen"),
    [
        (
            "en",
            "⏱ Timing",
            f"Out after: 3 timeouts {OPEN}",
            "Default: 3 timeouts",
            "Out after: 5 timeouts",
        ),
        ("ru", "⏱ Время", f"Просрочек до вылета: 3 {OPEN}", "По умолчанию: 3", "Просрочек до вылета: 5"),
    ],
)
async def test_the_timeouts_a_player_is_allowed_read_whole_on_a_phone(
    harness: Harness, language: str, timing: str, opens: str, default: str, chosen: str
) -> None:
    """The Russian screen read «По умолчанию: 3 просроченных ходов» over buttons «1 просроченного хода», a
    genitive without the label's «после», and in both languages the ten values, too long to share a row,
    took a row each."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    menu = await press(harness, admin, await open_menu(harness, group, admin), timing)
    menu = await press(harness, admin, menu, opens)
    assert default in (menu.text or "").splitlines(), menu.text
    values = menu.button_texts[:-1]  # above « Back
    assert len(values) <= 5, values
    menu = await press(harness, admin, menu, chosen.rsplit(": ", 1)[1])  # "5 timeouts" / "5"
    assert (await stored_rules(harness, group)).afk_limit == 5
    assert chosen in (menu.text or "")


@pytest.mark.parametrize(
    ("language", "defaults", "all_rules"),
    [
        (
            "en",
            "• Official rules — Mattel's rules, no house rules: every rule at its default.",
            "/rules explains them all in plain words.",
        ),
        (
            "ru",
            "• Официальные правила — правила Mattel без домашних правил: всё по умолчанию.",
            "простыми словами может каждый: /rules.",
        ),
    ],
)
async def test_the_menu_tells_a_new_admin_how_to_start_over_and_where_all_the_rules_are(
    harness: Harness, language: str, defaults: str, all_rules: str
) -> None:
    """The home screen named each preset and the rules' topics, but an admin who had changed a few rules
    found no "defaults" to go back to, and the rules as a whole (/rules) were named only to those who are no
    admin, by the alert their press got."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    home = (await open_menu(harness, group, admin)).text or ""
    assert defaults in home and all_rules in home, home


@pytest.mark.parametrize(
    ("command", "typed"),
    [
        ("/settings /everyone_out 1", "/everyone_out"),
        ("/settings target_score @someone", "@someone"),
        ("/settings preset play.example.com", "play.example.com"),
    ],
)
async def test_a_refused_typed_setting_is_echoed_as_plain_text(
    harness: Harness, command: str, typed: str
) -> None:
    """The answer quoted what was typed as Telegram reads it: "/everyone_out" became a command any member
    could send the group with one tap, "@someone" a mention of another account, an address a link."""
    group, admin, _ = group_with_admin(harness)
    harness.fake.user_sends(admin, group, command)
    await harness.deliver()
    answer = harness.fake.last_bot_message(group)
    units = (answer.text or "").encode("utf-16-le")
    tapped = [
        units[2 * e["offset"] : 2 * (e["offset"] + e["length"])].decode("utf-16-le") for e in answer.entities
    ]
    assert typed.replace(".", "") in (answer.text or "").replace(WORD_JOINER, "").replace(".", "")
    assert not [text for text in tapped if typed.startswith(text) or text in typed], (answer.text, tapped)
