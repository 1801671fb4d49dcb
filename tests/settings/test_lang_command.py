"""/lang: in a group an admin sets the chat's language (a player who presses is told why not, in their own),
in private each person sets their own, typed or pressed, and a group menu's button pressed there is out of
date; the prompts above are redrawn for an hour; Russian names a language in lowercase mid-sentence."""

from __future__ import annotations

import pytest

from bot.service.settings import chat_language, rules_for_chat, user_language
from bot.tg.settings_lang_prompts import PROMPT_SECONDS
from bot.tg.settings_layout import ItemKind, item_for, open_data
from tests.settings.conftest import Harness
from tests.settings.typed_commands import group_with_admin, send


async def test_russian_names_a_language_in_lowercase_mid_sentence_and_its_choice_as_itself(
    harness: Harness,
) -> None:
    """(transcript read, session 56) «✅ Язык: Русский.», «Ваш язык: Русский.»: Russian writes a language's
    name lowercase in a sentence, as the other settings' values are («вкл.»). The choices' buttons name each
    language in itself, capitalised as a label."""
    group, admin = group_with_admin(harness)
    assert (await send(harness, admin, group, "/lang ru")).text == "✅ Язык: русский."
    screen = await send(harness, admin, group, "/lang")
    assert (screen.text or "").startswith("Язык: русский\n"), screen.text
    assert screen.button_texts[0] == ["English", "✅ Русский"]
    home = await send(harness, admin, group, "/settings")
    assert "🌐 Язык: русский" in [text for row in home.button_texts for text in row], home.button_texts


async def test_lang_in_a_group_sets_the_chats_language_from_the_menu(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    screen = await send(harness, admin, group, "/lang")
    assert screen.button_texts[0] == ["✅ English", "Русский"]
    english = screen.buttons[0][0]["callback_data"]  # the screen is edited in place: kept for later
    harness.fake.user_presses(admin, screen, "Русский")
    await harness.deliver()
    home = harness.fake.last_bot_message(group)
    assert "Правила этого чата" in (home.text or "")
    assert "🌐 Язык: русский" in [text for row in home.button_texts for text in row]
    player = harness.fake.add_user("Bob")
    harness.fake.join_group(player, group)
    query = harness.fake.user_presses_data(player, screen, english)
    await harness.deliver()
    assert query.show_alert and query.answer_text == (
        "Only chat admins can change the chat's language. "
        "To choose the language I write to you in, send /lang in the private chat with me."
    )
    carol = harness.fake.add_user("Carol", language_code="ru")
    harness.fake.join_group(carol, group)
    query = harness.fake.user_presses_data(carol, screen, english)
    await harness.deliver()
    assert query.answer_text == (
        "Язык чата могут менять только администраторы. "
        "А на каком языке мне писать лично вам, можно выбрать командой /lang в личном чате со мной."  # noqa: RUF001
    )
    async with harness.database.unit_of_work() as uow:
        assert await chat_language(uow, group.id, "en") == "ru"
    # the chat's language is the group's, not the admin's own
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, admin.id, "en", "en") == "en"


@pytest.mark.parametrize(
    ("language", "told", "button"),
    [
        (
            "en",
            "Only chat admins can change the chat's language. To choose the language I write to you in, send"
            " /lang in the private chat with me.",
            "Open the chat with me",
        ),
        (
            "ru",
            "Язык чата могут менять только администраторы. А на каком языке мне писать лично вам, можно"  # noqa: RUF001
            " выбрать командой /lang в личном чате со мной.",  # noqa: RUF001
            "Открыть чат со мной",  # noqa: RUF001
        ),
    ],
    ids=["en", "ru"],
)
@pytest.mark.parametrize("command", ["/lang", "/lang en"])
async def test_a_member_asking_for_a_language_in_a_group_gets_the_button_to_the_private_chat(
    harness: Harness, command: str, language: str, told: str, button: str
) -> None:
    """(session 62) A member's /lang in a group, bare or typed, said to choose their own language "in the
    private chat with me" with no way there: a newcomer who never opened it was stuck. It comes with the
    button that opens it, as group /help's does."""
    group, _ = group_with_admin(harness)
    newcomer = harness.fake.add_user("Nina", language_code=language)
    harness.fake.join_group(newcomer, group)
    answer = await send(harness, newcomer, group, command)
    assert answer.text == told
    assert answer.buttons == [[{"text": button, "url": f"https://t.me/{harness.fake.bot.username}"}]]


async def test_lang_with_an_argument_in_a_group(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    admin.language_code = "ru"  # a refusal is in its reader's language; the change's notice in the group's
    assert (await send(harness, admin, group, "/lang ru")).text == "✅ Язык: русский."
    assert (await send(harness, admin, group, "/lang de")).text == (
        "❌ Настройка «Язык» не может принимать значение de. Значения для ввода: en — English; ru — Русский."
    )
    assert (await send(harness, admin, group, "/lang ru en")).text == (
        "Сменить язык чата: /lang ru или /lang en (для администраторов) или кнопками /lang."
    )
    async with harness.database.unit_of_work() as uow:
        assert await chat_language(uow, group.id, "en") == "ru"


async def test_lang_in_private_sets_the_users_own_language(harness: Harness) -> None:
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    assert prompt.text == "Your language: English. Choose the language of my messages to you:"
    query = harness.fake.user_presses(alice, prompt, "Русский")
    await harness.deliver()
    assert query.answered
    # (found by an audit of the Russian texts) they read «Язык моих сообщений вам: Русский», a calque
    assert harness.fake.last_bot_message(private).text == "✅ Ваш язык: русский. Теперь я пишу вам на нём."
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "en", "en") == "ru"
    again = await send(harness, alice, private, "/lang")
    assert again.text == "Ваш язык: русский. На каком языке мне вам писать?"  # noqa: RUF001
    assert (await send(harness, alice, private, "/lang en")).text == "✅ I'll write to you in English."
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "ru", "en") == "en"


