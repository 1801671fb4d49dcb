"""The menu is generated from the engine's settings: every rule is reachable, explained in both languages,
and every screen is a message Telegram accepts."""

from __future__ import annotations

import pytest

from bot.engine.rule_dependencies import DEPENDENCIES, inactive
from bot.engine.rules import PRESETS, SETTINGS, Rules, SettingSpec, SettingType, Stacking
from bot.i18n import LANGUAGES, Language, Translator
from bot.tg import settings_layout
from bot.tg.callback_data import MAX_BYTES, CallbackData, decode
from bot.tg.pacing import Render
from bot.tg.render.next_match import next_match_note
from bot.tg.render.setting_labels import setting_label, value_label
from bot.tg.setting_groups import Group, group_of
from bot.tg.settings_layout import (
    ITEMS,
    ItemKind,
    Press,
    drawn_from,
    item_for,
    number_steps,
    read_press,
    same_value,
    setting_values,
)
from bot.tg.settings_menu import (
    CHOSEN,
    IDLE,
    ROW_CHARS,
    UNCHOSEN,
    MenuState,
    SettingsMenu,
    language_keyboard,
    shown_after,
)
from bot.tg.settings_text import partly_about, rules_summary, setting_about, value_about
from bot.visible_text import shown_width
from tests.fake_bot_api.html_text import parse_html, utf16_len

MAX_TEXT = 4096
MAX_BUTTONS = 100
MAX_ROW = 8


@pytest.fixture(scope="module")
def translator() -> Translator:
    return Translator()


def presses(render: Render) -> list[Press]:
    assert render.reply_markup is not None
    found = []
    for row in render.reply_markup.inline_keyboard:
        for button in row:
            assert isinstance(button.callback_data, str)
            data = decode(button.callback_data)
            assert isinstance(data, CallbackData)
            press = read_press(data)
            assert press is not None, button.callback_data
            found.append(press)
    return found


def settable_values(menu: SettingsMenu, state: MenuState) -> dict[str, set[object]]:
    """Walk the menu from the home screen like a user would: the values each item can be set to."""
    seen: set[tuple[str, str]] = set()
    settable: dict[str, set[object]] = {}
    queue = [item_for(ItemKind.HOME)]
    while queue:
        item = queue.pop()
        if (item.kind, item.key) in seen:
            continue
        seen.add((item.kind, item.key))
        for press in presses(menu.screen(item, state)):
            if press.value is None:
                queue.append(press.item)
            else:
                settable.setdefault(press.item.key, set()).add(press.value)
    return settable


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_setting_and_each_of_its_values_is_reachable_from_the_home_screen(
    translator: Translator, language: str
) -> None:
    menu = SettingsMenu(translator)
    # a toggle offers the other value: walk with every toggle off, then on
    flipped = Rules.from_dict({s.name: not s.default for s in SETTINGS if s.type is SettingType.BOOL})
    settable: dict[str, set[object]] = {}
    for rules in (Rules(), flipped):
        for name, values in settable_values(menu, MenuState(rules, language)).items():
            settable.setdefault(name, set()).update(values)
    for spec in SETTINGS:
        assert settable.get(spec.name) == set(setting_values(spec)), spec.name
    assert settable["preset"] == set(PRESETS)
    assert settable["language"] == set(LANGUAGES)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_setting_is_explained_in_every_language(translator: Translator, language: Language) -> None:
    english = Translator()
    for spec in SETTINGS:
        label, about = (
            setting_label(translator, language, spec.name),
            setting_about(translator, language, spec.name),
        )
        assert label and about and label != about
        assert translator.has(language, f"setting-{spec.name.replace('_', '-')}-about"), spec.name
        for value in setting_values(spec):
            assert value_label(translator, language, spec, value)
        if language != "en":  # a real translation, not the English fallback
            assert about != setting_about(english, "en", spec.name), spec.name
        if spec.type is SettingType.BOOL and spec.default is True:  # shown by /rules when switched off
            off = value_about(translator, language, spec, False)
            assert off and off != about, spec.name
            assert language == "en" or off != value_about(english, "en", spec, False), spec.name
    for dependency in DEPENDENCIES:  # what is left of a rule another one takes part of
        if not dependency.whole:
            left = partly_about(translator, language, dependency)
            assert translator.has(
                language,
                f"setting-{dependency.setting.replace('_', '-')}-about-under-"
                f"{dependency.cause.replace('_', '-')}",
            ), dependency
            assert language == "en" or left != partly_about(english, "en", dependency), dependency


