"""The words that name a setting, or one of its values, when typed: the engine's names and what the menu
calls them in every language ("/settings накопление вкл", "/settings Turn time 60", "/settings язык русский"),
and the words a number is shown with ("90 секунд", "8 cards", "2 минуты": a unit, with what it counts in the
setting's own unit).

Compared as words (`words_of`): any case, ё as if without its dots, quotes and punctuation left out
("Штраф за уно"), "-" and "_" between words as spaces (so "hand_size", "Hand size" and "hand-size" are one
name).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.engine.rules import PRESETS, SettingSpec, SettingType
from bot.i18n import LANGUAGES, Translator, language_for
from bot.tg.render.setting_labels import (
    choice_key,
    minutes_key,
    preset_key,
    preset_name,
    setting_label,
    value_label,
)
from bot.tg.settings_layout import ITEMS, Item, ItemKind, Value
from bot.tg.settings_text import SECONDS_SUFFIX, folded, typed_as

Words = tuple[str, ...]

_AS_SPACE = str.maketrans({"-": " ", "_": " ", "ё": "\N{CYRILLIC SMALL LETTER IE}"})
_LEFT_OUT = str.maketrans("", "", "«»“”„\"'‘’!?.,:;")  # noqa: RUF001 (the quotes Russian labels hold)
# Other words for an item besides its engine name and its labels in each language.
_SHORT_NAMES = {ItemKind.LANGUAGE: ("lang",)}
_LABEL_KEYS = {ItemKind.PRESET: "settings-preset", ItemKind.LANGUAGE: "settings-language"}
# Counts whose labels hold every plural form of a unit in every language (1 секунда, 2 секунды, 5 секунд).
_PLURAL_SAMPLES = (1, 2, 5)
# A time shortened as people type it ("90 сек", "2 min", "90s"; the lobby's line shows "60 s" in Russian
# letters), besides the words the menu shows.
_SHORT_SECONDS = ("s", "sec", "secs", "с", "сек")  # noqa: RUF001
_SHORT_MINUTES = ("m", "min", "mins", "мин")
_MINUTE = 60


def words_of(text: str) -> Words:
    return tuple(folded(text).translate(_AS_SPACE).translate(_LEFT_OUT).split())


@dataclass(frozen=True, slots=True)
class TypedWords:
    """Each setting (the preset, the language) by the words that name it, and its values by theirs (the item's
    key to the words of each value, for values with labels: choices, presets, languages)."""

    names: Mapping[Words, Item]
    values: Mapping[str, Mapping[Words, Value]]
    # the key of a number setting to the words of each unit its numbers are typed with, and how many of
    # the setting's own unit that is ("минуты": 60 for a time in seconds)
    units: Mapping[str, Mapping[Words, int]] = field(default_factory=dict)

    def named(self, args: list[str]) -> tuple[Item, int] | None:
        """The item the first arguments name, and how many they are: the longest name they start with
        ("время на ход 60" is the turn time, not a "время" that another label could be)."""
        for count in range(len(args), 0, -1):
            item = self.names.get(words_of(" ".join(args[:count])))
            if item is not None:
                return item, count
        return None

    def value(self, item: Item, text: str) -> Value | None:
        """The value of `item` that `text` names as the menu shows it, if any."""
        return self.values.get(item.key, {}).get(words_of(text))

    def unit(self, item: Item, text: str) -> int | None:
        """How many of the setting's own unit the unit `text` names ("мин" is 60 seconds), if it is one of
        its numbers'."""
        return self.units.get(item.key, {}).get(words_of(text))


def typed_words(tr: Translator) -> TypedWords:
    names: dict[Words, Item] = {}
    values: dict[str, dict[Words, Value]] = {}
    minutes = {words_of(word): _MINUTE for word in _SHORT_MINUTES} | _minute_words(tr)
    for item in ITEMS:
        labels = _labels(tr, item)
        if labels is None:
            continue
        for name in (item.key, *_SHORT_NAMES.get(item.kind, ()), *labels):
            names[words_of(name)] = item
        values[item.key] = {
            words_of(text): value
            for language in LANGUAGES
            for value, text in _value_labels(tr, language, item)
        }
    units = {
        spec.name: _unit_words(tr, spec) | (minutes if spec.name.endswith(SECONDS_SUFFIX) else {})
        for spec in (item.spec for item in ITEMS)
        if spec is not None and spec.type is SettingType.INT
    }
    return TypedWords(names, values, units)


def _unit_words(tr: Translator, spec: SettingSpec) -> dict[Words, int]:
    """The words a number of this setting is shown with, in every language ("карт", "points"); for a time,
    its short forms too."""
    short = _SHORT_SECONDS if spec.name.endswith(SECONDS_SUFFIX) else ()
    shown = {
        _unit_of(value_label(tr, language, spec, count))
        for language in LANGUAGES
        for count in _PLURAL_SAMPLES
    }
    return {words: 1 for words in shown | {words_of(word) for word in short} if words}


def _minute_words(tr: Translator) -> dict[Words, int]:
    """The words of minutes in every language, as a time in whole minutes is shown ("2 минуты")."""
    keys = [minutes_key(item.key) for item in ITEMS if item.key.endswith(SECONDS_SUFFIX)]
    return {
        _unit_of(tr.t(language, key, count=count)): _MINUTE
        for language in LANGUAGES
        for key in keys
        if tr.has(language_for(language), key)
        for count in _PLURAL_SAMPLES
    }


def _unit_of(label: str) -> Words:
    """A number's label without its digits: "1 000 очков" is "очков"."""
    return tuple(word for word in words_of(label) if not word.isdigit())


def _labels(tr: Translator, item: Item) -> list[str] | None:
    """What the menu calls the item in each language; None for an item that is no setting (a topic)."""
    if item.spec is not None:
        return [setting_label(tr, language, item.key) for language in LANGUAGES]
    key = _LABEL_KEYS.get(item.kind)
    return None if key is None else [tr.t(language, key) for language in LANGUAGES]


def _value_labels(tr: Translator, language: str, item: Item) -> list[tuple[Value, str]]:
    if item.kind is ItemKind.PRESET:
        return _preset_labels(tr, language)
    if item.kind is ItemKind.LANGUAGE:
        # as a button names it ("Русский") and as a sentence does ("Язык: русский", "Language: Russian")
        keys = ("language-name", "language-in-text")
        return [(code, tr.t(language, f"{key}-{code}")) for code in item.values for key in keys]
    if item.spec is not None and item.spec.type is SettingType.CHOICE:
        # by its label, by its engine name with spaces too ("single round", as "single_round"), and by the
        # words the language lists for it («пустые» for "Классика + 4 пустые карты")
        name = item.spec.name
        return [
            (value, text)
            for value in item.values
            for text in (
                value_label(tr, language, item.spec, value),
                str(value),
                *typed_as(tr, language, choice_key(name, value)),
            )
        ]
    return []  # toggles and numbers are read by their type (settings_parse)


def _preset_labels(tr: Translator, language: str) -> list[tuple[Value, str]]:
    """Each preset by its own name ("h2o" for "UNO H₂O"), the menu's, and each word of that no other preset's
    name holds ("/settings house" for "House rules")."""
    named = {name: preset_name(tr, language, name) for name in PRESETS}
    held = Counter(word for label in named.values() for word in set(words_of(label)))
    return [
        (name, text)
        for name, label in named.items()
        for text in (
            name,
            label,
            *(word for word in words_of(label) if held[word] == 1),
            *typed_as(tr, language, preset_key(name)),
        )
    ]
