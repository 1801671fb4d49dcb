"""Why a typed setting changed nothing, in words: a name nobody has (with the command it was a typo of), a
value the engine refused (with the values it takes), or no value at all (the rule's value now and what to
type). What was typed is quoted as plain text."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from bot.engine.rules import PRESETS, SETTINGS_BY_NAME, SettingType
from bot.i18n import Translator
from bot.tg.render.text import clean_text
from bot.tg.render.unlinked import unlinked
from bot.tg.settings_layout import Item, ItemKind
from bot.tg.settings_menu import MenuState
from bot.tg.settings_text import folded, number_range, preset_name, setting_label, value_label

# How alike a typed name must be to a setting's to be offered as its typo (difflib's ratio; "stack" for
# stacking is 0.77, "colour" matches nothing).
TYPO_SIMILARITY = 0.75
SHORTEST_PART = 3  # a part of a name typed alone: "turn" means turn_seconds ("on", half of them)
# Typed input quoted in a refusal is cut to this: quoted whole, it could push the reply past Telegram's limit.
ECHO_LIMIT = 32


def unknown_setting(tr: Translator, language: str, typed: str, value: str) -> str:
    """A setting name nobody has: the command it is a typo or a part of ("hand_sise", "turn"), else the
    names it is part of ("draw"), else every name to type."""
    names = ["preset", *SETTINGS_BY_NAME, "language"]
    close = difflib.get_close_matches(typed, names, n=1, cutoff=TYPO_SIMILARITY)
    holding = [name for name in names if len(typed) >= SHORTEST_PART and typed in name]
    if close or len(holding) == 1:
        # in <code>, which Telegram searches for nothing: kept as typed, to be copied
        command = f"/settings {(close or holding)[0]} {clean_text(value, ECHO_LIMIT)}"
        return tr.html(language, "settings-unknown-close", setting=_echo(typed), command=command)
    if holding:
        return tr.html(language, "settings-unknown-part", setting=_echo(typed), names=", ".join(holding))
    return tr.html(language, "settings-unknown", setting=_echo(typed), names=", ".join(names))


def refused_value(tr: Translator, language: str, item: Item, typed: str) -> str:
    """A typed value the engine refused, named by what it was meant for (a preset, a rule, the language),
    with the values it takes."""
    if item.kind is ItemKind.PRESET:
        presets = _named((name, preset_name(tr, language, name)) for name in PRESETS)
        return tr.html(language, "settings-preset-refused", value=_echo(typed), presets=presets)
    spec = item.spec
    name = setting_label(tr, language, item.key) if spec else tr.t(language, "settings-language")
    values = _typed_values(tr, language, item)
    return tr.html(language, "settings-refused", setting=name, value=_echo(typed), values=values)


def how_to_type(tr: Translator, language: str, item: Item, state: MenuState) -> str:
    """A rule (or the language) named without a value: its value now, and how to change it by typing."""
    if item.spec is None:
        name = tr.t(language, "settings-language")
        value = tr.t(language, f"language-name-{state.language}")
    else:
        name = setting_label(tr, language, item.key)
        value = value_label(tr, language, item.spec, state.rules.to_dict()[item.key])
    values = _typed_values(tr, language, item)
    return tr.html(language, "settings-one", setting=name, value=value, name=item.key, values=values)


def _typed_values(tr: Translator, language: str, item: Item) -> str:
    """What can be typed for a rule or the language: a number's range, a toggle's words, the names of the
    choices, each with what the menu calls it ("single — one card")."""
    spec = item.spec
    if spec is None:
        return _named((str(code), tr.t(language, f"language-name-{code}")) for code in item.values)
    if spec.type is SettingType.CHOICE:
        return _named((str(value), value_label(tr, language, spec, value)) for value in item.values)
    if spec.type is SettingType.INT:
        return number_range(tr, language, spec)
    return tr.t(language, "settings-toggle-values")


def _named(choices: Iterable[tuple[str, str]]) -> str:
    """Names to type, each followed by its label where that says more than the name ("h2o" is "H₂O"): a
    Russian admin reading "single, until_playable" had to guess which was which. "; " between them: a label
    may hold a comma of its own ("+2 on +2, +4 on +4")."""
    shown = [name if folded(name) == folded(label) else f"{name} — {label}" for name, label in choices]
    return ("; " if any(" — " in entry for entry in shown) else ", ").join(shown)


def _echo(typed: str) -> str:
    """What was typed, quoted as plain text: "/stop" no command to tap, "@name" no mention."""
    return unlinked(clean_text(typed, ECHO_LIMIT))
