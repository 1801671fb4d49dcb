"""`/settings` reads a setting by its engine name or by what the menu calls it in either language, and its
value by the words the menu shows: over every setting and every value, so that a new label which collides with
another, or which the command cannot read back, fails here."""

from __future__ import annotations

import html
import re

import pytest

from bot.engine.rules import PRESETS, SETTINGS, Rules, SettingSpec, SettingType
from bot.i18n import LANGUAGES, Translator
from bot.tg.render.setting_labels import choice_key, preset_key, preset_name, setting_label, value_label
from bot.tg.settings_layout import ITEMS, Item, ItemKind, Value, item_for
from bot.tg.settings_menu import MenuState
from bot.tg.settings_parse import TypedChoice, named_alone, parse_command
from bot.tg.settings_refusals import how_to_type, refused_value, unknown_setting
from bot.tg.settings_text import typed_as
from bot.tg.settings_words import TypedWords, typed_words

MAX_TEXT = 4096
TYPED_ITEMS = [item for item in ITEMS if item.kind in (ItemKind.SETTING, ItemKind.PRESET, ItemKind.LANGUAGE)]
PLAIN_E = "\N{CYRILLIC SMALL LETTER IE}"


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


@pytest.fixture(scope="module")
def words(translator: Translator) -> TypedWords:
    return typed_words(translator)


def shown_values(tr: Translator, language: str, spec: SettingSpec) -> list[tuple[str, Value]]:
    """Each value of a setting as an admin reading the menu would type it: a choice's or a toggle's label
    (or a word listed for a choice), a number's digits and its label ("90 секунд", "10 minutes", "1 000
    очков"), the "off" of a number that has one."""
    item = item_for(ItemKind.SETTING, spec.name)
    if spec.type is SettingType.INT:
        numbers = [n for n in item.values if n != spec.off_value]
        off = [] if spec.off_value is None else [spec.off_value]
        shown = [(value_label(tr, language, spec, n), n) for n in [*off, *numbers]]
        return [*shown, *((str(n), n) for n in numbers)]
    # a choice by its label, and by each word the language lists for it («колода пустые»)
    return [
        (text, value)
        for value in item.values
        for text in (
            value_label(tr, language, spec, value),
            *typed_as(tr, language, choice_key(spec.name, value)),
        )
    ]


def typed(args: list[str], words: TypedWords) -> TypedChoice:
    parsed = parse_command(args, words)
    assert parsed is not None, args
    return parsed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("spec", SETTINGS, ids=lambda spec: spec.name)
def test_every_setting_is_typed_by_its_label_with_every_value_it_shows(
    translator: Translator, words: TypedWords, language: str, spec: SettingSpec
) -> None:
    item = item_for(ItemKind.SETTING, spec.name)
    label = setting_label(translator, language, spec.name)
    # as the menu reads, as a phone or caps lock types it, and with ё typed without its dots
    for name in (label, label.lower(), label.upper(), label.replace("ё", PLAIN_E).replace("Ё", PLAIN_E)):
        assert named_alone(name.split(), words) == item, name
        assert parse_command(name.split(), words) is None, name  # alone: no preset's name either
        for text, value in shown_values(translator, language, spec):
            parsed = typed([*name.split(), *text.split()], words)
            assert (parsed.item, parsed.value) == (item, value), (name, text)


@pytest.mark.parametrize(
    ("args", "name", "value"),
    [
        (["время", "на", "ход", "60", "сек"], "turn_seconds", 60),
        (["время", "на", "ход", "60", "с"], "turn_seconds", 60),  # noqa: RUF001 (as the lobby's line)
        (["время", "на", "ход", "1", "мин"], "turn_seconds", 60),
        (["Время", "на", "хлопок", "5", "секунд."], "slap_seconds", 5),
        (
            ["время", "на", "поимку", "1", "минута"],
            "uno_window_seconds",
            60,
        ),  # shown in seconds, read all the same
        (["turn_seconds", "90s"], "turn_seconds", 90),
        (["turn", "time", "2", "min"], "turn_seconds", 120),
        (["цель", "матча", "1", "000", "очков"], "target_score", 1000),
        (["hand_size", "8", "cards"], "hand_size", 8),
    ],
)
def test_a_number_is_read_with_its_unit_as_people_shorten_it(
    words: TypedWords, args: list[str], name: str, value: int
) -> None:
    assert (typed(args, words).item, typed(args, words).value) == (item_for(ItemKind.SETTING, name), value)


