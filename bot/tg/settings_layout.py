"""The shape of the settings menu, generated from the engine's setting metadata.

Every engine setting becomes a menu item inside a group; a setting this module does not know yet lands in
the "other" group, so a new rule is reachable in the menu the moment the engine has it. Buttons name items
and values by their index here: `callback_data` = SETTING, game id 0 (a button that sets a value: a digest of
what it sets as it was drawn, `drawn_from`), state = the layout's fingerprint, args = (item index[, value
index]). A fingerprint that no longer matches (the bot was updated and the items moved) makes the press stale
instead of changing the wrong setting; what it sets changed since the button was drawn makes it a press made
on a menu out of date (bot.tg.settings_changes ChangedMeanwhile).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from enum import StrEnum

from bot.engine.rule_dependencies import DEPENDENCIES
from bot.engine.rules import PRESETS, SETTINGS, Rules, SettingSpec, SettingType
from bot.i18n import LANGUAGES
from bot.tg.callback_data import Action, CallbackData, encode
from bot.tg.setting_groups import Group, group_of, menu_position

Value = bool | int | str


# Number settings offered in steps people actually pick; others get all values or "round" numbers.
STEPS: dict[str, tuple[int, ...]] = {
    "slap_seconds": (2, 3, 5, 7, 10, 15, 20, 30),
    "uno_window_seconds": (3, 5, 7, 10, 15, 20, 30, 45, 60),
    "target_score": (100, 200, 250, 300, 500, 750, 1000, 1500, 2000),
    "turn_seconds": (0, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600),
}
_ALL_VALUES_UP_TO = 12
_ROUND_NUMBERS = tuple(base * 10**power for power in range(7) for base in (1, 2, 3, 5))


def number_steps(spec: SettingSpec) -> tuple[int, ...]:
    """The values a number setting offers: its listed steps, else every value of a short range, else round
    numbers in range (with the limits and the default); the "off" value first when there is one."""
    assert spec.minimum is not None and spec.maximum is not None
    listed = STEPS.get(spec.name)
    if listed is not None:
        return tuple(value for value in listed if spec.allows(value))
    if spec.maximum - spec.minimum < _ALL_VALUES_UP_TO:
        values = set(range(spec.minimum, spec.maximum + 1))
    else:
        values = {n for n in _ROUND_NUMBERS if spec.minimum <= n <= spec.maximum}
        values |= {spec.minimum, spec.maximum, int(spec.default)}
    off = () if spec.off_value is None else (spec.off_value,)
    return off + tuple(sorted(values - set(off)))


def setting_values(spec: SettingSpec) -> tuple[Value, ...]:
    if spec.type is SettingType.BOOL:
        return (False, True)
    if spec.type is SettingType.CHOICE:
        return spec.choices
    return number_steps(spec)


class ItemKind(StrEnum):
    HOME = "home"
    GROUP = "group"
    SETTING = "setting"
    PRESET = "preset"
    LANGUAGE = "language"
    DONE = "done"  # closes the menu (a group's menu is deleted)


@dataclass(frozen=True, slots=True)
class Item:
    """One place in the menu: a screen to open, and for settings, presets and the language, what it sets."""

    kind: ItemKind
    key: str  # the group, setting name, or the kind itself
    values: tuple[Value, ...] = ()
    spec: SettingSpec | None = None


def _items() -> tuple[Item, ...]:
    used = {group_of(spec) for spec in SETTINGS}
    groups = [Item(ItemKind.GROUP, group.value) for group in Group if group in used]
    settings = [Item(ItemKind.SETTING, spec.name, setting_values(spec), spec) for spec in SETTINGS]
    return (
        Item(ItemKind.HOME, ItemKind.HOME.value),
        *groups,
        *settings,
        Item(ItemKind.PRESET, ItemKind.PRESET.value, tuple(PRESETS)),
        Item(ItemKind.LANGUAGE, ItemKind.LANGUAGE.value, LANGUAGES),
        Item(ItemKind.DONE, ItemKind.DONE.value),
    )


ITEMS = _items()
_INDEX = {(item.kind, item.key): index for index, item in enumerate(ITEMS)}
FINGERPRINT = zlib.crc32(repr([(i.kind, i.key, i.values) for i in ITEMS]).encode()) & 0xFFFF
# A value button's game id when it was drawn from no chat's settings (`drawn_from`): the private chat's
# language, or a menu drawn by a bot before them (its press is applied as that bot applied it).
UNDRAWN = 0


def index_of(kind: ItemKind, key: str | None = None) -> int:
    return _INDEX[(kind, key or kind.value)]


def item_for(kind: ItemKind, key: str | None = None) -> Item:
    return ITEMS[index_of(kind, key)]


def settings_in(group: Group) -> tuple[Item, ...]:
    """A topic's settings in the menu's order."""
    found = [item for item in ITEMS if item.spec is not None and group_of(item.spec) == group]
    return tuple(sorted(found, key=lambda item: menu_position(item.key)))


def groups() -> tuple[Item, ...]:
    return tuple(item for item in ITEMS if item.kind is ItemKind.GROUP)


def open_data(item: Item) -> str:
    """callback_data of a button that shows this item's screen."""
    return encode(Action.SETTING, 0, FINGERPRINT, index_of(item.kind, item.key))


