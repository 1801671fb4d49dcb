"""The words that name a setting, or one of its values, when typed: the engine's names and what the menu
calls them in every language ("/settings накопление вкл", "/settings Turn time 60", "/settings язык русский").

Compared as words (`words_of`): any case, ё as if without its dots, quotes and punctuation left out
("Штраф за уно"), "-" and "_" between words as spaces (so "hand_size", "Hand size" and "hand-size" are one
name).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.rules import PRESETS, SettingType
from bot.i18n import LANGUAGES, Translator
from bot.tg.settings_layout import ITEMS, Item, ItemKind, Value
from bot.tg.settings_text import folded, preset_name, setting_label, value_label

Words = tuple[str, ...]

_AS_SPACE = str.maketrans({"-": " ", "_": " ", "ё": "\N{CYRILLIC SMALL LETTER IE}"})
_LEFT_OUT = str.maketrans("", "", "«»“”„\"'‘’!?.,:;")  # noqa: RUF001 (the quotes Russian labels hold)
# Other words for an item besides its engine name and its labels in each language.
_SHORT_NAMES = {ItemKind.LANGUAGE: ("lang",)}
_LABEL_KEYS = {ItemKind.PRESET: "settings-preset", ItemKind.LANGUAGE: "settings-language"}


def words_of(text: str) -> Words:
    return tuple(folded(text).translate(_AS_SPACE).translate(_LEFT_OUT).split())


@dataclass(frozen=True, slots=True)
class TypedWords:
    """Each setting (the preset, the language) by the words that name it, and its values by theirs (the item's
    key to the words of each value, for values with labels: choices, presets, languages)."""

    names: Mapping[Words, Item]
    values: Mapping[str, Mapping[Words, Value]]

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


def typed_words(tr: Translator) -> TypedWords:
    names: dict[Words, Item] = {}
    values: dict[str, dict[Words, Value]] = {}
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
    return TypedWords(names, values)


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
        return [(code, tr.t(language, f"language-name-{code}")) for code in item.values]
    if item.spec is not None and item.spec.type is SettingType.CHOICE:
        return [(value, value_label(tr, language, item.spec, value)) for value in item.values]
    return []  # toggles and numbers are read by their type (settings_parse)


def _preset_labels(tr: Translator, language: str) -> list[tuple[Value, str]]:
    """Each preset by its own name ("h2o" for "UNO H₂O"), the menu's, and each word of that no other preset's
    name holds ("/settings house" for "House rules")."""
    named = {name: preset_name(tr, language, name) for name in PRESETS}
    held = Counter(word for label in named.values() for word in set(words_of(label)))
    return [
        (name, text)
        for name, label in named.items()
        for text in (name, label, *(word for word in words_of(label) if held[word] == 1))
    ]
