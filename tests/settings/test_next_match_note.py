"""/rules (and a member's /settings) during a match whose rules the admins have changed since it began: the
next match's rules, and what they change, told to a player who can't open the settings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine.rules import Rules, Stacking, preset
from bot.i18n import LANGUAGES, Translator
from bot.tg.render.next_match import next_match_note
from bot.tg.render.setting_labels import setting_label
from tests.narrow_phone import NARROW_LINE, spaced, width
from tests.settings.conftest import Harness
from tests.settings.menu_steps import group_with_admin, open_menu, rules_text, start_a_match
from tests.settings.test_menu_layout import all_rule_sets
from tests.tg.render.checks import check_text

# the house rules and four of the admins' own, typed during a match of the official rules
CHANGES = (
    "/settings house",
    "/settings multi_play on",
    "/settings draw_rule until_playable",
    "/settings uno_window_seconds 3",
    "/settings uno_penalty 4",
)


@pytest.mark.parametrize(
    ("language", "next_match", "changes"),
    [
        (
            "en",
            "The next match: House rules + 4 changes · 7 cards each",
            "What changes — Multi-play: on; Drawing: until a card can be played; Catch window: 3 seconds;"
            " “UNO!” penalty: 4 cards; and 3 more",
        ),
        (
            "ru",
            "Следующий матч: Домашние правила + 4 изменения · по 7 карт",
            "Что изменится — Несколько карт: вкл.; Добор: пока не придёт подходящая; Время на поимку:"
            " 3 секунды; и ещё 4",
        ),
    ],
    ids=["en", "ru"],
)
async def test_rules_during_a_match_say_what_the_next_one_changes(
    harness: Harness, language: str, next_match: str, changes: str
) -> None:
    """(session 57's /rules reading) The next match's note read "House rules + 4 changes" and no more: a
    player who is no admin could not learn which until that match began. The changes its name only counts
    come first; the house rules' own (stacking, jump-in, 7-0) are counted after them when they don't fit."""
    group, admin, member = group_with_admin(harness)
    member.language_code = language
    await start_a_match(harness, group, admin)  # of the official rules
    for command in (f"/lang {language}", *CHANGES):
        harness.fake.user_sends(admin, group, command)
        await harness.deliver()
    rules = await rules_text(harness, group, member)
    assert next_match in rules and f"\n{changes}\n" in rules, rules
    said = spaced((await open_menu(harness, group, member)).text or "")
    assert said.endswith(f"\n{changes}"), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_changes_fit_four_lines_of_a_narrow_phone(language: str) -> None:
    """Switched from one rule set to another, the next match may change sixteen settings, whose names
    and values would fill a phone's screen above the rules being played: the first are named, the rest
    counted, the line no wider than four of a narrow phone's."""
    translator, rule_sets = Translator(), all_rule_sets()
    for playing in rule_sets:
        for upcoming in rule_sets:
            changes = check_text(next_match_note(translator, language, playing, upcoming)).split("\n")[1:]
            assert len(changes) <= 1 and all(width(line) <= 4 * NARROW_LINE for line in changes), changes


def test_what_the_rules_line_says_already_is_not_said_again() -> None:
    """(review, session 57) The line gives the hand size and the turn time, and names a change or two from
    its preset: those are not listed again under it; the house rules' own, which its name only implies,
    are."""
    translator, official = Translator(), preset("official")
    named = replace(official, turn_seconds=90, hand_size=8, stacking=Stacking.SAME)
    note = next_match_note(translator, "en", official, named)
    assert "\n" not in note and "90 s a turn" in spaced(note) and "(Stacking: +2 on +2" in note, note
    house = replace(named, jump_in=preset("house").jump_in)
    changes = next_match_note(translator, "en", official, house).split("\n")[1:]
    assert changes == ["<i>What changes — Stacking: +2 on +2, +4 on +4; Jump-in: on</i>"], changes


def test_a_setting_the_next_match_leaves_without_effect_is_no_change() -> None:
    """The slap off in the next match: its time, which plays no part then, is not among what changes."""
    translator = Translator()
    playing = Rules(zero_slap=True, slap_seconds=10)
    note = next_match_note(translator, "en", playing, playing.changed(zero_slap=False))
    assert setting_label(translator, "en", "zero_slap") in note
    assert setting_label(translator, "en", "slap_seconds") not in note, note


def test_a_change_the_next_matchs_line_gives_is_not_said_again() -> None:
    """Its hand size is in its line ("8 cards each"): the changes under it, which its name only counts, do
    not name it again."""
    translator = Translator()
    upcoming = Rules(hand_size=8, multi_play=True, uno_window_seconds=3, uno_penalty=4, zero_slap=True)
    note = next_match_note(translator, "en", Rules(), upcoming)
    line, changes = spaced(note).split("\n")
    assert "8 cards each" in line and setting_label(translator, "en", "hand_size") not in changes, note
