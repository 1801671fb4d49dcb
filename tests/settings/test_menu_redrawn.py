"""A setting typed while the chat's menu is open (`/settings turn_seconds 60`, a preset, `/lang ru`): the
menu shows the new values at once, on the screen its admin left it on. Before, it showed the old values
until pressed, so an admin reading it after typing a change thought it had not been saved."""

from __future__ import annotations

from tests.fake_bot_api import Chat, Message, User
from tests.settings.conftest import Harness
from tests.settings.menu_steps import OPEN, buttons, group_with_admin, open_menu, press


def now(harness: Harness, menu: Message) -> Message:
    """The menu as it reads now (edits included)."""
    return harness.fake.messages[(menu.chat.id, menu.message_id)]


async def typed(harness: Harness, group: Chat, sender: User, command: str) -> None:
    harness.fake.user_sends(sender, group, command)
    await harness.deliver()


async def test_a_typed_number_redraws_the_menu_on_its_screen(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await press(harness, admin, await open_menu(harness, group, admin), "⏱ Timing")
    await typed(harness, group, admin, "/settings turn_seconds 90")
    shown = now(harness, menu)
    assert "Turn time: 90 seconds" in (shown.text or "")
    assert f"Turn time: 90 seconds {OPEN}" in buttons(shown)  # still the Timing screen
    # a rule's own screen marks the value typed
    await press(harness, admin, shown, f"Turn time: 90 seconds {OPEN}")
    await typed(harness, group, admin, "/settings turn_seconds 30")
    assert "✅ 30 seconds" in buttons(now(harness, menu))


async def test_a_typed_preset_and_language_redraw_the_home_screen(harness: Harness) -> None:
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    await typed(harness, group, admin, "/settings house")
    assert now(harness, menu).button_texts[:2] == [["Official rules"], ["✅ House rules"]]
    await typed(harness, group, admin, "/lang ru")
    assert "Сейчас: Домашние правила" in (now(harness, menu).text or "")


async def test_a_typed_rule_leaves_a_menu_just_opened_on_its_screen(harness: Harness) -> None:
    """Opened by /settings (home) or /lang (the language), the menu stays there when a rule is typed: not
    sent to the rule's topic."""
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    await typed(harness, group, admin, "/settings turn_seconds 90")
    assert (now(harness, menu).text or "").startswith("⚙️ Rules of this chat")
    await typed(harness, group, admin, "/lang")
    language = harness.fake.last_bot_message(group)
    await typed(harness, group, admin, "/settings multi_play on")
    assert (now(harness, language).text or "").startswith("Language: English")


async def test_a_closed_menu_is_left_alone(harness: Harness) -> None:
    """(a menu gone after its time: tests/e2e/test_group_leftovers.py)"""
    group, admin, _ = group_with_admin(harness)
    menu = await open_menu(harness, group, admin)
    harness.fake.user_presses(admin, menu, "Done")
    await harness.deliver()
    await typed(harness, group, admin, "/settings turn_seconds 90")
    assert (menu.chat.id, menu.message_id) not in harness.fake.messages
    assert (harness.fake.last_bot_message(group).text or "").startswith("✅ Turn time")
    assert harness.fake.calls_to("editMessageText") == []
