"""Why a typed setting changed nothing, in words: a name nobody has (with the command it was a typo of), a
value the engine refused (with the values it takes), or no value at all (the rule's value now and what to
type). What was typed is quoted as plain text."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from bot.engine.rules import PRESETS, SettingType
from bot.i18n import LANGUAGES, Translator
from bot.tg.render.setting_labels import preset_name, setting_label, value_label
from bot.tg.render.unlinked import unlinked
from bot.tg.setting_groups import Group
from bot.tg.settings_layout import Item, ItemKind, groups, settings_in
from bot.tg.settings_menu import MenuState, named_now, running_note
from bot.tg.settings_parse import TypedChoice, parse_command
from bot.tg.settings_text import folded, number_range, quotable
from bot.tg.settings_words import TypedWords, words_of
from bot.visible_text import clean_text

# How alike a typed name must be to a setting's to be offered as its typo (difflib's ratio; "stack" for
# stacking is 0.77, "colour" matches nothing).
TYPO_SIMILARITY = 0.75
SHORTEST_PART = 3  # a part of a name typed alone: "turn" means turn_seconds ("on", half of them)
# Typed input quoted in a refusal is cut to this: quoted whole, it could push the reply past Telegram's limit.
ECHO_LIMIT = 32
# The menu's order: the settings of a topic side by side.
_IN_MENU_ORDER = tuple(item.key for topic in groups() for item in settings_in(Group(topic.key)))
_ENGINE_NAMES = ("preset", *_IN_MENU_ORDER, "language")


def unknown_setting(tr: Translator, language: str, args: list[str], words: TypedWords) -> str:
    """A setting name nobody has (the first of `args`, the rest its value): the setting it is likely meant
    for (likely_setting), else every setting as the admin's language calls it."""
    names = ", ".join(_labels(tr, language).values())
    return likely_setting(tr, language, args, words) or tr.html(
        language, "settings-unknown", setting=_echo(args[0]), names=names
    )


def likely_setting(tr: Translator, language: str, args: list[str], words: TypedWords) -> str | None:
    """A setting name nobody has (the first of `args`, or as many as it spans as a typo, the rest its value):
    the command it is a typo or a part of ("hand_sise", "turn", «накопленние»), with the value typed if that
    setting takes it (`_value_said`: a number's unit in `language`'s words; else without: «накопление вкл»
    would be refused in turn, the command alone tells its values), else the names it is part of ("draw",
    «время»); None if none. Engine names and the labels in every language are searched, each setting counted
    once, and offered as `language` names it: the answer is in one language, the typer's, though they typed
    the name from a menu in the group's («врмя на ход» is "turn time")."""
    typed, labels = args[0], _labels(tr, language)
    close = _closest(args, _names(tr))
    holding = _holding(tr, language, " ".join(words_of(typed)))
    if close is None and len(holding) == 1:
        close = holding[0][1], 1
    if close is not None:
        key, count = close
        # named as the menu and its number screens name it ("turn" is "/settings время на ход" in Russian);
        # in <code>, which Telegram searches for nothing: to be copied
        value = _value_said(tr, language, words, key, args[count:])
        command = f"/settings {labels[key].lower()} {value}".rstrip()
        # quoted as far as the typo spans ("turn tme", not "turn")
        named = " ".join(args[:count])
        return tr.html(language, "settings-unknown-close", setting=_echo(named), command=command)
    if holding:
        shown = ", ".join(name for name, _ in holding)
        return tr.html(language, "settings-unknown-part", setting=_echo(typed), names=shown)
    return None


def _value_said(tr: Translator, language: str, words: TypedWords, key: str, typed: list[str]) -> str:
    """The value typed after a setting's misspelt name, as the command offered for it (in `language`) says
    it: none when the setting (the preset, the language) `key` names would refuse it; a number typed with a
    unit as the menu shows it in `language` ("90 секунд" in an English answer was offered as typed: "90
    seconds"), or the plain number where that label would not be read back as it (a label with no number,
    "off" for 0 seconds); a word for a number ("off") as the menu says it in `language`; else as typed."""
    taken = _taken(words, key, typed)
    if taken is None:
        return ""
    spec, value = taken.item.spec if taken.item else None, taken.value
    if spec is None or spec.type is not SettingType.INT or taken.text == str(value):
        return clean_text(taken.text, ECHO_LIMIT)
    label = clean_text(value_label(tr, language, spec, value), ECHO_LIMIT)
    read = _taken(words, key, label.split())
    reads_back = read is not None and read.value == value
    if not _has_digit(taken.text):  # a word ("off", «выкл»): the menu's word for it, not a number
        return label if reads_back else clean_text(taken.text, ECHO_LIMIT)
    return label if _has_digit(label) and reads_back else str(value)


def _has_digit(text: str) -> bool:
    return any(char.isdigit() for char in text)


def _taken(words: TypedWords, key: str, typed: list[str]) -> TypedChoice | None:
    """The value typed for the setting (the preset, the language) `key` names, if it takes it."""
    parsed = parse_command([key, *typed], words)
    if parsed is None or parsed.item is None:
        return None
    spec = parsed.item.spec
    allowed = spec.allows(parsed.value) if spec is not None else parsed.value in parsed.item.values
    return parsed if allowed else None


