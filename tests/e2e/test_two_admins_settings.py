"""Two admins with /settings at once (session 56's transcript): the group has one menu, a newer one replacing
the one before; a press on the menu replaced, or closed with Done, that reaches the bot after it went changes
nothing, since no menu would show the change."""

from __future__ import annotations

import pytest

from bot.engine.rules import preset
from bot.service.settings import rules_for_chat
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram

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
