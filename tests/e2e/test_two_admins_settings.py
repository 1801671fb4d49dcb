"""Two admins with /settings at once (session 56's transcript): the group has one menu, a newer one replacing
the one before; a press on the menu replaced, or closed with Done, that reaches the bot after it went changes
nothing, since no menu would show the change."""

from __future__ import annotations

import pytest

from bot.engine.rules import preset
from bot.service.settings import rules_for_chat
from tests.e2e.harness import Bot, World, standing_still
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import too_many_requests

STALE = "This message is out of date: send /settings to open it again."


@pytest.mark.parametrize("gone", ["replaced", "done"])
async def test_a_press_on_a_menu_gone_meanwhile_changes_nothing(
    world: World, fake: FakeTelegram, gone: str
) -> None:
    """Alice pressed House rules as Bob's /settings replaced her menu (or as he pressed its Done): her press
    reached the bot after the menu was deleted. It was saved ("Saved.") with no menu to show it: Bob's read
    "Now: Official rules" while the chat played House rules, and a setting typed next redrew Alice's deleted
    menu instead of Bob's."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        late = fake.user_presses(alice, menu, "House rules")
        held = fake.hold_back_updates()
        if gone == "replaced":
            fake.user_sends(bob, group, "/settings")
        else:
            fake.user_presses(bob, menu, "Done")
        await bot.deliver()
        assert (group.id, menu.message_id) not in fake.messages
        fake.hand_over_late(held)
        await bot.deliver()

        assert late.answer_text == STALE and late.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("official")
        if gone == "replaced":
            fake.user_sends(bob, group, "/settings house")
            await bot.deliver()
            bobs = fake.bot_messages_in(group)[-2]  # the menu, above the answer to the command
            edited = [int(call.params["message_id"]) for call in fake.calls_to("editMessageText")]
            assert bobs.button_texts[-1] == ["Done"] and edited[-1] == bobs.message_id


async def test_a_menu_closed_with_done_in_a_busy_group_is_gone_at_once(
    world: World, fake: FakeTelegram
) -> None:
    """(review, session 56) The menu closed with Done goes once a flood wait is over (or, in a busy bot,
    after every other write), and meanwhile it counted as up: Alice's /settings sent again was taken as
    answered just above and got nothing, the menu then went, and the group had none; Bob's press on it was
    saved, on a menu about to go, as if it were the chat's."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[bob], creator=alice)
    fake.make_admin(bob, group)
    async with world.running() as bot:
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
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

        assert pressed.answer_text == STALE and pressed.show_alert
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("official")
        assert [(group.id, m.message_id) in fake.messages for m in (menu, again)] == [False, True]


async def _handled_standing_still(bot: Bot) -> None:
    """The pending updates handled, virtual time standing still (the group's writes keep waiting)."""
    handled = await bot.handed()

    async def done() -> bool:
        return all(update.done() for update in handled)

    await standing_still(done, "the updates handled")
