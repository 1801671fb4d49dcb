"""Applying one settings choice for a chat (a menu press or `/settings name value`), and what to tell.

Kept apart from the handlers so the button and the command change settings in exactly the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine.rule_dependencies import DEPENDENCIES, Dependency, inactive, overridden
from bot.engine.rules import SETTINGS, SETTINGS_BY_NAME, Rules, RulesError, SettingType
from bot.i18n import Language, Translator
from bot.service.settings import (
    CORE_NUMBERS,
    apply_preset,
    change_setting,
    chat_language,
    rules_for_chat,
    rules_in_play,
    running_topics,
    set_chat_language,
)
from bot.storage import Database, UnitOfWork
from bot.tg.render.setting_labels import preset_name, setting_label, value_label
from bot.tg.settings_layout import UNDRAWN, Item, ItemKind, Value, drawn_from
from bot.tg.settings_menu import MenuState, running_note, topics_running
from bot.tg.settings_text import changed_lines, in_play_notice, overridden_notice, quotable

# The figures a preset's note in another topic names when it changed them, in this order.
PRESET_NOTE_FIGURES = ("turn_seconds", "target_score", "scoring")
# Whether the bot sees every message of the group (bot.tg.group_sight GroupSight.sees_learned).
SeesGroup = Callable[[int], Awaitable[bool]]


@dataclass(frozen=True, slots=True)
class ChatPlace:
    """The chat of a menu or command; `topic_id`: its forum topic (0: General, or a chat without topics)."""

    id: int
    title: str | None
    topic_id: int = 0


class ChangedMeanwhile(Exception):
    """A press on a menu drawn before another change of what it sets (two admins pressing at once, a double
    tap): nothing is stored, where it would have overwritten that change unseen; `state`: the chat's
    settings now."""

    def __init__(self, state: MenuState) -> None:
        super().__init__("what the press sets changed since the menu was drawn")
        self.state = state


async def _read_state(uow: UnitOfWork, chat: ChatPlace, default: Language) -> MenuState:
    running = await running_topics(uow, chat.id)
    return MenuState(
        rules=await rules_for_chat(uow, chat.id),
        language=await chat_language(uow, chat.id, default),
        running=bool(running),
        matches_elsewhere=0 if chat.topic_id in running else len(running),
        playing=await rules_in_play(uow, chat.id, chat.topic_id) if chat.topic_id in running else None,
    )


async def menu_state(database: Database, chat: ChatPlace, default: Language) -> MenuState:
    """What the chat's menu shows now."""
    async with database.unit_of_work() as uow:
        return await _read_state(uow, chat, default)


def told_elsewhere(tr: Translator, language: str, before: Rules, after: Rules, preset: str | None) -> str:
    """What a forum topic whose open game took a change made in another topic reads: the rules it changed;
    for a `preset`, its name and the figures players look at first that it changed (all it changed would be
    a dozen lines for Extreme)."""
    if preset is None:
        changed = changed_lines(tr, language, before, after, tuple(spec.name for spec in SETTINGS))
        return "\n".join([tr.t(language, "settings-changed-elsewhere"), *changed])
    named = tr.t(language, "settings-preset-elsewhere", preset=quotable(preset_name(tr, language, preset)))
    return "\n".join([named, *changed_lines(tr, language, before, after, PRESET_NOTE_FIGURES)])


