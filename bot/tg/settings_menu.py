"""The settings menu's screens: pure functions from the chat's rules to one message (text + inline keyboard).

Screens: home (presets with one line each, the topics, the language), a topic (each rule with its value
and explanation; toggles switch in place, other rules open their own screen), one rule (its values to pick),
the language. All texts come from the catalogues in the chat's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.engine.rule_dependencies import idle_because, in_effect, overridden
from bot.engine.rules import PRESETS, Rules, SettingSpec, SettingType
from bot.i18n import Translator
from bot.service.settings import preset_of
from bot.tg.pacing import Render
from bot.tg.render.button_rows import ROW_CHARS
from bot.tg.render.chosen import CHOSEN, marked
from bot.tg.render.rules_line import rules_line_parts
from bot.tg.render.setting_labels import preset_name, setting_label, value_label
from bot.tg.setting_groups import Group, group_of
from bot.tg.settings_layout import (
    UNDRAWN,
    Item,
    ItemKind,
    Value,
    drawn_from,
    groups,
    item_for,
    number_steps,
    open_data,
    same_value,
    set_data,
    settings_in,
)
from bot.tg.settings_text import number_range, overridden_notice, preset_about, setting_about
from bot.visible_text import shown_width

UNCHOSEN = "▫️ "
IDLE = "💤 "  # a setting without effect under the other rules
_ROW_WIDTH = {SettingType.BOOL: 2, SettingType.CHOICE: 1, SettingType.INT: 4}
_PRESETS_PER_ROW = 3
_GROUPS_PER_ROW = 2


@dataclass(frozen=True, slots=True)
class MenuState:
    """What a screen shows: the chat's rules and language, whether a match is running (`matches_elsewhere`:
    how many topics of the forum play one, when the menu's does not), the rules of the one played where the
    menu is (`playing`), and a notice (already translated) about the change just made, what the screen does
    not show by itself; `answer`: that change as a typed command's answer tells it (the rule with its value,
    the preset or language chosen, which the screen shows)."""

    rules: Rules
    language: str
    running: bool = False
    matches_elsewhere: int = 0
    playing: Rules | None = None
    notice: str | None = None
    answer: str | None = None

    @property
    def other_rules_playing(self) -> Rules | None:
        """The rules of the match played here when the next match plays others: the chat's were changed since
        it began (a change without effect, blank cards' effect with no blank cards, leaves them the same)."""
        if self.playing is None or in_effect(self.playing) == in_effect(self.rules):
            return None
        return self.playing


def named_now(tr: Translator, language: str, item: Item, state: MenuState) -> tuple[str, str]:
    """What `item` (a rule, the preset, the language) is called in `language`, and its value in `state`: a
    preset of no preset's rules is the custom rules."""
    if item.spec is not None:
        value = value_label(tr, language, item.spec, state.rules.to_dict()[item.key])
        return setting_label(tr, language, item.key), value
    if item.kind is ItemKind.PRESET:
        preset = preset_of(state.rules)
        value = tr.t(language, "settings-custom") if preset is None else preset_name(tr, language, preset)
        return tr.t(language, "settings-preset"), value
    return tr.t(language, "settings-language"), tr.t(language, f"language-in-text-{state.language}")


def running_note(tr: Translator, state: MenuState, language: str | None = None) -> str:
    """That changes wait for the next match; in a forum, that the match is in another topic when it is (the
    settings are the whole forum's, and an admin in General would look for it there). In `language`, else
    the chat's."""
    key = "settings-running-note-elsewhere" if state.matches_elsewhere else "settings-running-note"
    return tr.t(language or state.language, key, topics=topics_running(state))


def topics_running(state: MenuState) -> str:
    """The selector of the notes naming the matches in other topics: "one", or "several" (a forum with matches
    in two topics, whose menu in General said "a match is running in another topic")."""
    return "one" if state.matches_elsewhere == 1 else "several"


def _button(text: str, data: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(text, callback_data=data)


def _every_value_offered(spec: SettingSpec) -> bool:
    assert spec.minimum is not None and spec.maximum is not None
    return set(range(spec.minimum, spec.maximum + 1)) <= set(number_steps(spec))


def _rows(
    buttons: Sequence[InlineKeyboardButton], most: int, *, marked: bool = True
) -> list[list[InlineKeyboardButton]]:
    """At most `most` buttons a row; fewer when the widest label would not fit its share of the row
    ("✅ 500 points", four to a row, showed "✅ 50…"). Choices (`marked`) are measured as they read when
    chosen, so the rows stay put whichever one is."""
    mark = shown_width(CHOSEN) if marked else 0
    widest = max(shown_width(button.text.removeprefix(CHOSEN)) for button in buttons) + mark
    width = max(1, min(most, ROW_CHARS // widest))
    return [list(buttons[start : start + width]) for start in range(0, len(buttons), width)]


class SettingsMenu:
    def __init__(self, translator: Translator) -> None:
        self._tr = translator

    def screen(self, item: Item, state: MenuState) -> Render:
        """The screen a button of `item` opens."""
        if item.kind is ItemKind.GROUP:
            return self._group(Group(item.key), state)
        if item.kind is ItemKind.SETTING:
            return self._setting(item, state)
        if item.kind is ItemKind.LANGUAGE:
            return self._language(state)
        return self._home(state)

    # ---- screens --------------------------------------------------------------------------------------

    def _home(self, state: MenuState) -> Render:
        t, lang = self._tr.t, state.language
        lines = [t(lang, "settings-title"), *self._rules_named(state)]
        lines += self._notes(state)
        lines += ["", t(lang, "settings-presets-header")]
        for name in PRESETS:
            lines.append(
                t(
                    lang,
                    "settings-preset-line",
                    name=preset_name(self._tr, lang, name),
                    about=preset_about(self._tr, lang, name),
                )
            )
        lines += ["", t(lang, "settings-topics-hint"), t(lang, "settings-admins-only")]
        current = preset_of(state.rules)
        presets = item_for(ItemKind.PRESET)
        preset_buttons = [
            _button(
                marked(preset_name(self._tr, lang, name), name == current),
                set_data(presets, name, _drawn(presets, state)),
            )
            for name in PRESETS
        ]
        group_buttons = [_button(t(lang, f"settings-group-{item.key}"), open_data(item)) for item in groups()]
        language = item_for(ItemKind.LANGUAGE)
        language_button = _button(
            t(lang, "settings-language-button", language=t(lang, f"language-in-text-{lang}")),
            open_data(language),
        )
        keyboard = [
            *_rows(preset_buttons, _PRESETS_PER_ROW),
            *_rows(group_buttons, _GROUPS_PER_ROW, marked=False),
            [language_button],
            [self._done(lang)],
        ]
        return Render("\n".join(lines), InlineKeyboardMarkup(keyboard))

    def _group(self, group: Group, state: MenuState) -> Render:
        t, lang = self._tr.t, state.language
        values = state.rules.to_dict()
        lines = [t(lang, "settings-group-title", group=t(lang, f"settings-group-{group.value}"))]
        lines += self._notes(state)
        keyboard: list[list[InlineKeyboardButton]] = []
        for item in settings_in(group):
            assert item.spec is not None
            name, value = item.spec.name, values[item.spec.name]
            label = setting_label(self._tr, lang, name)
            shown = value_label(self._tr, lang, item.spec, value)
            lines += ["", *self._described(lang, label, shown, setting_about(self._tr, lang, name))]
            idle = idle_because(state.rules, name)
            # and what another rule takes from it (stacking under the +2 chain), as /rules says too
            partly = [d for d in overridden(state.rules) if d.setting == name and not d.whole]
            lines += [overridden_notice(self._tr, lang, state.rules, d) for d in (*idle, *partly)]
            mark = IDLE if idle else ""  # still changeable: it takes effect once its cause changes
            if item.spec.type is SettingType.BOOL:
                # on or off in words too: a screen reader reads "▫️" as "white small square"
                toggle = t(lang, "settings-toggle-button", name=label, value=shown)
                chosen = mark + (CHOSEN if value else UNCHOSEN) + toggle
                keyboard.append([_button(chosen, set_data(item, not value, _drawn(item, state)))])
            else:
                opened = t(lang, "settings-open-button", name=label, value=shown)
                if shown_width(mark + opened) > ROW_CHARS:  # a long value stays in the text above
                    opened = t(lang, "settings-open-button-short", name=label)
                keyboard.append([_button(mark + opened, open_data(item))])
        keyboard.append(self._last_row(item_for(ItemKind.HOME), lang))
        return Render("\n".join(lines), InlineKeyboardMarkup(keyboard))

    def _setting(self, item: Item, state: MenuState) -> Render:
        assert item.spec is not None
        spec, t, lang = item.spec, self._tr.t, state.language
        value = state.rules.to_dict()[spec.name]
        lines = [
            *self._described(
                lang,
                setting_label(self._tr, lang, spec.name),
                value_label(self._tr, lang, spec, value),
                setting_about(self._tr, lang, spec.name),
            ),
            t(lang, "settings-default", value=value_label(self._tr, lang, spec, spec.default)),
            *self._typed(lang, spec, value),
            *self._notes(state),
        ]
        buttons = [
            _button(
                marked(value_label(self._tr, lang, spec, option), same_value(option, value)),
                set_data(item, option, _drawn(item, state)),
            )
            for option in item.values
        ]
        keyboard = [
            *_rows(buttons, _ROW_WIDTH[spec.type]),
            self._last_row(item_for(ItemKind.GROUP, group_of(spec).value), lang),
        ]
        return Render("\n".join(lines), InlineKeyboardMarkup(keyboard))

    def _language(self, state: MenuState) -> Render:
        t, lang = self._tr.t, state.language
        lines = [
            *self._described(
                lang,
                t(lang, "settings-language"),
                t(lang, f"language-in-text-{lang}"),
                t(lang, "settings-language-about"),
            ),
            *self._notes(state, rules=False),
        ]
        return Render(
            "\n".join(lines),
            language_keyboard(
                self._tr,
                lang,
                last_row=self._last_row(item_for(ItemKind.HOME), lang),
                drawn=_drawn(item_for(ItemKind.LANGUAGE), state),
            ),
        )

    # ---- parts --------------------------------------------------------------------------------------

    def _described(self, language: str, name: str, value: str, about: str) -> list[str]:
        """A rule as the menu shows it: its name and value, then what it means."""
        return [
            self._tr.t(language, "settings-line", name=name, value=value),
            self._tr.t(language, "settings-about", about=about),
        ]

    def _typed(self, language: str, spec: SettingSpec, value: Value) -> list[str]:
        """A number's buttons offer some steps; any other value in its range can be typed, as this shows (not
        when there is a button for every value), named as the menu names it ("/settings время на ход 90")."""
        if spec.type is not SettingType.INT or _every_value_offered(spec):
            return []
        shown = number_range(self._tr, language, spec)
        name = setting_label(self._tr, language, spec.name).lower()
        return [self._tr.html(language, "settings-typed-number", range=shown, name=name, example=str(value))]

    def _rules_named(self, state: MenuState) -> list[str]:
        """The chat's rules by name and figures, as the lobby's line shows them ("Official rules · 7 cards
        each · to 500 points · 30 s a turn": a preset's name says nothing of its figures, which a typed change
        sets); while a match plays others, its rules and then the next match's: the chat's alone, above the
        note that a match is running, read as the rules being played."""
        lang = state.language
        chats = rules_line_parts(state.rules, lang, points_to_rules=True)
        playing = state.other_rules_playing
        if playing is None:
            return [self._tr.t(lang, "settings-now", **chats)]
        return [
            self._tr.t(lang, "settings-now-match", **rules_line_parts(playing, lang, points_to_rules=True)),
            self._tr.t(lang, "settings-now-next", **chats),
        ]

    def _notes(self, state: MenuState, rules: bool = True) -> list[str]:
        """The notice of the last change; on a rules' screen during a match, that changes wait for the next
        match (the language does not wait: the game is redrawn in it at once)."""
        notes = [state.notice] if state.notice else []
        if state.running and rules and not state.notice:
            notes.append(running_note(self._tr, state))
        return notes

    def _last_row(self, back: Item, language: str) -> list[InlineKeyboardButton]:
        """Back to `back`'s screen, and Done: an admin finished with the menu closes it from any screen."""
        return [_button(self._tr.t(language, "settings-back"), open_data(back)), self._done(language)]

    def _done(self, language: str) -> InlineKeyboardButton:
        return _button(self._tr.t(language, "settings-done"), open_data(item_for(ItemKind.DONE)))


def _drawn(item: Item, state: MenuState) -> int:
    """What the screen's buttons that set `item` carry of the settings they were drawn from."""
    return drawn_from(item, state.rules, state.language)


def shown_after(item: Item) -> Item:
    """The screen after `item` was set: a rule goes back to its topic, the rest to the home screen."""
    if item.spec is not None:
        return item_for(ItemKind.GROUP, group_of(item.spec).value)
    return item_for(ItemKind.HOME)


def pressed_on(item: Item) -> Item:
    """The screen whose buttons set `item`: a toggle's topic, another rule's own screen, the home screen's
    presets, the language screen."""
    if item.spec is not None and item.spec.type is not SettingType.BOOL:
        return item
    if item.spec is not None:
        return item_for(ItemKind.GROUP, group_of(item.spec).value)
    return item_for(ItemKind.LANGUAGE if item.kind is ItemKind.LANGUAGE else ItemKind.HOME)


def language_keyboard(
    tr: Translator,
    current: str,
    last_row: list[InlineKeyboardButton] | None = None,
    drawn: int = UNDRAWN,
) -> InlineKeyboardMarkup:
    """One button per language (the current one marked), for the menu (above its `last_row`, `drawn` from
    the chat's settings) and for /lang in private."""
    item = item_for(ItemKind.LANGUAGE)
    buttons = [
        _button(marked(tr.t(current, f"language-name-{code}"), code == current), set_data(item, code, drawn))
        for code in item.values
        if isinstance(code, str)
    ]
    rows = [buttons] if last_row is None else [buttons, last_row]
    return InlineKeyboardMarkup(rows)
