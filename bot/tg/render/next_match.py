"""The note under /rules' title (and a member's /settings) during a match whose rules the chat has changed
since it began: the next match's rules line, and what they change from the match being played. A player who
is no admin can't open the settings, and a line of more changes than it lists ("House rules + 5 changes")
left them to find out when the next match began."""

from __future__ import annotations

from bot.engine.rule_dependencies import in_effect, inactive
from bot.engine.rules import SETTINGS, Rules
from bot.i18n import Translator
from bot.tg.render.rules_line import name_changes, rules_line, said_by_line
from bot.tg.render.setting_labels import named_values
from bot.tg.render.text import shown_html_width
from bot.tg.setting_groups import menu_position

# The widest the line of changes may show (bot.visible_text.shown_width), "What changes —" and "and 8 more"
# with them: four lines of a narrow phone (~32 characters each). A switch from UNO Extreme to the official
# rules changes eleven, whose names would fill its screen above the rules being played: the first are named,
# the rest counted.
CHANGES_WIDTH = 128


def next_match_note(tr: Translator, language: str, playing: Rules, upcoming: Rules) -> str:
    """The next match's rules in the lobby's words; under them, what they play otherwise than `playing`
    that the line does not say already (its figures, the changes its name lists)."""
    note = tr.t(language, "rules-next-note", rules=rules_line(upcoming, language))
    changed = _changes_unsaid(playing, upcoming)
    return f"{note}\n{_changes_line(tr, language, upcoming, changed)}" if changed else note


def _changes_line(tr: Translator, language: str, upcoming: Rules, changed: list[str]) -> str:
    """ "What changes — Stacking: off; Jump-in: on": as many of `changed` named as fit CHANGES_WIDTH (at least
    one), the rest counted."""
    named = len(changed)
    while True:
        values = named_values(tr, language, upcoming, changed[:named])
        line = tr.t(language, "rules-next-changes", changes=values, more=len(changed) - named)
        if named == 1 or shown_html_width(line) <= CHANGES_WIDTH:
            return line
        named -= 1


def _changes_unsaid(playing: Rules, upcoming: Rules) -> list[str]:
    """The settings `upcoming` plays otherwise than `playing` (one without effect in it is no change), but
    those its line gives. First those its name counts ("House rules + 5 changes"), which nothing else tells;
    then those its preset's name does; each as the menu lists them."""
    before, after, said = in_effect(playing), in_effect(upcoming), said_by_line(upcoming)
    names = [
        spec.name
        for spec in SETTINGS
        if spec.name not in said
        and getattr(before, spec.name) != getattr(after, spec.name)
        and not inactive(upcoming, spec.name)
    ]
    counted = name_changes(upcoming)
    return sorted(names, key=lambda name: (name not in counted, menu_position(name)))
