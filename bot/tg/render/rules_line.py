"""The active rules in one line: preset (or "custom" with the changed house rules), hand size, goal, timer.
A core number the line has no place for (the catch window) follows the preset's name in brackets.

The house rules are named and valued with the settings menu's own words (bot.tg.settings_text), so a player
finds in /settings and /rules exactly what the lobby says.
"""

from __future__ import annotations

from bot.engine.rule_dependencies import in_effect
from bot.engine.rules import PRESETS, SETTINGS, Rules, Scoring, SettingSpec
from bot.service.settings import preset_of
from bot.tg.render.text import t, translator
from bot.tg.settings_text import setting_label, value_label

# Shown by the line on their own; every other setting is listed only when it differs from the preset.
_OWN_PARTS = frozenset({"hand_size", "scoring", "target_score", "turn_seconds"})


def rules_line(rules: Rules, lang: str) -> str:
    # a setting without effect under these rules (rule_dependencies) is not worth a word
    parts = [_preset_or_changes(rules, lang), t(lang, "rules-hand-size", count=rules.hand_size)]
    if rules.scoring is Scoring.SINGLE_ROUND:
        parts.append(t(lang, "rules-single-round"))
    else:
        key = "rules-target-lowest" if rules.scoring is Scoring.OWN_HAND else "rules-target"
        parts.append(t(lang, key, count=rules.target_score))
    if rules.turn_seconds:
        parts.append(t(lang, "rules-turn-timer", count=rules.turn_seconds))
    else:
        parts.append(t(lang, "rules-no-timer"))
    return " · ".join(parts)


def _preset_or_changes(rules: Rules, lang: str) -> str:
    found = preset_of(rules)
    # the preset with this line's own parts as they are: a rule they switch off (lone zero in one round)
    # is no change
    own = {name: getattr(rules, name) for name in _OWN_PARTS}
    playing, base = in_effect(rules), in_effect(PRESETS[found or "official"].changed(**own))
    changed = [
        _setting(spec, getattr(playing, spec.name), lang)
        for spec in SETTINGS
        if spec.name not in _OWN_PARTS and getattr(playing, spec.name) != getattr(base, spec.name)
    ]
    name = t(lang, "rules-custom") if found is None else t(lang, "rules-preset-" + found.replace("_", "-"))
    # "; " between them: a value may hold a comma of its own ("+2 on +2, +4 on +4")
    return t(lang, "rules-with-changes", name=name, changes="; ".join(changed)) if changed else name


def _setting(spec: SettingSpec, value: bool | int | str, lang: str) -> str:
    # catalogue texts, HTML already
    label, shown = setting_label(translator, lang, spec.name), value_label(translator, lang, spec, value)
    return t(lang, "rules-setting-value", setting=label, value=shown)