def all_rule_sets() -> list[Rules]:
    everything_on = Rules.from_dict({s.name: True for s in SETTINGS if s.type is SettingType.BOOL})
    longest = Rules.from_dict(
        {s.name: max(s.choices, key=len) for s in SETTINGS if s.type is SettingType.CHOICE},
        base=everything_on,
    )
    return [*PRESETS.values(), everything_on, longest]


def check_message(render: Render) -> None:
    parse_html(render.text)  # raises like Telegram on bad markup
    assert utf16_len(render.text) <= MAX_TEXT
    if render.reply_markup is None:
        return
    rows = render.reply_markup.inline_keyboard
    assert sum(len(row) for row in rows) <= MAX_BUTTONS
    for row in rows:
        assert 1 <= len(row) <= MAX_ROW
        for button in row:
            assert isinstance(button.callback_data, str)
            assert len(button.callback_data.encode()) <= MAX_BYTES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screen_is_valid_html_within_telegram_limits(translator: Translator, language: str) -> None:
    menu = SettingsMenu(translator)
    saved = translator.t(language, "settings-saved", setting="Hand size", value="10 cards")
    waits = translator.t(language, "settings-saved-waits")
    notice = "\n".join((saved, waits, translator.t(language, "settings-silence-blind")))
    for rules in all_rule_sets():
        for state in (MenuState(rules, language), MenuState(rules, language, running=True, notice=notice)):
            for item in ITEMS:
                check_message(menu.screen(item, state))
                check_message(menu.screen(shown_after(item), state))
        note = next_match_note(translator, language, Rules(), rules)
        check_message(Render(rules_summary(translator, language, rules, "rules-title-match", note)))
    check_message(Render("x", language_keyboard(translator, language)))


def test_number_steps_are_allowed_sorted_and_include_the_default() -> None:
    for spec in SETTINGS:
        if spec.type is not SettingType.INT:
            continue
        steps = number_steps(spec)
        assert all(spec.allows(value) for value in steps), spec.name
        assert spec.default in steps, spec.name
        numbers = [v for v in steps if v != spec.off_value]
        assert numbers == sorted(set(numbers)), spec.name
        if spec.off_value is not None:
            assert steps[0] == spec.off_value


def test_round_numbers_for_a_wide_range_without_listed_steps() -> None:
    spec = SettingSpec("bonus_points", SettingType.INT, 40, minimum=10, maximum=400)
    assert number_steps(spec) == (10, 20, 30, 40, 50, 100, 200, 300, 400)
    short = SettingSpec("short", SettingType.INT, 2, minimum=1, maximum=4, off_value=0)
    assert number_steps(short) == (0, 1, 2, 3, 4)


def test_a_setting_the_menu_does_not_know_yet_appears_under_other(monkeypatch: pytest.MonkeyPatch) -> None:
    new = SettingSpec("double_trouble", SettingType.BOOL, False)
    assert group_of(new) is Group.OTHER
    monkeypatch.setattr(settings_layout, "SETTINGS", (*SETTINGS, new))
    items = settings_layout._items()
    assert any(item.kind is ItemKind.GROUP and item.key == "other" for item in items)
    assert any(item.kind is ItemKind.SETTING and item.key == "double_trouble" for item in items)


def test_presses_of_an_older_layout_or_out_of_range_are_refused() -> None:
    item = item_for(ItemKind.SETTING, "stacking")
    data = decode(settings_layout.set_data(item, "mixed"))
    assert isinstance(data, CallbackData)
    assert read_press(data) == Press(item, "mixed")
    index = data.args[0]
    assert read_press(CallbackData(data.action, 0, data.state ^ 1, data.args)) is None
    assert read_press(CallbackData(data.action, 0, data.state, (index, 3))) is None
    assert read_press(CallbackData(data.action, 0, data.state, (len(ITEMS),))) is None


def test_bool_values_are_not_confused_with_numbers() -> None:
    toggle = item_for(ItemKind.SETTING, "multi_play")
    press = read_press(decode(settings_layout.set_data(toggle, True)))  # type: ignore[arg-type]
    assert press is not None and press.value is True


