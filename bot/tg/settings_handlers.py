"""/settings, /rules, /lang and the settings menu's buttons.

Wire them with `register(application)`. They run in their own handler group (-1 by default) and stop the
update there, so a catch-all handler of another part of the bot never sees these commands or presses.
"""

from __future__ import annotations

import difflib
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from telegram import Chat, Message, Update
from telegram.error import ChatMigrated
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
)

from bot.engine.rule_dependencies import in_effect
from bot.engine.rules import PRESETS, SETTINGS_BY_NAME, Rules, RulesError, SettingType
from bot.i18n import Language, Translator
from bot.service.settings import (
    asker_language,
    rules_in_play,
    rules_of_own_game,
    set_user_language,
    user_language,
)
from bot.storage import Database
from bot.tg.callback_data import CODEC_VERSION, Action, CallbackData, decode
from bot.tg.chat_rights import sent_as_channel, sent_by_anonymous_admin
from bot.tg.fleeting import ANSWER_SECONDS, MENU_SECONDS, RULES_SECONDS
from bot.tg.pacing import Render
from bot.tg.render.notices import add_to_group_button
from bot.tg.render.rules_line import rules_line
from bot.tg.render.text import clean_text, title
from bot.tg.render.unlinked import unlinked
from bot.tg.replies import PacedReplies
from bot.tg.send import answer_callback_query
from bot.tg.settings_admins import AdminCache, Clock
from bot.tg.settings_changes import ChatPlace, apply_choice, menu_state
from bot.tg.settings_layout import Item, ItemKind, Press, Value, item_for, read_press
from bot.tg.settings_menu import MenuState, SettingsMenu, language_keyboard
from bot.tg.settings_parse import parse_command
from bot.tg.settings_text import number_range, rules_summary, setting_label
from bot.tg.updates_request import offers_pressed_kind

log = logging.getLogger(__name__)
# How alike a typed name must be to a setting's to be offered as its typo (difflib's ratio; "stack" for
# stacking is 0.77, "colour" matches nothing).
TYPO_SIMILARITY = 0.75
SHORTEST_PART = 3  # a part of a name typed alone: "turn" means turn_seconds ("on", half of them)