async def apply_choice(
    database: Database,
    tr: Translator,
    sees_group: SeesGroup,
    chat: ChatPlace,
    item: Item,
    value: Value,
    default: Language,
    drawn: int = UNDRAWN,
) -> tuple[MenuState, MenuState]:
    """Store the choice; return the menu's new state with what its screen tells of the change (its notice)
    and what a typed change's answer does (MenuState.answer), and its state before. Raises RulesError
    (nothing stored) when the engine refuses the value, ChangedMeanwhile when it was pressed on a menu
    `drawn` before what it sets changed (bot.tg.settings_layout drawn_from; units of work run one at a time:
    of two presses at once, the second finds the first's)."""
    async with database.unit_of_work() as uow:
        earlier = await _read_state(uow, chat, default)
        if drawn != UNDRAWN and drawn != drawn_from(item, earlier.rules, earlier.language):
            raise ChangedMeanwhile(earlier)
        before = earlier.rules
        if item.kind is ItemKind.SETTING:
            await change_setting(uow, chat.id, item.key, value, chat.title)
        elif item.kind is ItemKind.PRESET:
            await apply_preset(uow, chat.id, str(value), chat.title)
        elif item.kind is ItemKind.LANGUAGE:
            await set_chat_language(uow, chat.id, str(value), chat.title)
        else:
            raise RulesError(item.key, "not a setting")
        state = await _read_state(uow, chat, default)
    lang = state.language
    notices: list[str] = []
    in_play: list[str] = []  # the typed answer's alone: the topic a press shows lists the rule and its value
    if item.kind is ItemKind.LANGUAGE:
        done = tr.t(lang, "settings-language-set", language=tr.t(lang, f"language-in-text-{lang}"))
    elif item.kind is ItemKind.PRESET:
        done = tr.t(lang, "settings-preset-applied", preset=quotable(preset_name(tr, lang, str(value))))
        # A preset sets the match's figures too: an admin who typed "turn_seconds 20" learns it is 60 again.
        figures = changed_lines(tr, lang, before, state.rules, CORE_NUMBERS)
        if figures:
            notices += [tr.t(lang, "settings-preset-figures"), *figures]
        if state.running:
            notices.append(running_note(tr, state))
    else:
        assert item.spec is not None
        # Named with its value as stored: "/settings turn_seconds 0" reads back "Turn time: off".
        stored = value_label(tr, lang, item.spec, state.rules.to_dict()[item.key])
        done = tr.t(lang, "settings-saved", setting=setting_label(tr, lang, item.key), value=stored)
        if state.running:
            notices.append(_waits(tr, state))
        in_play = [in_play_notice(tr, lang, state.rules, n) for n in _brought_into_play(before, state.rules)]
    notices += [
        overridden_notice(tr, lang, state.rules, d) for d in _newly_overridden(before, state.rules, item)
    ]
    # Seven silence needs the group's messages: say so when it is switched on and the bot cannot see them.
    if state.rules.seven_silence and not before.seven_silence and not await sees_group(chat.id):
        notices.append(tr.t(lang, "settings-silence-blind"))
    # The typed command's answer says what was `done`; the screen a press shows says it already: the home
    # screen names the preset now set (its button ticked), and is drawn in the language chosen; a rule's
    # topic lists it with its value, under «✅ Saved.» (one line among the topic's, it needs the word).
    shown = [tr.t(lang, "settings-saved-shown")] if item.spec is not None else []
    notice = "\n".join([*shown, *notices]) or None
    return dataclasses.replace(state, notice=notice, answer="\n".join([done, *in_play, *notices])), earlier


def _waits(tr: Translator, state: MenuState) -> str:
    """That a rule's change waits for the next match: in a forum, the matches of other topics when no match
    runs where the change was made (the admin would look for it there)."""
    key = "settings-saved-waits-elsewhere" if state.matches_elsewhere else "settings-saved-waits"
    return tr.t(state.language, key, topics=topics_running(state))


def _brought_into_play(before: Rules, after: Rules) -> list[str]:
    """The settings with values of their own (not on/off ones: off, as they mostly are, would tell nothing)
    that had no effect before the change and have now: the blanks' effect as the deck gets them, the slap's
    time as the slap is turned on."""
    return [
        d.setting
        for d in DEPENDENCIES
        if d.whole
        and SETTINGS_BY_NAME[d.setting].type is not SettingType.BOOL
        and inactive(before, d.setting)
        and not inactive(after, d.setting)
    ]


def _newly_overridden(before: Rules, after: Rules, item: Item) -> list[Dependency]:
    """Settings the change leaves without effect (or with part of it), and the changed setting's own."""
    earlier = overridden(before)
    changed = item.key if item.kind is ItemKind.SETTING else None
    return [d for d in overridden(after) if d not in earlier or d.setting == changed]
