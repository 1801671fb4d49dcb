"""A group's settings menu follows the chat's matches: as one starts it says that changes wait for the next
match, and once it ends (won, stopped) it no longer says a match is running, without anyone pressing it. A
screen that says nothing of a match is not written to."""

from __future__ import annotations

import pytest

from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import ONE_ROUND, deal_short_matches, gather, play_until_over, stop, use_quick_rules
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