@pytest.mark.parametrize(
    "args",
    [
        ["раздача", "8", "очков"],
        ["время", "на", "ход", "8", "карт"],
        ["цель", "матча", "5", "минут"],  # minutes are a time's alone: not 300 points
        ["hand_size", "2", "min"],
    ],
)
def test_a_number_with_another_settings_unit_is_kept_as_text_to_be_refused(
    words: TypedWords, args: list[str]
) -> None:
    assert typed(args, words).value == " ".join(args[-2:])


@pytest.mark.parametrize("spec", SETTINGS, ids=lambda spec: spec.name)
def test_every_english_name_reads_as_before(words: TypedWords, spec: SettingSpec) -> None:
    item = item_for(ItemKind.SETTING, spec.name)
    assert named_alone([spec.name], words) == item
    assert named_alone([spec.name.replace("_", "-").upper()], words) == item
    for value in item.values:
        text = {True: "on", False: "off"}.get(value, str(value)) if isinstance(value, bool) else str(value)
        assert (typed([spec.name, text], words).value) == value
        # a choice's name typed with spaces, as a setting's may be: "scoring single round"
        assert (typed([spec.name, *text.split("_")], words).value) == value


@pytest.mark.parametrize(
    ("args", "name", "value"),
    [
        (["колода", "пустые"], "deck", "classic_blank"),
        (["колода", "майнкрафт"], "deck", "minecraft"),
        (["Вмешательство", "экстрим"], "jump_in", "extreme"),
        (["пустые", "карты", "дикая"], "blank_effect", "wild"),
        (["добор", "до", "подходящей"], "draw_rule", "until_playable"),
        (["deck", "blank"], "deck", "classic_blank"),
        (["накопление", "+2", "на", "+2"], "stacking", "same"),  # the label's first half, as people say it
    ],
)
def test_a_choice_is_read_by_a_word_people_name_it_with(
    words: TypedWords, args: list[str], name: str, value: str
) -> None:
    """(helper-482's read of a Russian admin's evening) «колода пустые», «вмешательство экстрим» were refused:
    only the menu's whole label («Классика + 4 пустые карты») or the engine's name was read."""
    assert (typed(args, words).item, typed(args, words).value) == (item_for(ItemKind.SETTING, name), value)


@pytest.mark.parametrize("language", LANGUAGES)
def test_presets_and_the_language_are_typed_by_their_names_too(
    translator: Translator, words: TypedWords, language: str
) -> None:
    preset = typed([translator.t(language, "settings-preset"), "экстрим"], words)
    assert (preset.item, preset.value) == (item_for(ItemKind.PRESET), "extreme")
    for name in PRESETS:  # by the words the language lists for it too: «майнкрафт»
        for text in typed_as(translator, language, preset_key(name)):
            assert (typed([text], words).item, typed([text], words).value) == (
                item_for(ItemKind.PRESET),
                name,
            )
    chosen = typed([translator.t(language, "settings-language"), "Русский"], words)
    assert (chosen.item, chosen.value) == (item_for(ItemKind.LANGUAGE), "ru")
    # as the answer to a change names it: «Язык: английский», "Language: Russian"
    for code in ("en", "ru"):
        named = translator.t(language, f"language-in-text-{code}")
        assert typed(["язык", *named.split()], words).value == code
    assert typed(["lang", "EN"], words).value == "en"
    assert named_alone([translator.t(language, "settings-language")], words) == item_for(ItemKind.LANGUAGE)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", PRESETS)
def test_a_preset_is_typed_alone_by_its_whole_name_in_the_menu(
    translator: Translator, words: TypedWords, language: str, name: str
) -> None:
    """(helper-529's read of a Russian group's settings evening) «/settings уно экстрим», the preset as the
    menu's button names it, was refused: «Настройки «уно» нет. Может быть, /settings штраф за «уно!»?»; a
    preset's name alone was read only as one word ("/settings house")."""
    shown = typed(preset_name(translator, language, name).split(), words)
    assert (shown.item, shown.value) == (item_for(ItemKind.PRESET), name)


def test_a_name_is_the_longest_label_its_words_start_with() -> None:
    short, long = item_for(ItemKind.SETTING, "hand_size"), item_for(ItemKind.SETTING, "turn_seconds")
    words = TypedWords(names={("time",): short, ("time", "on", "turn"): long}, values={})
    assert (typed(["Time", "on", "turn", "60"], words).item, typed(["time", "60"], words).item) == (
        long,
        short,
    )
    assert (typed(["time", "on"], words).item, typed(["time", "on"], words).text) == (short, "on")


