"""The active rules in one line: the rule set's name, hand size, goal, timer. The name is the preset's, or the
closest preset's followed by what differs from it in brackets ("UNO Extreme (Seven silence: off)"; "custom
rules (…)" for the official game with house rules; more than a few counted: "House rules + 11 changes
(/rules)"); so is a core number the line has no place for (the catch window).

The house rules are named and valued with the settings menu's own words (setting_labels), so a player
finds in /settings and /rules exactly what the lobby says.
"""

from __future__ import annotations

from bot.engine.rule_dependencies import in_effect
from bot.engine.rules import Rules, Scoring
from bot.i18n.shared import translator
from bot.service.settings import ClosestPreset, closest_preset, differences
from bot.tg.render.setting_labels import NAMED_CHANGES, in_minutes, with_changes
from bot.tg.render.text import t, unbroken

# Shown by the line on their own; every other setting is listed only when it differs from the preset.
_OWN_PARTS = frozenset({"hand_size", "scoring", "target_score", "turn_seconds"})


def rules_line(rules: Rules, lang: str, *, points_to_rules: bool = False) -> str:
    """`points_to_rules`: say where house rules too many to list are (setting_labels.with_changes)."""
    return " · ".join([rules_line_name(rules, lang, points_to_rules=points_to_rules), *figures(rules, lang)])


def rules_line_parts(rules: Rules, lang: str, *, points_to_rules: bool = False) -> dict[str, str]:
    """The line's name ($preset) and its figures ($figures) apart, for a text that sets the name in bold: the
    settings menu's home, a member's /settings."""
    named = rules_line_name(rules, lang, points_to_rules=points_to_rules)
    return {"preset": named, "figures": " · ".join(figures(rules, lang))}


def figures(rules: Rules, lang: str) -> list[str]:
    """The line's parts after the name: hand size, goal, timer (the settings menu's home, and a member's
    /settings, show them too), each held on one line (`_held`): a narrow phone wraps the line between them,
    never inside one ("60" / "s a turn")."""
    parts = [t(lang, "rules-hand-size", count=rules.hand_size)]
    if rules.scoring is Scoring.SINGLE_ROUND:
        parts.append(t(lang, "rules-single-round"))
    else:
        key = "rules-target-lowest" if rules.scoring is Scoring.OWN_HAND else "rules-target"
        parts.append(t(lang, key, count=rules.target_score))
    if in_minutes(rules.turn_seconds):
        parts.append(t(lang, "rules-turn-timer-minutes", count=rules.turn_seconds // 60))
    elif rules.turn_seconds:
        parts.append(t(lang, "rules-turn-timer", count=rules.turn_seconds))
    else:
        parts.append(t(lang, "rules-no-timer"))
    return [_held(part) for part in parts]


def _held(figure: str) -> str:
    """`figure` on one line, clause by clause: "own-hand points, ends at 500, lowest wins" held whole is wider
    than a narrow phone's line."""
    return ", ".join(unbroken(clause) for clause in figure.split(", "))


def rules_line_name(rules: Rules, lang: str, *, points_to_rules: bool = False) -> str:
    """The line's name of the rules: the preset or the closest one with what differs from it, a core number
    the line has no part for among the changes; a setting without effect under these rules
    (rule_dependencies) is not worth a word."""
    closest, changed = _name_changes(rules)
    # the name the settings menu and /rules give it (setting_labels), never one of its own
    return with_changes(translator, lang, closest, in_effect(rules), changed, points_to_rules=points_to_rules)


def said_by_line(rules: Rules) -> frozenset[str]:
    """The settings whose values the line gives: its figures, and the changes its name lists (not those it
    only counts, "House rules + 5 changes")."""
    changed = name_changes(rules)
    return _OWN_PARTS | frozenset(changed if len(changed) <= NAMED_CHANGES else ())


def name_changes(rules: Rules) -> tuple[str, ...]:
    """The settings the line's name lists or counts after the preset's."""
    return _name_changes(rules)[1]


def _name_changes(rules: Rules) -> tuple[ClosestPreset, tuple[str, ...]]:
    """The preset the line names and what differs from it: beside the house rules, a core number the line
    has no place for of its own (the catch window)."""
    closest = closest_preset(rules)
    return closest, differences(rules, closest.name, _OWN_PARTS)