def test_a_rules_buttons_carry_its_value_and_on_a_topic_those_of_the_rules_it_depends_on() -> None:
    """(review, session 57) A toggle's button is refused as pressed on a menu out of date when the rule
    changed since, or one deciding whether it has its effect (its topic's screen marks it 💤 by it): not when
    any other rule did, as two toggles tapped in a moment were. (session 58) Another rule's buttons are on
    its own screen, which shows nothing of the rules it depends on: only its own change refuses them. A
    preset's is when any rule did: it replaces them all."""
    base, preset_item = Rules(), item_for(ItemKind.PRESET)
    for item in (item for item in ITEMS if item.spec is not None):
        shown_by = {item.key}
        if item.spec.type is SettingType.BOOL:
            shown_by |= {d.cause for d in DEPENDENCIES if d.setting == item.key}
        drawn = drawn_from(item, base, "en")
        assert drawn_from(item, base, "ru") == drawn
        for spec in SETTINGS:
            changed = _another_value(base, spec.name)
            refused = drawn_from(item, changed, "en") != drawn
            assert refused == (spec.name in shown_by), (item.key, spec.name)
            assert drawn_from(preset_item, changed, "en") != drawn_from(preset_item, base, "en"), spec.name


def test_a_rules_own_screen_is_the_same_whatever_the_other_rules(translator: Translator) -> None:
    """(session 58) What a press on a rule's own screen is refused by (the digest its buttons carry) is what
    the screen shows: its text, and its buttons' data, read the same whatever another rule is, those it
    depends on included (a screen that came to name them would have to refuse a press after their change,
    and redraw)."""
    menu, base = SettingsMenu(translator), Rules()
    for item in (item for item in ITEMS if item.spec is not None and item.spec.type is not SettingType.BOOL):
        screen = menu.screen(item, MenuState(base, "en"))
        for spec in SETTINGS:
            if spec.name != item.key:
                changed = menu.screen(item, MenuState(_another_value(base, spec.name), "en"))
                assert changed == screen, (item.key, spec.name)


def _another_value(rules: Rules, name: str) -> Rules:
    now = rules.to_dict()[name]
    values = item_for(ItemKind.SETTING, name).values
    return rules.changed(**{name: next(value for value in values if not same_value(value, now))})


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_topic_screen_marks_the_settings_without_effect_and_keeps_buttons_short(
    translator: Translator, language: str
) -> None:
    """(found by an audit of the settings, 2026-12-02) blank cards' effect with the classic deck was
    offered like any other setting, and buttons carried values of up to 66 characters."""
    menu = SettingsMenu(translator)
    for rules in all_rule_sets():
        for group in {group_of(spec) for spec in SETTINGS}:
            render = menu.screen(item_for(ItemKind.GROUP, group.value), MenuState(rules, language))
            assert render.reply_markup is not None
            labels = [button.text for row in render.reply_markup.inline_keyboard for button in row]
            for spec in (spec for spec in SETTINGS if group_of(spec) is group):
                name = setting_label(translator, language, spec.name)
                forms = (f"{name}:", f"{name} \u203a", CHOSEN + name, UNCHOSEN + name)  # the arrow: opens it
                shown = next(text for text in labels if text.removeprefix(IDLE).startswith(forms))
                assert shown.startswith(IDLE) == inactive(rules, spec.name), (spec.name, shown)
                body = shown.removeprefix(IDLE)
                assert shown_width(shown) <= ROW_CHARS or body in forms[1:], shown


def test_a_value_as_wide_as_the_row_stays_on_its_button(translator: Translator) -> None:
    """Only a value too wide for the row is left to the text above: one that fills it exactly fits."""
    state = MenuState(Rules(stacking=Stacking.SAME), "en")
    render = SettingsMenu(translator).screen(item_for(ItemKind.GROUP, Group.PLAY.value), state)
    assert render.reply_markup is not None
    labels = [button.text for row in render.reply_markup.inline_keyboard for button in row]
    full = "Stacking: +2 on +2, +4 on +4 \u203a"
    assert shown_width(full) == ROW_CHARS and full in labels, labels