def _labels(tr: Translator, language: str) -> dict[str, str]:
    """Each setting's key to its label in `language`, in the menu's order."""
    labels = [
        tr.t(language, "settings-preset"),
        *(setting_label(tr, language, name) for name in _IN_MENU_ORDER),
        tr.t(language, "settings-language"),
    ]
    return dict(zip(_ENGINE_NAMES, labels, strict=True))


def _names(tr: Translator) -> list[tuple[str, str]]:
    """Each name to type and the setting it names: the engine's, then the labels in every language (an admin
    whose app is in English types «врмя на ход» in a Russian group, whose menu they read)."""
    names = [(key, key) for key in _ENGINE_NAMES]
    for language in LANGUAGES:
        names += [(label, key) for key, label in _labels(tr, language).items()]
    return names


def _closest(args: list[str], names: list[tuple[str, str]]) -> tuple[str, int] | None:
    """The setting whose name the first arguments are most likely a typo of, and how many arguments it spans:
    up to as many as the name has words ("turn_tme 90" is "Turn time" in one)."""
    best: tuple[float, str, int] | None = None
    for name, key in names:
        for count in range(1, len(name.split()) + 1):
            typed = _as_words(" ".join(args[:count]))
            similarity = difflib.SequenceMatcher(None, typed, _as_words(name)).ratio()
            if similarity >= TYPO_SIMILARITY and (best is None or similarity > best[0]):
                best = similarity, key, count
    return None if best is None else best[1:]


def _as_words(text: str) -> str:
    return " ".join(words_of(text))


def _holding(tr: Translator, language: str, part: str) -> list[tuple[str, str]]:
    """Each setting whose label in `language`, engine name or label in another language holds `part` (a
    word or more of it, typed alone), in the menu's order, with its key: named as the menu in `language`
    names it, and by the engine's name too where only that holds what was typed ("Drawing, +2 chain
    (extreme_draw_chain)" for "draw"); a part of another language's label («время» from an admin whose app is
    in English, reading a Russian group's menu) by the label alone: one answer, one language."""
    if len(part) < SHORTEST_PART:
        return []
    others = [_labels(tr, other) for other in LANGUAGES if other != language]
    held = []
    for key, label in _labels(tr, language).items():
        if part in _as_words(label):
            held.append((label, key))
        elif part in _as_words(key):
            held.append((f"{label} ({key})", key))
        elif any(part in _as_words(labels[key]) for labels in others):
            held.append((label, key))
    return held


def refused_value(tr: Translator, language: str, item: Item, typed: str) -> str:
    """A typed value the engine refused, named by what it was meant for (a preset, a rule, the language),
    with the values it takes."""
    if item.kind is ItemKind.PRESET:
        presets = _named((name, _preset_label(tr, language, name)) for name in PRESETS)
        return tr.html(language, "settings-preset-refused", value=_echo(typed), presets=presets)
    spec = item.spec
    name = setting_label(tr, language, item.key) if spec else tr.t(language, "settings-language")
    values = _typed_values(tr, language, item)
    return tr.html(language, "settings-refused", setting=quotable(name), value=_echo(typed), values=values)


def how_to_type(tr: Translator, language: str, item: Item, state: MenuState, typed: str) -> str:
    """A rule (or the language) named without a value (`typed`): its value now, and how to change it by
    typing (`_called`); during a match, that a rule's value waits for the next one."""
    name, value = named_now(tr, language, item, state)
    values = _typed_values(tr, language, item)
    called = _called(tr, language, item, typed)
    read = tr.html(language, "settings-one", setting=name, value=value, name=called, values=values)
    if item.spec is not None and state.running:  # the value read is the next match's, as the menu says
        read += "\n" + running_note(tr, state, language)
    return read


def _called(tr: Translator, language: str, item: Item, typed: str) -> str:
    """The name to type `item` by in an answer in `language`: the engine's when typed so ("Stacking" as
    "stacking"), as typed when that is its label in `language` ("/settings Чёрная на чёрную значение"), else
    its label in `language`: a label of another language, typed from the group's menu, named so in the
    typer's answer made it two languages ("To change it: /settings время на ход value")."""
    said, label = words_of(typed), _labels(tr, language)[item.key]
    if said == words_of(item.key):
        return item.key
    return typed if said == words_of(label) else label.lower()


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


def _preset_label(tr: Translator, language: str, name: str) -> str:
    """A preset's name as the menu gives it, or its own when that is a word of it: "h2o" needs no "UNO H₂O"
    after it, but a Russian admin is told which one "extreme" is."""
    label = preset_name(tr, language, name)
    return name if folded(name) in words_of(label) else label


def _named(choices: Iterable[tuple[str, str]]) -> str:
    """Names to type, each followed by its label where that says more than the name ("h2o" is "H₂O"): a
    Russian admin reading "single, until_playable" had to guess which was which. "; " between them: a label
    may hold a comma of its own ("+2 on +2, +4 on +4")."""
    shown = [name if folded(name) == folded(label) else f"{name} — {label}" for name, label in choices]
    return ("; " if any(" — " in entry for entry in shown) else ", ").join(shown)


def _echo(typed: str) -> str:
    """What was typed, quoted as plain text: "/stop" no command to tap, "@name" no mention."""
    return quotable(unlinked(clean_text(typed, ECHO_LIMIT)))