def set_data(item: Item, value: Value, drawn: int = UNDRAWN) -> str:
    """callback_data of a button that sets this item to `value`, on a menu `drawn` from the chat's settings
    (`drawn_from`; UNDRAWN: the private chat's language, which nobody else changes)."""
    position = next(i for i, candidate in enumerate(item.values) if same_value(candidate, value))
    return encode(Action.SETTING, drawn, FINGERPRINT, index_of(item.kind, item.key), position)


def drawn_from(item: Item, rules: Rules, language: str) -> int:
    """A short digest of what `item` sets as the screen its buttons are on shows it (never UNDRAWN): the
    chat's language for the language's buttons; a toggle's value and those of the rules it depends on (its
    topic's screen marks it idle, or partly so, by them); another rule's value alone (its own screen shows
    nothing of those rules: the notice of its change says it is idle); all the rules for a preset's (it
    replaces them all). Carried by the buttons that set a value: a press on a menu drawn before another
    change of it (a second admin's press, a double tap, a typed change) is told what it is now instead of
    overwriting it unseen; a change of anything else (another rule, the language) leaves the press be."""
    values = rules.to_dict()
    if item.kind is ItemKind.LANGUAGE:
        drawn: object = language
    elif item.spec is not None:
        shown_by = _causes(item.key) if item.spec.type is SettingType.BOOL else ()
        drawn = [(name, values[name]) for name in (item.key, *shown_by)]
    else:
        drawn = sorted(values.items())
    return zlib.crc32(repr(drawn).encode()) + 1


def _causes(setting: str) -> tuple[str, ...]:
    """The rules that decide whether `setting` has its effect (bot.engine.rule_dependencies)."""
    return tuple(sorted({d.cause for d in DEPENDENCIES if d.setting == setting}))


def same_value(a: Value, b: Value) -> bool:
    # True == 1 in Python; a bool setting's values must not match an int and the other way round.
    return type(a) is type(b) and a == b


@dataclass(frozen=True, slots=True)
class Press:
    """A decoded menu button: open `item`, or set it to `value` when one is given, on a menu `drawn` from
    the chat's settings then (`drawn_from`)."""

    item: Item
    value: Value | None = None
    drawn: int = UNDRAWN


def read_press(data: CallbackData) -> Press | None:
    """The press a SETTING button means, or None when it is stale or forged (wrong layout, bad index)."""
    if data.action is not Action.SETTING or data.state != FINGERPRINT or not data.args:
        return None
    index, *rest = data.args
    if index >= len(ITEMS):
        return None
    item = ITEMS[index]
    if not rest:
        return Press(item)
    if rest[0] >= len(item.values):
        return None
    return Press(item, item.values[rest[0]], data.game_id)
