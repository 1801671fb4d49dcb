"""Which language one whose Telegram app the bot does not write in reads: an app in another language (German,
Brazilian Portuguese) reads English, the international fallback; an app that says no language reads, in a
group, the group's language (their toasts, alerts and command answers there alike), in private the bot's
DEFAULT_LANGUAGE."""

from __future__ import annotations

import asyncio
import re

import pytest

from bot.engine.rules import PRESETS
from bot.i18n import Language, Translator
from bot.tg.callback_data import Action
from bot.tg.command_menus import PRIVATE_COMMANDS
from tests.e2e.harness import World, press_action, standing_still
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import store_chat

SCOPES = ("all_group_chats", "all_chat_administrators", "all_private_chats")
UNWRITTEN = "Your Telegram is set to a language I don't write in, so I chose English."


def russian(text: str | None) -> bool:
    return re.search("[а-яё]", (text or "").lower()) is not None  # noqa: RUF001 (Cyrillic letters)


async def test_a_german_reads_english_in_private_and_on_his_toasts(world: World, fake: FakeTelegram) -> None:
    """Jürgen's app is in German, on a bot whose DEFAULT_LANGUAGE is Russian: his /help in private, his Join
    toast in a Russian group and his /lang read Russian, which he does not expect. Now English, and /lang
    says why."""
    alice, jurgen = fake.add_user("Alice", language_code="ru"), fake.add_user("Jürgen", language_code="de")
    group = fake.add_group("Freunde", members=[alice, jurgen])
    await store_chat(world, group, PRESETS["official"], language="ru")
    private = fake.private_chat(jurgen)
    async with world.running(default_language="ru") as bot:
        for user in (alice, jurgen):
            fake.user_starts_bot(user)
        fake.user_sends(jurgen, private, "/help")
        await bot.deliver()
        assert (fake.last_bot_message(private).text or "").startswith("UNO: commands")
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        joined = press_action(fake, jurgen, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        assert joined.answer_text == "You joined the game." and not joined.show_alert
        fake.user_sends(jurgen, private, "/lang")
        await bot.deliver()
        assert (fake.last_bot_message(private).text or "").startswith(f"{UNWRITTEN}\nYour language: English.")


async def test_one_whose_app_says_no_language_reads_the_groups_there_and_the_default_in_private(
    world: World, fake: FakeTelegram
) -> None:
    """Nobody's app says no language, in an English group on a bot whose DEFAULT_LANGUAGE is Russian: his
    Join toast read "Вы в игре." while his /stats there was answered in English. Now all he reads in the
    group is English, and in private (his /stats, /lang) Russian, with no word of an app language."""
    alice, nobody = fake.add_user("Alice", language_code="en"), fake.add_user("Nobody", language_code=None)
    group = fake.add_group("Friends", members=[alice, nobody])
    await store_chat(world, group, PRESETS["official"], language="en")
    private = fake.private_chat(nobody)
    async with world.running(default_language="ru") as bot:
        for user in (alice, nobody):
            fake.user_starts_bot(user)
        fake.user_sends(alice, group, "/new")
        await bot.deliver()
        joined = press_action(fake, nobody, fake.last_bot_message(group), Action.JOIN)
        await bot.deliver()
        assert joined.answer_text == "You joined the game." and not joined.show_alert
        fake.user_sends(nobody, group, "/stats")
        await bot.deliver()
        in_group = fake.last_bot_message(group).text
        assert in_group and not russian(in_group), in_group
        fake.user_sends(nobody, private, "/stats")
        await bot.deliver()
        assert russian(fake.last_bot_message(private).text)
        fake.user_sends(nobody, private, "/lang")
        await bot.deliver()
        assert (fake.last_bot_message(private).text or "").startswith("Ваш язык: русский.")


@pytest.mark.new_telegram  # (tests/set_before.py)
@pytest.mark.parametrize("default_language", ["ru", "en"])
async def test_the_command_menus_read_as_the_bot_writes_to_each_app(
    world: World, fake: FakeTelegram, default_language: Language
) -> None:
    """The menus without a language code (Telegram's for every app whose language has no menu of its own)
    were in DEFAULT_LANGUAGE: a German on a Russian bot read its commands in Russian while it wrote to him in
    English. Now they are in English whatever DEFAULT_LANGUAGE says, and each of the bot's languages has its
    own."""
    async with world.running(default_language=default_language):
        pass
    help_in = {language: Translator().t(language, "command-help") for language in ("en", "ru")}
    readers = {"ru": "ru", "ru-RU": "ru", "en": "en", "en-GB": "en", "de": "en", "pt-br": "en", None: "en"}
    for code, reads in readers.items():
        user = fake.add_user("Reader", language_code=code)
        for scope in SCOPES:  # /help is in every menu
            assert fake.menu_for(user, scope)["help"] == help_in[reads], (code, scope)


@pytest.mark.parametrize("how", ["typed", "pressed"])
async def test_one_who_chose_their_language_reads_their_private_menu_in_it(
    world: World, fake: FakeTelegram, how: str
) -> None:
    """(helper-541's read of a bilingual group, session 59) Hans's app is in German: he chose Russian with
    /lang mid-match, and read his cards, the answers and the prompts in it, but the menu under "/" in the
    chat stayed English, Telegram's for every app without a menu of its own. The group's menus follow each
    member's app, as before. (review, session 59) His choice is answered first, the menu set after it: a
    slow setMyCommands held his press's spinner."""
    hans = fake.add_user("Hans", language_code="de")
    private = fake.private_chat(hans)
    help_in = {language: Translator().t(language, "command-help") for language in ("en", "ru")}
    async with world.running(default_language="en") as bot:
        fake.user_starts_bot(hans)
        await bot.deliver()
        assert fake.menu_for(hans, "all_private_chats")["help"] == help_in["en"]
        if how == "typed":
            fake.user_sends(hans, private, "/lang ru")
        else:
            fake.user_sends(hans, private, "/lang")
            await bot.deliver()
            fake.user_presses(hans, fake.last_bot_message(private), "Русский")
        await bot.deliver()
    own = fake.menu_for(hans, "all_private_chats")
    assert own["help"] == help_in["ru"] and list(own) == list(PRIVATE_COMMANDS)  # the private chat's commands
    assert fake.menu_for(hans, "all_group_chats")["help"] == help_in["en"]
    answered = "answerCallbackQuery" if how == "pressed" else "sendMessage"
    assert [call.method for call in fake.calls if call.method in (answered, "setMyCommands")][-2:] == [
        answered,
        "setMyCommands",
    ]


async def test_the_last_of_two_quick_choices_sets_the_private_menu(world: World, fake: FakeTelegram) -> None:
    """(review, session 59) Hans pressed Русский, and while its menu was on its way typed `/lang en`: each
    choice set the menu as it was answered, Russian's landed last, and his chat, in English, had its menu in
    Russian. A person's menu is set once at a time, in the language chosen last."""
    hans = fake.add_user("Hans", language_code="de")
    private = fake.private_chat(hans)
    help_in = {language: Translator().t(language, "command-help") for language in ("en", "ru")}
    async with world.running(default_language="en") as bot:
        fake.user_starts_bot(hans)
        fake.user_sends(hans, private, "/lang")
        await bot.deliver()
        on_its_way, landing = asyncio.Event(), asyncio.Event()

        async def hold_the_first_menu(method: str, chat_id: str | None) -> None:
            if method == "setMyCommands" and not on_its_way.is_set():
                on_its_way.set()
                await landing.wait()

        async def russian_on_its_way() -> bool:
            return on_its_way.is_set()

        fake.transit = hold_the_first_menu
        fake.user_presses(hans, fake.last_bot_message(private), "Русский")
        pressed = await bot.handed()
        await standing_still(russian_on_its_way, "the Russian menu on its way")
        fake.user_sends(hans, private, "/lang en")
        await bot.clock.run(asyncio.gather(*await bot.handed()))
        landing.set()
        await bot.clock.run(asyncio.gather(*pressed))
        await bot.settle()
    assert fake.menu_for(hans, "all_private_chats")["help"] == help_in["en"]
