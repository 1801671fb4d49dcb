"""Every screen of the settings menu as a narrow phone shows it (tests.narrow_phone): no button label cut with
"…", whichever value is chosen (its ✅ widens the label)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.engine.rules import PRESETS, SETTINGS, Rules, SettingType
from bot.i18n import LANGUAGES, Translator
from bot.tg.settings_layout import ITEMS, Item, ItemKind, item_for
from bot.tg.settings_menu import MenuState, SettingsMenu
from tests.narrow_phone import NARROW_LINE, cut_labels, width
from tests.tg.render.checks import check_text


def _chosen_each(item: Item) -> list[Rules]:
    """Rules under which each value of the item's setting is chosen in turn; for the other screens, every
    preset and every toggle on (each topic's buttons at their longest)."""
    if item.spec is not None:
        return [Rules().changed(**{item.key: value}) for value in item.values]
    everything_on = Rules.from_dict({s.name: True for s in SETTINGS if s.type is SettingType.BOOL})
    return [*PRESETS.values(), everything_on]


def _cut_on_screens(language: str, shown: set[SettingType | None]) -> Iterator[str]:
    """The labels cut on the screens of these settings' types (None: the screens that set no rule alone)."""
    menu = SettingsMenu(Translator())
    for item in ITEMS:
        if (item.spec.type if item.spec else None) not in shown or item.kind is ItemKind.PRESET:
            continue
        for rules in _chosen_each(item):
            render = menu.screen(item, MenuState(rules, language))
            assert render.reply_markup is not None
            rows = [[button.text for button in row] for row in render.reply_markup.inline_keyboard]
            yield from (f"{item.key}: {label}" for label in cut_labels(rows))


@pytest.mark.parametrize("language", LANGUAGES)
def test_presets_topics_and_numbers_fit_a_narrow_phone(language: str) -> None:
    """Numbers were four to a row, whatever their labels: "✅ 500 points" showed "✅ 50…", the turns a player
    may time out "1 timed-…" ("1 просро…"), and the chosen preset "✅ Officia…" ("✅ Офиц…")."""
    cut = set(_cut_on_screens(language, {None, SettingType.INT, SettingType.BOOL}))
    assert not cut, sorted(cut)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_fits_a_narrow_phone(language: str) -> None:
    """A choice has a row of its own, yet "everyone scores their own cards, lowest wins" showed "everyone
    scores their own car…" (what wins, lost), blank cards' "a Wild: the next player draws 10 and misses a
    turn" half of it, and "вкл., эффекты складываются (Экстрим)" its last word. Their topics' lines say the
    rest."""
    cut = set(_cut_on_screens(language, {SettingType.CHOICE}))
    assert not cut, sorted(cut)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_heading_over_the_presets_fits_a_line(language: str) -> None:
    """(session 52) "Presets (each replaces all the rules):" (38 characters, «Наборы (каждый заменяет все
    правила):» 37) put its last word on a line of its own above the list on a narrow phone."""
    render = SettingsMenu(Translator()).screen(item_for(ItemKind.HOME), MenuState(Rules(), language))
    headings = [line for line in check_text(render.text).splitlines() if line.endswith(":")]
    assert headings and all(width(line) <= NARROW_LINE for line in headings), headings
