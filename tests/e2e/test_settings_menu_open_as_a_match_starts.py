"""A settings menu opened in the lobby is redrawn as the match starts (test_settings_menu_follows_matches),
yet a press may have been made on it as it read before: a change made from then on is told to wait for the
next match on the menu the press redraws (its toast says "Saved.", not that again)."""

from __future__ import annotations

import pytest

from bot.engine.rules import preset
from bot.service.settings import rules_for_chat, rules_in_play
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram


@pytest.mark.parametrize(
    ("language", "toast", "note"),
    [
        (
            "en",
            "Saved.",
            "A match is running: changes apply from the next match.",
        ),
        (
            "ru",
            "Сохранено.",
            "Идёт матч: изменения действуют со следующего матча.",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_change_on_a_menu_opened_in_the_lobby_is_told_to_wait_for_the_next_match(
    world: World, fake: FakeTelegram, language: str, toast: str, note: str
) -> None:
    """(session 54's /settings) Alice opened the menu in the lobby, started the match, and chose House rules
    on the menu, which read no word of the match: the menu redrawn by the press says it waits (session 55's
    toast said it too, session 60's says "Saved." once)."""
    alice, bob = (fake.add_user(name, language_code=language) for name in ("Alice", "Bob"))
    group = fake.add_group("Friends", members=[bob], creator=alice)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        fake.user_sends(alice, group, "/settings")
        await bot.deliver()
        menu = fake.last_bot_message(group)
        assert note not in (menu.text or "")
        press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        house = [text for row in menu.button_texts for text in row][
            1
        ]  # the presets lead: official, house, ...
        query = fake.user_presses(alice, menu, house)
        await bot.deliver()
        assert query.answer_text == toast and not query.show_alert
        assert f"\n{note}\n" in (menu.text or ""), menu.text
        # The chat's language is no rule: it applies at once, match or not.
        opened = fake.user_presses(
            alice, menu, next(t for row in menu.button_texts for t in row if "🌐" in t)
        )
        await bot.deliver()
        assert opened.answered
        chosen = next(text for text in menu.button_texts[0] if text.startswith("✅"))
        query = fake.user_presses(alice, menu, chosen)
        await bot.deliver()
        assert query.answer_text in ("Saved.", "Сохранено.")
        async with bot.rt.database.unit_of_work() as uow:
            assert await rules_for_chat(uow, group.id) == preset("house")
            assert await rules_in_play(uow, group.id, 0) == preset("official")
