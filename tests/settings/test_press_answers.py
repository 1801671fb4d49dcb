"""What a press that changes a setting tells its admin, between the toast popped up and the menu redrawn:
each thing once (session 59's list: the home screen read "✅ Preset “House rules” applied." under "Now:
House rules", "✅ Language: English." above its "🌐 Language: English" button, and a rule's toast "Saved."
over its screen's "✅ Saved."). Every press is answered all the same: Telegram spins the button until it
is."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.fake_bot_api import Chat, Message, User
from tests.settings.conftest import Harness
from tests.settings.menu_steps import group_with_admin, open_menu, press, start_a_match


@dataclass(frozen=True)
class Words:
    """The menu's words in one language."""

    language: str
    saved_toast: str
    house: str  # the preset's button
    home_now: str  # the home screen's first lines after House rules is chosen
    home_now_playing: str  # the same during a match of the official rules
    running: str  # the note that a match is running
    topic: str  # a topic's button, and its toggle's
    toggle: str
    topic_saved: str  # the topic's first lines after the toggle
    topic_saved_playing: str
    language_button: str  # the home screen's, and the other language's on the language screen
    other_language: str
    other_home: str  # the home screen's first lines in the other language


WORDS = {
    "en": Words(
        language="en",
        saved_toast="Saved.",
        house="House rules",
        home_now="⚙️ Rules of this chat\nNow: House rules · 7 cards each · to 500 points · 60 s a turn",
        home_now_playing=(
            "⚙️ Rules of this chat\n"
            "Current match: Official rules · 7 cards each · to 500 points · 60 s a turn\n"
            "Next match: House rules · 7 cards each · to 500 points · 60 s a turn"
        ),
        running="A match is running: changes apply from the next match.",
        topic="▶️ Play",
        toggle="▫️ Multi-play: off",
        topic_saved="▶️ Play\n✅ Saved.",
        topic_saved_playing=(
            "▶️ Play\n✅ Saved.\nThe current match keeps its rules: the change applies from the next one."
        ),
        language_button="🌐 Language: English",
        other_language="Русский",
        other_home=(
            "⚙️ Правила этого чата\nСейчас: Официальные правила · по 7 карт · до 500 очков · 60 с на ход"  # noqa: RUF001
        ),
    ),
    "ru": Words(
        language="ru",
        saved_toast="Сохранено.",
        house="Домашние правила",
        home_now=(
            "⚙️ Правила этого чата\nСейчас: Домашние правила · по 7 карт · до 500 очков · 60 с на ход"  # noqa: RUF001
        ),
        home_now_playing=(
            "⚙️ Правила этого чата\n"
            "Текущий матч: Официальные правила · по 7 карт · до 500 очков · 60 с на ход\n"  # noqa: RUF001
            "Следующий матч: Домашние правила · по 7 карт · до 500 очков · 60 с на ход"  # noqa: RUF001
        ),
        running="Идёт матч: изменения действуют со следующего матча.",  # noqa: RUF001
        topic="▶️ Ходы",
        toggle="▫️ Несколько карт: выкл.",
        topic_saved="▶️ Ходы\n✅ Сохранено.",
        topic_saved_playing=(
            "▶️ Ходы\n✅ Сохранено.\n"
            "Идущий матч доигрывается по своим правилам: изменение действует со следующего матча."  # noqa: RUF001
        ),
        language_button="🌐 Язык: русский",
        other_language="English",
        other_home="⚙️ Rules of this chat\nNow: Official rules · 7 cards each · to 500 points · 60 s a turn",
    ),
}


async def _menu_in(harness: Harness, language: str) -> tuple[Chat, User, Message]:
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    harness.fake.user_sends(admin, group, f"/lang {language}")
    await harness.deliver()
    return group, admin, await open_menu(harness, group, admin)


def _head(message: Message) -> str:
    """The screen's lines above its first blank one: its title, what it names now, its notes (no-break
    spaces read as spaces)."""
    return (message.text or "").split("\n\n")[0].replace("\N{NO-BREAK SPACE}", " ")


async def _toast(harness: Harness, admin: User, menu: Message, button: str) -> tuple[str | None, Message]:
    query = harness.fake.user_presses(admin, menu, button)
    await harness.deliver()
    assert query.answered and not query.show_alert
    return query.answer_text, harness.fake.last_bot_message(menu.chat)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_preset_is_named_once_and_the_toast_says_it_was_saved(
    harness: Harness, language: str
) -> None:
    """The home screen names the preset chosen (and ticks its button): no notice says it was applied."""
    words = WORDS[language]
    _, admin, menu = await _menu_in(harness, language)
    toast, menu = await _toast(harness, admin, menu, words.house)
    assert toast == words.saved_toast
    assert _head(menu) == words.home_now


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_preset_chosen_during_a_match_says_once_that_it_waits(
    harness: Harness, language: str
) -> None:
    """The screen names the current match's rules and the next one's, and that changes wait: the toast no
    more ("Saved: it applies from the next match." said it again)."""
    words = WORDS[language]
    group, admin, menu = await _menu_in(harness, language)
    await start_a_match(harness, group, admin)
    toast, menu = await _toast(harness, admin, menu, words.house)
    assert toast == words.saved_toast
    assert _head(menu) == f"{words.home_now_playing}\n{words.running}"


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_language_is_shown_by_the_screen_drawn_in_it(harness: Harness, language: str) -> None:
    """The home screen is drawn in the language chosen, its 🌐 button naming it: no notice names it again.
    The toast is in the presser's language (their app's here)."""
    words = WORDS[language]
    _, admin, menu = await _menu_in(harness, language)
    menu = await press(harness, admin, menu, words.language_button)
    toast, menu = await _toast(harness, admin, menu, words.other_language)
    assert toast == words.saved_toast
    assert _head(menu) == words.other_home


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("playing", [False, True], ids=["idle", "playing"])
async def test_a_rules_change_says_saved_on_its_screen_and_pops_up_nothing(
    harness: Harness, language: str, playing: bool
) -> None:
    """The topic reads «✅ Saved.» above the rule's new value (and during a match that it waits): the press
    is answered without a toast, which said "Saved." again."""
    words = WORDS[language]
    group, admin, menu = await _menu_in(harness, language)
    if playing:
        await start_a_match(harness, group, admin)
    menu = await press(harness, admin, menu, words.topic)
    toast, menu = await _toast(harness, admin, menu, words.toggle)
    assert toast is None
    assert _head(menu) == (words.topic_saved_playing if playing else words.topic_saved)
