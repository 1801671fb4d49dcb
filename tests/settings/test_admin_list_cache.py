"""Who is an admin, as the cached admin list and the asks about one member alone tell it: when each is read
anew, and a Telegram that cannot answer just now."""

from __future__ import annotations

import asyncio
import gc

import pytest

from bot.engine.rules import Rules, preset
from bot.tg.settings_admins import CACHE_SECONDS, RECHECK_SECONDS, AdminCache
from tests.e2e.harness import SORRY, standing_still
from tests.fake_bot_api import Member
from tests.fake_bot_api.errors import ApiError, bad_request
from tests.settings.conftest import Harness
from tests.settings.menu_steps import OPEN, group_with_admin, open_menu, press, stored_rules


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
