"""A setting, one of its values and a rule set named in the settings menu's words: the lobby's line and the
next match's note (bot.tg.render) say them as /settings and /rules do (bot.tg.settings_text, which tells
the catalogue keys)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.rules import SETTINGS_BY_NAME, Rules, SettingSpec, SettingType
from bot.i18n import Translator, language_for
from bot.service.settings import ClosestPreset
from bot.tg.setting_groups import menu_position

Value = bool | int | str

# The most changes a rule set's name lists: eleven filled a phone's screen with the lobby's line or the
# menu's "Now:" alone; beyond these the name counts them, and /rules lists them all.
NAMED_CHANGES = 3


def catalogue_key(name: str) -> str:
    """A setting's name as its catalogue keys spell it (bot.tg.settings_text says which)."""
    return name.replace("_", "-")


def setting_label(tr: Translator, language: str, name: str) -> str:
    return tr.t(language, f"setting-{catalogue_key(name)}")


def value_label(tr: Translator, language: str, spec: SettingSpec, value: Value) -> str:
    """How a value of this setting reads: "on", "+2 on +2, +4 on +4", "60 seconds", "off"."""
    if spec.type is SettingType.BOOL:
        return tr.t(language, "settings-on" if value else "settings-off")
    if spec.type is SettingType.CHOICE:
        return tr.t(language, choice_key(spec.name, value))
    if spec.off_value is not None and value == spec.off_value:
        return tr.t(language, "settings-off")
    assert isinstance(value, int)
    if in_minutes(value) and tr.has(language_for(language), minutes_key(spec.name)):
        return tr.t(language, minutes_key(spec.name), count=value // 60)
    return tr.t(language, f"setting-{catalogue_key(spec.name)}-value", count=value)


def choice_key(name: str, value: Value) -> str:
    """The key of a choice's label."""
    return f"setting-{catalogue_key(name)}-{catalogue_key(str(value))}"


def preset_key(name: str) -> str:
    return f"preset-{catalogue_key(name)}"


def minutes_key(name: str) -> str:
    """The key of a time's label in whole minutes, which a setting in seconds may have."""
    return f"setting-{catalogue_key(name)}-minutes"


def in_minutes(seconds: int) -> bool:
    """Whether a time in seconds reads better in minutes: whole ones, from two on ("10 minutes", not "600
    seconds"; "90 seconds" stays)."""
    return seconds >= 120 and seconds % 60 == 0


def preset_name(tr: Translator, language: str, name: str) -> str:
    return tr.t(language, preset_key(name))


def with_changes(
    tr: Translator,
    language: str,
    closest: ClosestPreset,
    rules: Rules,
    names: Sequence[str],
    *,
    points_to_rules: bool = False,
) -> str:
    """The preset's name followed by the values of the settings `names` in these rules: "UNO Extreme (Seven
    silence: off)", "custom rules (…)" for the official game; the name alone when there are none. More than
    NAMED_CHANGES are counted, not listed, after the preset's own name ("House rules + 11 changes", "Official
    rules + 4 changes"), with "(/rules)" when `points_to_rules` (not in /rules, which lists them)."""
    name = preset_name(tr, language, closest.name)
    if len(names) > NAMED_CHANGES:
        pointer = "yes" if points_to_rules else "no"
        return tr.t(language, "rules-with-many-changes", name=name, count=len(names), pointer=pointer)
    if closest.custom:
        name = tr.t(language, "settings-custom")
    if not names:
        return name
    changes = named_values(tr, language, rules, sorted(names, key=menu_position))  # as the menu lists them
    return tr.t(language, "rules-with-changes", name=name, changes=changes)


def named_values(tr: Translator, language: str, rules: Rules, names: Sequence[str]) -> str:
    """ "Stacking: off; Jump-in: on": the values of the settings `names` in these rules, in that order ("; "
    between them: a value may hold a comma of its own, "+2 on +2, +4 on +4")."""
    values = rules.to_dict()
    return "; ".join(
        tr.t(
            language,
            "rules-setting-value",
            setting=setting_label(tr, language, n),
            value=value_label(tr, language, SETTINGS_BY_NAME[n], values[n]),
        )
        for n in names
    )
