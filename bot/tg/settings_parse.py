"""`/settings name value`: the typed form of a menu choice, for admins who know what they want.

The value is read by the setting's type ("on"/"off" for toggles, a number, a choice's name, with "-" or "_"
as in a setting's name; "on"/"off" words for a choice named so; a preset also as the menu names it, in
either language); the engine still decides whether it is allowed, so a number outside the range is refused
with its message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.engine.rules import SETTINGS_BY_NAME, SettingSpec, SettingType
from bot.tg.settings_layout import Item, ItemKind, Value, item_for
from bot.tg.settings_text import folded

_TRUE = frozenset({"on", "true", "yes", "1", "вкл", "да"})
_FALSE = frozenset({"off", "false", "no", "0", "выкл", "нет"})
# A number with its thousands grouped as the menu shows them ("1,000", Russian "1 000"), or as typed elsewhere
# ("1.000"): only groups of three, so a decimal comma ("1,5") is not read as another number. A space (even a
# no-break or thin one) splits the command's words, joined back by one space.
_GROUPED = re.compile(r"\d{1,3}(?:[,. ]\d{3})+")
_PSEUDO = {"preset": ItemKind.PRESET, "language": ItemKind.LANGUAGE, "lang": ItemKind.LANGUAGE}


@dataclass(frozen=True, slots=True)
class TypedChoice:
    """What `/settings name value` asks for; `item` is None for an unknown name. A value that cannot be read
    for the setting's type is kept as text, for the engine to refuse."""

    name: str
    text: str
    item: Item | None
    value: Value


def parse_command(args: list[str], presets: Mapping[str, str]) -> TypedChoice | None:
    """The choice in the command's arguments, or None when they are not `name value` (or a preset's name
    alone: "/settings house" as "/settings preset house"). `presets`: the words that name each preset
    (settings_text.preset_words: "экстрим" as the menu's button reads is extreme)."""
    if len(args) == 1 and folded(args[0]) in presets:
        args = ["preset", args[0]]
    if len(args) > 2 and _GROUPED.fullmatch(" ".join(args[1:])):
        args = [args[0], " ".join(args[1:])]
    if len(args) != 2:
        return None
    name, text = args[0].lower().replace("-", "_"), args[1]
    if name in _PSEUDO:
        kind = _PSEUDO[name]
        value = presets.get(folded(text), text.lower()) if kind is ItemKind.PRESET else text.lower()
        return TypedChoice(name, text, item_for(kind), value)
    spec = SETTINGS_BY_NAME.get(name)
    if spec is None:
        return TypedChoice(name, text, None, text)
    return TypedChoice(name, text, item_for(ItemKind.SETTING, name), _read_value(spec, text))


def named_alone(args: list[str]) -> Item | None:
    """The rule (or the language) named without a value ("/settings hand_size"), if that is what was typed."""
    if len(args) != 1:
        return None
    name = args[0].lower().replace("-", "_")
    if name in SETTINGS_BY_NAME:
        return item_for(ItemKind.SETTING, name)
    return item_for(ItemKind.LANGUAGE) if _PSEUDO.get(name) is ItemKind.LANGUAGE else None


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
