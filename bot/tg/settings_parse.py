"""`/settings name value`: the typed form of a menu choice, for admins who know what they want.

A setting is named by its engine name or as the menu calls it in either language; the value as the menu
shows it (a choice's, a preset's or a language's label, in either language), else by the setting's type
("on"/"off" for toggles, a number, with a unit its label shows or a short one for a time: "90 секунд", "2
min", "90s"; a choice's name, with "-" or "_" as in a setting's name; "on"/"off" words for a choice named
so); the engine still decides whether it is allowed, so a number outside the range is
refused with its message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine.rules import SettingSpec, SettingType
from bot.tg.settings_layout import Item, ItemKind, Value, item_for
from bot.tg.settings_words import TypedWords

_TRUE = frozenset({"on", "true", "yes", "1", "вкл", "да"})
_FALSE = frozenset({"off", "false", "no", "0", "выкл", "нет"})
# A number with its thousands grouped as the menu shows them ("1,000", Russian "1 000"), or as typed elsewhere
# ("1.000"): only groups of three, so a decimal comma ("1,5") is not read as another number. A space (even a
# no-break or thin one) splits the command's words, joined back by one space.
_GROUPED = re.compile(r"\d{1,3}(?:[,. ]\d{3})+")
# A number followed by a word, with or without a space between: "90 секунд", "1 000 очков", "90s".
_WITH_UNIT = re.compile(r"(\d{1,3}(?:[,. ]\d{3})+|\d+) ?(\D.*)")


@dataclass(frozen=True, slots=True)
class TypedChoice:
    """What `/settings name value` asks for; `item` is None for an unknown name. A value that cannot be read
    for the setting's type is kept as text, for the engine to refuse."""

    text: str
    item: Item | None
    value: Value


def parse_command(args: list[str], words: TypedWords) -> TypedChoice | None:
    """The choice in the command's arguments, or None when they are not `name value` (or a preset's name
    alone, a word of it or its whole: "/settings house", "/settings UNO Extreme" as "/settings preset
    house"). A name is an engine's or a menu's label in either language, the longest the words start with
    (settings_words); a value of several words is read only when it is one (a choice's label, a number
    grouped in thousands), else kept as text, for the engine to refuse ("/settings hand_size 8 9" got the
    usage, which names neither the setting nor its values)."""
    preset = item_for(ItemKind.PRESET)
    if args and words.value(preset, " ".join(args)) is not None:  # «уно экстрим», as the menu names it
        args = [preset.key, *args]
    named = words.named(args)
    if named is None:
        return TypedChoice(" ".join(args[1:]), None, " ".join(args[1:])) if len(args) > 1 else None
    item, count = named
    rest = args[count:]
    text = " ".join(rest)
    value = words.value(item, text)
    if value is not None:
        return TypedChoice(text, item, value)
    if not rest:
        return None
    counted = _with_unit(item, text, words)
    if counted is not None:
        return TypedChoice(text, item, counted)
    if len(rest) > 1 and not _GROUPED.fullmatch(text):
        return TypedChoice(text, item, text)  # refused, with the values the setting takes
    if item.spec is None:  # a preset or a language by its engine name: "EN" as "en"
        return TypedChoice(text, item, text.lower())
    return TypedChoice(text, item, _read_value(item.spec, text))


def named_alone(args: list[str], words: TypedWords) -> Item | None:
    """The rule (or the language) named without a value ("/settings hand_size", "/settings накопление"), if
    that is what was typed."""
    named = words.named(args)
    if named is None or named[1] != len(args) or named[0].kind is ItemKind.PRESET:
        return None
    return named[0]


def _with_unit(item: Item, text: str, words: TypedWords) -> int | None:
    """A number of `item` typed with a unit it is counted in ("2 минуты" is 120 for a time in seconds); only
    a number setting has units (`TypedWords.unit`)."""
    found = _WITH_UNIT.fullmatch(text)
    if found is None:
        return None
    unit = words.unit(item, found[2])
    return None if unit is None else int(re.sub(r"\D", "", found[1])) * unit


def _read_value(spec: SettingSpec, text: str) -> Value:
    word = text.lower().rstrip(".")
    if spec.type is SettingType.BOOL:
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        return text
    if spec.type is SettingType.INT:
        if word in _FALSE and spec.off_value is not None:
            return spec.off_value
        try:
            return int(re.sub(r"\D", "", word) if _GROUPED.fullmatch(word) else word)
        except ValueError:
            return text
    choice = word.replace("-", "_")
    # the menu shows "Stacking: off" in the chat's language: its words are the choice named "off" / "on"
    for named, words in (("off", _FALSE), ("on", _TRUE)):
        if choice in words and named in spec.choices:
            return named
    return choice