def test_more_words_than_a_value_take_are_kept_as_text_to_be_refused(words: TypedWords) -> None:
    """ "/settings hand_size 8 9": refused with the values it takes; a value of several words is read when
    it is one."""
    assert parse_command(["hand_size", "8", "9"], words) == TypedChoice(
        "8 9", item_for(ItemKind.SETTING, "hand_size"), "8 9"
    )
    assert typed(["scoring", "один", "раунд"], words).value == "single_round"
    assert typed(["target_score", "1", "000"], words).value == 1000


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_name_lists_every_setting_as_the_admin_reads_it(
    translator: Translator, words: TypedWords, language: str
) -> None:
    answer = unknown_setting(translator, language, ["colour", "red"], words)
    assert len(answer) <= MAX_TEXT
    for spec in SETTINGS:
        assert setting_label(translator, language, spec.name) in answer, spec.name


def test_a_typo_of_a_whole_label_is_offered_without_a_value(
    translator: Translator, words: TypedWords
) -> None:
    answer = unknown_setting(translator, "en", ["Turn", "tme"], words)
    assert answer.endswith("Did you mean <code>/settings turn time</code>?"), answer


@pytest.mark.parametrize(
    ("language", "typed", "meant"),
    [
        ("en", ["uno"], "Catch window (uno_window_seconds), “UNO!” penalty"),
        ("en", ["slap", "5"], "Zero slap, Slap time"),
        ("en", ["on"], None),
        ("en", ["время"], "Catch window, Turn time, Slap time"),
        ("ru", ["time"], "Время на ход, Время на хлопок"),
    ],
)
def test_a_part_of_three_letters_or_more_names_the_settings_it_is_part_of(
    translator: Translator, words: TypedWords, language: str, typed: list[str], meant: str | None
) -> None:
    """ "uno" is a word of two settings' names: those two are offered; "on", part of half of them, is not
    read as a part (every setting is listed). (Session 59) A part of the other language's names, «время» from
    an admin whose app is in English reading a Russian group's menu, was looked for only in the English
    names and the engine's: she was given the usage; the settings are named in the answer's language."""
    answer = unknown_setting(translator, language, typed, words)
    part = "The settings with it in their name: " if language == "en" else "в названии: "
    assert answer.endswith(f"{part}{meant}.") if meant else part not in answer, answer


@pytest.mark.parametrize(
    ("language", "typed", "offered"),
    [
        ("en", ["turn_tme", "90s"], "/settings turn time 90 seconds"),  # a short unit, as the menu shows it
        ("en", ["turn_tme", "0", "секунд"], "/settings turn time 0"),  # "off", no number: the plain one
        ("ru", ["afk_limt", "2", "timeouts"], "/settings лимит опозданий 2"),  # no unit in Russian
        ("en", ["turn_tme", "90"], "/settings turn time 90"),  # a plain number stays
        ("en", ["hand_sise", "8", "секунд"], "/settings hand size"),  # no unit of its: left out
        ("en", ["turn_tme", "off"], "/settings turn time off"),  # a word for a number stays a word: not "0"
        ("ru", ["turn_tme", "off"], "/settings время на ход выкл."),  # the menu's, in the answer's words
    ],
)
def test_a_number_typed_with_a_unit_is_offered_in_the_answers_words_or_plainly(
    translator: Translator, words: TypedWords, language: str, typed: list[str], offered: str
) -> None:
    """(session 59's list) "turn tme 90 секунд" was offered as "/settings turn time 90 секунд", two
    languages in one command."""
    answer = unknown_setting(translator, language, typed, words)
    assert f"<code>{offered}</code>?" in answer, answer


def test_a_typo_as_far_as_two_letters_off_is_still_offered(translator: Translator, words: TypedWords) -> None:
    """ "jupmin" (two letters swapped in "jumpin") is as alike as a typo offered gets (TYPO_SIMILARITY)."""
    answer = unknown_setting(translator, "en", ["jupmin", "on"], words)
    assert answer.endswith("Did you mean <code>/settings jump-in on</code>?"), answer


@pytest.mark.parametrize(
    ("typed", "offered"),
    [
        (["накопленние", "вкл"], "/settings накопление"),  # stacking has no "on": same or mixed?
        (["времяна", "ход", "700"], "/settings время на ход"),  # out of its range
        (["накопленние", "+2", "на", "+2,", "+4", "на", "+4"], "/settings накопление +2 на +2, +4 на +4"),
        (["времяна", "ход", "90", "секунд"], "/settings время на ход 90 секунд"),
    ],
)
def test_a_typo_is_offered_with_its_value_only_if_that_setting_takes_it(
    translator: Translator, words: TypedWords, typed: list[str], offered: str
) -> None:
    """(helper-482's read of a Russian admin's evening) «Может быть, /settings накопление вкл?» offered a
    command refused in turn; the name alone tells the values to type."""
    answer = unknown_setting(translator, "ru", typed, words)
    assert answer.endswith(f"Может быть, <code>{offered}</code>?"), answer