_DEPS_KEY = "settings_menu"
# Typed input quoted in a refusal is cut to this: quoted whole, it could push the reply past Telegram's limit.
ECHO_LIMIT = 32
PRESS_PATTERN = re.compile(f"^{CODEC_VERSION}{Action.SETTING.value}:")
# Told the chat whose rules (open lobbies take them) or language (screens are redrawn in it) changed: a
# group, or a person's private chat.
ChatChanged = Callable[[int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class _Deps:
    translator: Translator
    menu: SettingsMenu
    admins: AdminCache
    database: Database
    default_language: Language
    on_rules_changed: ChatChanged | None
    on_language_changed: ChatChanged | None
    replies: PacedReplies


def register(
    application: Application[Any, Any, Any, Any, Any, Any],
    database: Database,
    default_language: Language,
    *,
    replies: PacedReplies,
    clock: Clock = time.monotonic,
    group: int = -1,
    on_rules_changed: ChatChanged | None = None,
    on_language_changed: ChatChanged | None = None,
) -> None:
    """Add the settings handlers. `default_language` is the bot's DEFAULT_LANGUAGE (for chats that chose
    none); `clock` (seconds) times the cached admin lists; `on_rules_changed(chat_id)` follows every change
    of a chat's rules, `on_language_changed(chat_id)` every change of a group's or a person's language."""
    translator = Translator()
    application.bot_data[_DEPS_KEY] = _Deps(
        translator,
        SettingsMenu(translator),
        AdminCache(clock),
        database,
        default_language,
        on_rules_changed,
        on_language_changed,
        replies,
    )
    application.add_handler(CommandHandler("settings", _settings_command), group)
    application.add_handler(CommandHandler("rules", _rules_command), group)
    application.add_handler(CommandHandler("lang", _lang_command), group)
    application.add_handler(CallbackQueryHandler(_menu_press, pattern=PRESS_PATTERN), group)
    # Not stopped here: other parts of the bot may follow members too.
    application.add_handler(ChatMemberHandler(_member_changed, ChatMemberHandler.CHAT_MEMBER), group)


def _deps(context: ContextTypes.DEFAULT_TYPE) -> _Deps:
    found = context.bot_data[_DEPS_KEY]
    assert isinstance(found, _Deps)
    return found


def _place(message: Message) -> ChatPlace:
    topic = message.message_thread_id if message.is_topic_message else None
    return ChatPlace(message.chat.id, message.chat.title, topic or 0)


async def _reply(deps: _Deps, message: Message, render: Render, lasts: float | None = None) -> None:
    """In reply to the command; in a group, deleted after `lasts` seconds if given (bot.tg.fleeting)."""
    await deps.replies.reply(message, render, quote=True, lasts=lasts)


async def _language_of_sender(deps: _Deps, update: Update) -> Language:
    user = update.effective_user
    if user is None:
        return deps.default_language
    async with deps.database.unit_of_work() as uow:
        return await user_language(uow, user.id, user.language_code, deps.default_language)


async def _asker_language(deps: _Deps, message: Message) -> Language:
    """The language of a group answer meant for the command's sender alone (a refusal, how to type it)."""
    user = message.from_user
    if user is None or user.is_bot:  # a bot account: an anonymous admin's, a channel's
        user_id, code = None, None
    else:
        user_id, code = user.id, user.language_code
    async with deps.database.unit_of_work() as uow:
        return await asker_language(uow, message.chat.id, user_id, code, deps.default_language)


async def _may_change(deps: _Deps, context: ContextTypes.DEFAULT_TYPE, message: Message) -> bool:
    if sent_by_anonymous_admin(message):
        return True
    user = message.from_user
    return user is not None and await deps.admins.may_change(context.bot, message.chat.id, user.id)


async def _member_changed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Someone was promoted or demoted (Telegram tells an admin bot): the cached admin list is stale."""
    change = update.chat_member
    if change is not None and change.old_chat_member.status != change.new_chat_member.status:
        _deps(context).admins.forget(change.chat.id)


async def _apply(
    deps: _Deps, context: ContextTypes.DEFAULT_TYPE, message: Message, item: Item, value: Value
) -> MenuState:
    """Store a choice (a press or a typed command); a change of the rules reaches the chat's open lobbies."""
    state = await apply_choice(
        deps.database, deps.translator, context.bot, _place(message), item, value, deps.default_language
    )
    follow = deps.on_language_changed if item.kind is ItemKind.LANGUAGE else deps.on_rules_changed
    if follow is not None:
        await follow(message.chat.id)
    return state


# ---- commands ------------------------------------------------------------------------------------------


async def _settings_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/settings opens the menu; `/settings name value` (admins) changes one rule directly."""
    deps, message = _deps(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        lang = await _language_of_sender(deps, update)
        text = deps.translator.t(lang, "error-group-only")
        await _reply(deps, message, Render(text, add_to_group_button(context.bot.username, lang)))
    elif context.args:
        await _change_by_command(deps, context, message, context.args)
    else:
        state = await menu_state(deps.database, _place(message), deps.default_language)
        await _reply(deps, message, deps.menu.screen(item_for(ItemKind.HOME), state), MENU_SECONDS)
    raise ApplicationHandlerStop


async def _change_by_command(
    deps: _Deps, context: ContextTypes.DEFAULT_TYPE, message: Message, args: list[str]
) -> None:
    own = await _asker_language(deps, message)
    # The change stays in the group's history; why nothing changed is for the one who typed it, for a while.
    lasts: float | None = ANSWER_SECONDS
    try:
        text, lasts = await _typed_change(deps, context, message, args, own), None
    except _NotChanged as refused:
        text = refused.answer
    except ChatMigrated:  # typed as the group became a supergroup: its admins are asked about there
        text = deps.translator.t(own, "settings-chat-moved")
    await _reply(deps, message, Render(text), lasts)


class _NotChanged(Exception):
    """A typed change refused, or not understood; `answer` says why."""

    def __init__(self, answer: str) -> None:
        super().__init__(answer)
        self.answer = answer


async def _typed_change(
    deps: _Deps, context: ContextTypes.DEFAULT_TYPE, message: Message, args: list[str], language: str
) -> str:
    """Make the change `args` ask for, if the sender may; what changed, in the group's language (news for
    all); _NotChanged: why not, in `language`, the sender's."""
    tr = deps.translator
    parsed = parse_command(args)
    if sent_as_channel(message):  # no admin the bot can tell: "just made an admin?" would mislead
        raise _NotChanged(tr.t(language, "error-sent-as-channel"))
    if not await _may_change(deps, context, message):
        raise _NotChanged(tr.t(language, "error-admin-only"))
    if parsed is None:
        raise _NotChanged(tr.t(language, "settings-usage"))
    if parsed.item is None:
        raise _NotChanged(_unknown(tr, language, parsed.name, parsed.text))
    try:
        changed = await _apply(deps, context, message, parsed.item, parsed.value)
    except RulesError:
        raise _NotChanged(_refusal(tr, language, parsed.item, parsed.text)) from None
    return changed.notice or ""


def _unknown(tr: Translator, language: str, typed: str, value: str) -> str:
    """A setting name nobody has: the command it is a typo or a part of ("hand_sise", "turn"), else the
    names it is part of ("draw"), else every name to type."""
    names = ["preset", *SETTINGS_BY_NAME, "language"]
    close = difflib.get_close_matches(typed, names, n=1, cutoff=TYPO_SIMILARITY)
    holding = [name for name in names if len(typed) >= SHORTEST_PART and typed in name]
    if close or len(holding) == 1:
        # in <code>, which Telegram searches for nothing: kept as typed, to be copied
        command = f"/settings {(close or holding)[0]} {clean_text(value, ECHO_LIMIT)}"
        return tr.html(language, "settings-unknown-close", setting=_echo(typed), command=command)
    if holding:
        return tr.html(language, "settings-unknown-part", setting=_echo(typed), names=", ".join(holding))
    return tr.html(language, "settings-unknown", setting=_echo(typed), names=", ".join(names))


def _refusal(tr: Translator, language: str, item: Item, typed: str) -> str:
    """A typed value the engine refused, named by what it was meant for (a preset, a rule, the language),
    with the values it takes."""
    if item.kind is ItemKind.PRESET:
        return tr.html(language, "settings-preset-refused", value=_echo(typed), presets=", ".join(PRESETS))
    spec = item.spec
    name = setting_label(tr, language, item.key) if spec else tr.t(language, "settings-language")
    values = _typed_values(tr, language, item)
    return tr.html(language, "settings-refused", setting=name, value=_echo(typed), values=values)


def _typed_values(tr: Translator, language: str, item: Item) -> str:
    """What can be typed for a rule or the language: a number's range, a toggle's words, the names of the
    choices (as presets are named)."""
    spec = item.spec
    if spec is None or spec.type is SettingType.CHOICE:
        return ", ".join(str(value) for value in item.values)
    if spec.type is SettingType.INT:
        return number_range(tr, language, spec)
    return tr.t(language, "settings-toggle-values")


def _echo(typed: str) -> str:
    """What was typed, quoted as plain text: "/stop" no command to tap, "@name" no mention."""
    return unlinked(clean_text(typed, ECHO_LIMIT))


async def _rules_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/rules: the chat's rules in plain words (in private: the sender's game's, or the official ones)."""
    deps, message = _deps(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        text = await _private_rules(deps, update)
    else:
        state = await menu_state(deps.database, _place(message), deps.default_language)
        topic = message.message_thread_id if message.is_topic_message else None
        async with deps.database.unit_of_work() as uow:
            playing = await rules_in_play(uow, message.chat_id, topic or 0)
        if playing is None:
            text = rules_summary(deps.translator, state.language, state.rules)
        else:
            # A change without effect (blank cards' effect, no blank cards) leaves the next match the same; a
            # change is named as the lobby will name it (a player who is no admin can't browse /settings).
            differs = in_effect(playing) != in_effect(state.rules)
            upcoming = rules_line(state.rules, state.language)
            note = deps.translator.t(state.language, "rules-next-note", rules=upcoming) if differs else None
            text = rules_summary(deps.translator, state.language, playing, "rules-title-match", note)
    # The same for whoever asks, so not quoted: a group repeating /rules while its answer waits gets it once.
    # Read by those who asked then, like /help: a group asking every evening would keep every copy.
    await deps.replies.reply(message, Render(text), lasts=RULES_SECONDS)
    raise ApplicationHandlerStop


async def _private_rules(deps: _Deps, update: Update) -> str:
    """/rules beside a player's cards: their game's rules; for anyone else the official ones."""
    language = await _language_of_sender(deps, update)
    assert update.effective_user is not None, "a private chat always has its user"
    async with deps.database.unit_of_work() as uow:
        own = await rules_of_own_game(uow, update.effective_user.id)
    if own is not None:
        chat, rules = own
        return rules_summary(deps.translator, language, rules, "rules-title-game", chat=title(chat, language))
    official = deps.translator.t(language, "rules-official-note")
    return rules_summary(deps.translator, language, Rules(), "rules-title-official", official)


async def _lang_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/lang: in a group the chat's language (the menu's language screen; `/lang ru` for admins),
    in private the user's own (buttons; `/lang ru`)."""
    deps, message = _deps(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        await _private_language(deps, update, message, context.args or [])
    elif len(context.args or []) > 1:  # "/lang ru en": not /settings's usage, which names no /lang
        own = await _asker_language(deps, message)
        await _reply(deps, message, Render(deps.translator.t(own, "lang-usage")), ANSWER_SECONDS)
    elif context.args:
        await _change_by_command(deps, context, message, ["language", *context.args])
    else:
        state = await menu_state(deps.database, _place(message), deps.default_language)
        await _reply(deps, message, deps.menu.screen(item_for(ItemKind.LANGUAGE), state), MENU_SECONDS)
    raise ApplicationHandlerStop


async def _private_language(deps: _Deps, update: Update, message: Message, args: list[str]) -> None:
    tr = deps.translator
    current = await _language_of_sender(deps, update)
    if not args:
        name = tr.t(current, f"language-name-{current}")
        keyboard = language_keyboard(tr, current)
        await _reply(deps, message, Render(tr.t(current, "lang-private-prompt", language=name), keyboard))
        return
    try:
        chosen = await _set_own_language(deps, update, args[0].lower())
    except RulesError:
        await _reply(deps, message, Render(_refusal(tr, current, item_for(ItemKind.LANGUAGE), args[0])))
        return
    await _reply(deps, message, Render(_own_language_set(tr, chosen)))


async def _set_own_language(deps: _Deps, update: Update, code: str) -> Language:
    user = update.effective_user
    assert user is not None, "a private chat always has its user"
    async with deps.database.unit_of_work() as uow:
        chosen = await set_user_language(
            uow, user.id, code, name=user.full_name, username=user.username, language_code=user.language_code
        )
    if deps.on_language_changed is not None:
        await deps.on_language_changed(user.id)
    return chosen


def _own_language_set(tr: Translator, language: Language) -> str:
    return tr.t(language, "lang-private-set", language=tr.t(language, f"language-name-{language}"))


# ---- menu buttons --------------------------------------------------------------------------------------


async def _menu_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    deps, query = _deps(context), update.callback_query
    assert query is not None and query.data is not None
    data = decode(query.data)
    press = read_press(data) if isinstance(data, CallbackData) else None
    # Only on a menu: a forged press on the table or a lobby must not redraw it into one.
    message = query.message if isinstance(query.message, Message) and offers_pressed_kind(query) else None
    if press is None or message is None:
        await _stale(deps, update, context)
    elif message.chat.type == Chat.PRIVATE:
        await _private_press(deps, update, context, message, press)
    else:
        try:
            await _group_press(deps, update, context, message, press)
        except ChatMigrated:  # a menu left in a group that became a supergroup: it changes nothing now
            await _stale(deps, update, context)
    raise ApplicationHandlerStop


async def _group_press(
    deps: _Deps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    """A press on a group's menu: an admin's opens a screen or changes the chat's settings (the menu then
    lasts its time from now), or closes the menu."""
    query = update.callback_query
    assert query is not None
    if not await _may_press(deps, context, message.chat.id, query.from_user.id, press):
        language = press.item.kind is ItemKind.LANGUAGE
        await _alert(
            deps, update, context, "alert-language-admin-only" if language else "alert-settings-admin-only"
        )
        return
    if press.item.kind is ItemKind.DONE:
        await answer_callback_query(context.bot, query.id)
        deps.replies.delete(message)
        return
    deps.replies.lasts(message, MENU_SECONDS)
    if press.value is None:
        await answer_callback_query(context.bot, query.id)
        state = await menu_state(deps.database, _place(message), deps.default_language)
        _edit(deps, message, deps.menu.screen(press.item, state))
    else:
        await _group_change(deps, update, context, message, press)


async def _may_press(
    deps: _Deps, context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int, press: Press
) -> bool:
    """Browsing the menu trusts the cached admin list; a press that changes something asks Telegram."""
    if press.value is None:
        return await deps.admins.is_admin(context.bot, chat_id, user_id)
    return await deps.admins.may_change(context.bot, chat_id, user_id)


async def _group_change(
    deps: _Deps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    assert update.callback_query is not None and press.value is not None
    try:
        state = await _apply(deps, context, message, press.item, press.value)
    except RulesError:
        await _alert(deps, update, context, "alert-settings-refused")
        return
    saved = deps.translator.t(await _language_of_sender(deps, update), "alert-settings-saved")
    await answer_callback_query(context.bot, update.callback_query.id, saved)
    _edit(deps, message, deps.menu.after_change(press.item, state))


async def _private_press(
    deps: _Deps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    """In private the only setting is the user's own language."""
    assert update.callback_query is not None
    if press.item.kind is not ItemKind.LANGUAGE or press.value is None:
        await _stale(deps, update, context)
        return
    chosen = await _set_own_language(deps, update, str(press.value))
    await answer_callback_query(context.bot, update.callback_query.id)
    _edit(deps, message, Render(_own_language_set(deps.translator, chosen)))


async def _stale(deps: _Deps, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button of a menu this bot no longer draws (it was updated since): the command draws it anew."""
    chat = update.effective_chat
    command = "/lang" if chat is not None and chat.type == Chat.PRIVATE else "/settings"
    await _alert(deps, update, context, "alert-message-stale", command=command)


async def _alert(
    deps: _Deps, update: Update, context: ContextTypes.DEFAULT_TYPE, key: str, **args: str
) -> None:
    assert update.callback_query is not None
    text = deps.translator.t(await _language_of_sender(deps, update), key, **args)
    await answer_callback_query(context.bot, update.callback_query.id, text, show_alert=True)


def _edit(deps: _Deps, message: Message, render: Render) -> None:
    deps.replies.edit(message, render)
