"""`/settings name`: a setting named alone, misspelt or by none of its names, answered with its value, the
setting it likely means or what to type; the typed commands the menu and the answers offer are taken."""

from __future__ import annotations

import pytest

from tests.narrow_phone import spaced
from tests.settings.conftest import Harness
from tests.settings.menu_steps import OPEN, buttons, group_with_admin, open_menu, press, stored_rules


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
    assert spaced(harness.fake.last_bot_message(group).text or "") == answer


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
            "❌ Настройки «чорная на чёрную» нет. Может быть, /settings чёрная на чёрную выкл?",
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
        # (session 60) a typo of two words or more is quoted whole: the answer quoted its first word alone
        (
            "en",
            "/settings turn tme 90",
            "❌ There is no setting “turn tme”. Did you mean /settings turn time 90?",
        ),
        (
            "ru",
            "/settings врмя на ход 90",
            "❌ Настройки «врмя на ход» нет. Может быть, /settings время на ход 90?",
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


# (session 59's list) A number typed with a unit in the other language: offered with the unit in the answer's
# (the typed value read as the menu shows it), where it was offered as typed ("turn time 90 секунд").
OTHER_LANGUAGES_UNITS = {
    "en": [
        ("turn tme 90 секунд", "/settings turn time 90 seconds", "turn_seconds", 90),
        ("turn_tme 2 минуты", "/settings turn time 2 minutes", "turn_seconds", 120),
        ("trget_score 1000 очков", "/settings target score 1,000 points", "target_score", 1000),
    ],
    "ru": [
        ("врмя на ход 90 seconds", "/settings время на ход 90 секунд", "turn_seconds", 90),
        ("hand_sise 8 cards", "/settings раздача 8 карт", "hand_size", 8),
    ],
}


@pytest.mark.parametrize("typos", [ENGINE_NAME_TYPOS, OTHER_LANGUAGES_UNITS], ids=["names", "units"])
@pytest.mark.parametrize("language", ["en", "ru"])
async def test_the_command_a_typo_is_offered_as_is_saved_when_typed(
    harness: Harness, language: str, typos: dict[str, list[tuple[str, str, str, int]]]
) -> None:
    """(session 47) A typo of an engine name ("turn 30") was offered back with the engine's name, "/settings
    turn_seconds 30", while the menu and its number screens name it by its label. It is offered as the menu
    names it in the admin's language (the refusal's), lowercase, and typing it back sets the rule."""
    group, admin, _ = group_with_admin(harness)
    admin.language_code = language
    for typo, offered, key, value in typos[language]:
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
    assert "400 points" not in [spaced(label) for label in buttons(menu)]
    hand_size = await press(
        harness, admin, await press(harness, admin, menu, "« Back"), f"Hand size: 7 cards {OPEN}"
    )
    # a button for every value from 5 to 10: nothing left to type
    assert "10 cards" in map(spaced, buttons(hand_size)) and "You can type any value" not in (
        hand_size.text or ""
    )
    harness.fake.user_sends(admin, group, "/settings target_score 400")
    await harness.deliver()
    assert (await stored_rules(harness, group)).target_score == 400