@pytest.mark.parametrize(
    ("language", "typed", "offered"),
    [
        ("en", ["врмя", "на", "ход", "45"], "/settings turn time 45"),
        ("ru", ["turn", "tme", "45"], "/settings время на ход 45"),
    ],
)
def test_a_typo_of_a_label_in_another_language_is_offered_in_the_answers_language(
    translator: Translator, words: TypedWords, language: str, typed: list[str], offered: str
) -> None:
    """(helper-529's read of a Russian group's settings evening) An admin whose app is in English typed
    «/settings врмя на ход 45», the Russian menu's name mistyped: only the English labels were searched for
    the typo, and she was told every setting's English name, where «время на ход» was a letter off. (Session
    59) The command was then offered as typed, «/settings время на ход 45», inside an English sentence: it is
    offered as the answer's language names the setting, which reads it back as well."""
    answer = unknown_setting(translator, language, typed, words)
    assert answer.endswith(f"<code>{offered}</code>?"), answer
    assert read_back(words, offered.split()[1:]) == 45


@pytest.mark.parametrize(
    ("language", "typed", "now", "name"),
    [
        ("en", "время на ход", "Turn time: 60 seconds", "turn time"),
        ("ru", "Turn Time", "Время на ход: 60 секунд", "время на ход"),
        ("ru", "Время на ход", "Время на ход: 60 секунд", "Время на ход"),
        ("ru", "turn_seconds", "Время на ход: 60 секунд", "turn_seconds"),
        ("en", "язык", "Language: English", "language"),
    ],
)
def test_a_setting_named_alone_is_told_how_to_type_in_the_answers_language(
    translator: Translator, words: TypedWords, language: str, typed: str, now: str, name: str
) -> None:
    """(session 59) «/settings время на ход» from an admin whose app is in English, in a Russian group: "Turn
    time: 60 seconds / To change it: /settings время на ход value", two languages in one answer. The name
    to type is the answer's language's (or the engine's, typed so), which the command reads back."""
    item = named_alone(typed.split(), words)
    assert item is not None
    answer = how_to_type(translator, language, item, MenuState(Rules(), "en"), typed)
    assert answer.startswith(f"{now}\n") and f"<code>/settings {name} " in answer, answer
    assert named_alone(name.split(), words) == item


def read_back(words: TypedWords, args: list[str]) -> Value:
    """What typing `args` after /settings changes to, failing where it would be refused."""
    parsed = typed(args, words)
    assert parsed.item is not None, args
    spec = parsed.item.spec
    assert spec.allows(parsed.value) if spec else parsed.value in parsed.item.values, (args, parsed)
    return parsed.value


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_example_the_usage_gives_is_taken_when_typed(
    translator: Translator, words: TypedWords, language: str
) -> None:
    template, *examples = re.findall(
        r"<code>/settings ([^<]*)</code>", translator.t(language, "settings-usage")
    )
    assert examples and parse_command(template.split(), words) == TypedChoice(
        template.split(maxsplit=1)[1], None, template.split(maxsplit=1)[1]
    )
    for example in examples:
        read_back(words, example.split())


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("item", TYPED_ITEMS, ids=lambda item: item.key)
def test_every_value_a_refusal_lists_is_taken_when_typed(
    translator: Translator, words: TypedWords, language: str, item: Item
) -> None:
    """(helper-482's read of a Russian admin's evening) «Значения для ввода: от 15 до 600 секунд» listed a
    value refused when typed so ("600 секунд"): each value a refusal lists is taken typed as it reads, by its
    name and by its label ("same — +2 on +2, +4 on +4"), a number with the unit after it."""
    listed = (
        html.unescape(refused_value(translator, language, item, "x")).rsplit(": ", 1)[1].removesuffix(".")
    )
    if item.spec is not None and item.spec.type is SettingType.INT:
        found = re.findall(r"(\d+)( [^\W\d]+)?", listed)  # "from 15 to 600 seconds (or 0 for off)"
        for number, _ in found:
            assert read_back(words, [item.key, number]) == int(number), number
        maximum, unit = found[1]  # the unit the range reads in, after its end
        assert read_back(words, [item.key, maximum, *unit.split()]) == int(maximum), unit
        return
    for entry in listed.split("; " if " — " in listed else ", "):
        assert len({read_back(words, [item.key, *part.split()]) for part in entry.split(" — ")}) == 1, entry