async def test_a_language_typed_in_private_redraws_the_lang_prompt_above(harness: Harness) -> None:
    """(session 50) After "/lang ru" typed, the /lang prompt above still marked "✅ English"; one pressed
    since says the language it set, and stays so."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.text == "Ваш язык: русский. На каком языке мне вам писать?"  # noqa: RUF001
    assert prompt.button_texts == [["English", "✅ Русский"]]
    harness.fake.user_presses(alice, prompt, "English")
    await harness.deliver()
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.text == "✅ I'll write to you in English." and prompt.button_texts == []


async def test_an_older_lang_prompt_pressed_leaves_the_newest_to_redraw(harness: Harness) -> None:
    """Alice sent /lang twice and pressed the first prompt: the second, which still marks English, is
    redrawn when a language is typed."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    older = await send(harness, alice, private, "/lang")
    newest = await send(harness, alice, private, "/lang")
    harness.fake.user_presses(alice, older, "Русский")
    await harness.deliver()
    await send(harness, alice, private, "/lang ru")
    newest = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == newest.message_id)
    assert newest.button_texts == [["English", "✅ Русский"]]


async def test_a_lang_prompt_an_hour_old_is_left_as_it_was(harness: Harness) -> None:
    """The prompts are redrawn for an hour (bot.tg.settings_lang_prompts): one far up the chat by then keeps
    its marks until pressed."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    private = harness.fake.private_chat(alice)
    prompt = await send(harness, alice, private, "/lang")
    await harness.clock.pass_time(59 * 60)
    await send(harness, alice, private, "/lang ru")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.button_texts == [["English", "✅ Русский"]]  # 59 minutes on: redrawn
    await harness.clock.pass_time(PROMPT_SECONDS - 59 * 60)
    await send(harness, alice, private, "/lang en")
    prompt = next(m for m in harness.fake.bot_messages_in(private) if m.message_id == prompt.message_id)
    assert prompt.button_texts == [["English", "✅ Русский"]]  # an hour on: left as it was


async def test_a_language_typed_in_capitals_in_private_is_read(harness: Harness) -> None:
    """ "/lang RU" (a phone capitalises a lone word) sets it as "/lang ru" does, as in a group."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    said = await send(harness, alice, harness.fake.private_chat(alice), "/lang RU")
    assert said.text == "✅ Ваш язык: русский. Теперь я пишу вам на нём."


async def test_an_over_long_language_in_private_is_quoted_shortened(harness: Harness) -> None:
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    answer = await send(harness, alice, harness.fake.private_chat(alice), "/lang " + "z" * 4085)
    assert answer.text == (
        "❌ “Language” can't be " + "z" * 31 + "… Possible values: en — English; ru — Русский."
    )


async def test_two_languages_typed_in_private_offer_the_choice(harness: Harness) -> None:
    """(found by an admin's-evening audit) "/lang ru en" set Russian and said nothing of "en", where the
    group's /lang says how to type it."""
    alice = harness.fake.add_user("Alice", language_code="en", started_bot=True)
    answer = await send(harness, alice, harness.fake.private_chat(alice), "/lang ru en")
    assert answer.text == "Your language: English. Choose the language of my messages to you:"
    assert answer.button_texts == [["✅ English", "Русский"]]
    async with harness.database.unit_of_work() as uow:
        assert await user_language(uow, alice.id, "en", "en") == "en"


async def test_only_the_language_can_be_set_in_private(harness: Harness) -> None:
    group, admin = group_with_admin(harness)
    menu = await send(harness, admin, group, "/settings")
    data = next(b["callback_data"] for row in menu.buttons for b in row if b["text"] == "House rules")
    alice = harness.fake.add_user("Alice", started_bot=True)
    prompt = await send(harness, alice, harness.fake.private_chat(alice), "/lang")
    query = harness.fake.user_presses_data(alice, prompt, data)
    await harness.deliver()
    assert (
        query.show_alert and query.answer_text == "This message is out of date: send /lang to open it again."
    )
    async with harness.database.unit_of_work() as uow:
        assert (await rules_for_chat(uow, alice.id)).stacking == "off"


async def test_the_menus_button_to_its_language_screen_is_out_of_date_in_private(harness: Harness) -> None:
    """It opens a screen of a group's menu: pressed on the private /lang prompt, it sets no language."""
    alice = harness.fake.add_user("Alice", started_bot=True)
    prompt = await send(harness, alice, harness.fake.private_chat(alice), "/lang")
    query = harness.fake.user_presses_data(alice, prompt, open_data(item_for(ItemKind.LANGUAGE)))
    await harness.deliver()
    assert query.answer_text == "This message is out of date: send /lang to open it again."
