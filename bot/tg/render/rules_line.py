"""The active rules in one line: preset (or "custom" with the changed house rules), hand size, goal, timer."""

from __future__ import annotations

from enum import Enum

from bot.engine.rules import PRESETS, SETTINGS, Rules, Scoring
from bot.tg.render.text import t

# Always shown on their own; every other setting is listed only when it differs from the official game.
_CORE = frozenset({"hand_size", "scoring", "target_score", "turn_seconds"})


def rules_line(rules: Rules, lang: str) -> str:
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
    for preset, preset_rules in PRESETS.items():
        if rules == preset_rules:
            return t(lang, "rules-preset-" + preset.replace("_", "-"))
    official = PRESETS["official"]
    changed = [
        _setting(spec.name, getattr(rules, spec.name), lang)
        for spec in SETTINGS
        if spec.name not in _CORE and getattr(rules, spec.name) != getattr(official, spec.name)
    ]
    if not changed:  # only the hand size, goal or timer differ: those are shown anyway
        return t(lang, "rules-preset-official")
    return t(lang, "rules-custom", changes=", ".join(changed))


def _setting(setting: str, value: object, lang: str) -> str:
    label = t(lang, "rule-" + setting.replace("_", "-"))
    if isinstance(value, bool):
        return label if value else t(lang, "rules-setting-off", setting=label)
    if isinstance(value, Enum):
        shown = t(lang, "rule-value-" + str(value.value).replace("_", "-"))
        return t(lang, "rules-setting-value", setting=label, value=shown)
    return t(lang, "rules-setting-value", setting=label, value=str(value))