def test_russian_names_when_a_wild_draw_four_may_be_played(translator: Translator) -> None:
    """«её можно класть только по правилам» left a player asking which rules: the settings menu and /rules
    say what they are, as /rules' own how-to-play line does."""
    when = "можно сыграть, только когда на руке нет карты нужного цвета."
    menu = SettingsMenu(translator)
    play = menu.screen(item_for(ItemKind.GROUP, Group.PLAY.value), MenuState(Rules(), "ru")).text
    assert f"<i>Следующий игрок может оспорить +4; выкл.: +4 {when}</i>" in play
    strict = rules_summary(translator, "ru", Rules(wd4_challenge=False))
    assert f"• Спор о +4: выкл. — <i>оспорить +4 нельзя: её {when}</i>" in strict  # noqa: RUF001


def test_english_names_when_a_wild_draw_four_may_be_played(translator: Translator) -> None:
    """A +4 "allowed only when legal" left the same question in English."""
    when = "can be played only while you hold no card of the colour in play."
    menu = SettingsMenu(translator)
    play = menu.screen(item_for(ItemKind.GROUP, Group.PLAY.value), MenuState(Rules(), "en")).text
    assert f"<i>The next player may challenge a +4; off: a +4 {when}</i>" in play
    strict = rules_summary(translator, "en", Rules(wd4_challenge=False))
    assert f"• +4 challenge: off — <i>nobody can challenge a +4: it {when}</i>" in strict


@pytest.mark.parametrize(
    ("rules", "group", "notice"),
    [
        (
            Rules(extreme_draw_chain=True, stacking=Stacking.SAME),
            Group.PLAY,
            "⚠️ While “+2 chain” is “on”, “Stacking” works only in part. With the +2 chain only +4 on +4"
            " stacks: a +2 follows the chain.",
        ),
        (
            Rules(wd4_challenge=False, extreme_wild_restriction=True),
            Group.EXTREME,
            "⚠️ While “+4 challenge” is “off”, “Restricted Wild” works only in part. A plain Wild, like a +4,"
            " can be played only while you hold no card of the colour in play; with challenges off nobody"
            " can challenge it.",
        ),
    ],
)
def test_a_topic_screen_says_which_rule_works_only_in_part(
    translator: Translator, rules: Rules, group: Group, notice: str
) -> None:
    """(found by an admin's-evening audit) the Play screen of Extreme with stacking read "Stacking: +2 on +2,
    +4 on +4" and its usual line: only the answer to the change, long gone, and /rules said a +2 follows the
    chain."""
    screen = SettingsMenu(translator).screen(item_for(ItemKind.GROUP, group.value), MenuState(rules, "en"))
    assert notice in screen.text.splitlines()
    assert (
        notice
        not in SettingsMenu(translator)
        .screen(item_for(ItemKind.GROUP, group.value), MenuState(Rules(), "en"))
        .text.splitlines()
    )


@pytest.mark.parametrize(
    ("language", "about"),
    [
        (
            "en",
            "Which cards are in the game. H₂O adds Downpours (+1 or +2 for everyone else), Minecraft adds"
            " Creepers (whoever draws one takes 3 more); what blank cards do is the next setting.",
        ),
        (
            "ru",
            "Какие карты в игре. H₂O добавляет Ливни (+1 или +2 всем остальным), Minecraft — Криперов (кто"
            " вытянул Крипера, берёт ещё 3); что делают пустые карты, задаёт следующая настройка.",
        ),
    ],
)
def test_the_deck_screen_says_what_the_extra_cards_do(
    translator: Translator, language: str, about: str
) -> None:
    """(found by an admin's-evening audit) the deck's screen offered "Minecraft (with 4 Creepers)" and said
    only "Which cards are in the game": what a Creeper or a Downpour does was on the home screen alone."""
    deck = item_for(ItemKind.SETTING, "deck")
    assert f"<i>{about}</i>" in SettingsMenu(translator).screen(deck, MenuState(Rules(), language)).text


def test_a_topic_lists_its_rules_in_the_menus_order(translator: Translator) -> None:
    """A topic's rules in the order GROUP_OF gives them (stacking and jump-in first in Play; the catch window
    before the penalty it starts), not in the engine's."""
    menu = SettingsMenu(translator)
    for group, first in (("play", ["Stacking:", "Jump-in:"]), ("uno", ["Catch window:", "“UNO!” penalty:"])):
        render = menu.screen(item_for(ItemKind.GROUP, group), MenuState(Rules(), "en"))
        assert render.reply_markup is not None
        labels = [row[0].text for row in render.reply_markup.inline_keyboard]
        assert all(label.startswith(name) for label, name in zip(labels, first, strict=False)), labels
