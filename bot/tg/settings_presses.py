"""The settings menu's buttons: in a group an admin's press opens a screen, changes the chat's settings or
closes the menu; in private the only setting is the user's own language."""

from __future__ import annotations

import re

from telegram import Chat, Message, Update
from telegram.error import ChatMigrated
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.engine.rules import RulesError
from bot.service.settings import chat_language
from bot.tg.callback_data import CODEC_VERSION, Action, CallbackData, decode
from bot.tg.fleeting import MENU_SECONDS
from bot.tg.pacing import Render
from bot.tg.send import answer_callback_query
from bot.tg.settings_changes import ChangedMeanwhile, menu_state
from bot.tg.settings_context import (
    SettingsDeps,
    apply,
    deps_of,
    place,
    redraw_open_menu_held,
    update_user_language,
)
from bot.tg.settings_layout import Item, ItemKind, Press, read_press
from bot.tg.settings_menu import MenuState, named_now, pressed_on, shown_after
from bot.tg.settings_open import MENU_KIND, OpenMenu
from bot.tg.settings_own_language import own_language_set, set_own_language
from bot.tg.updates_request import offers_pressed_kind

PRESS_PATTERN = re.compile(f"^{CODEC_VERSION}{Action.SETTING.value}:")


async def menu_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    deps, query = deps_of(context), update.callback_query
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
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    """A press on a group's menu: an admin's opens a screen or changes the chat's settings (the menu then
    lasts its time from now), or closes the menu."""
    query = update.callback_query
    assert query is not None
    if not deps.replies.deletable(message, MENU_SECONDS):
        await _close_undeletable(deps, update, context, message)
        return
    # Who may press it first: a member pressing a menu closed meanwhile was told a newer one was open, only
    # to be refused on that one.
    if not await _may_press(deps, context, message.chat.id, query.from_user.id, press):
        # Back and Done on the language screen (/lang's menu) too: "read the rules with /rules" is the rules'.
        language = press.item.kind is ItemKind.LANGUAGE or _shows_language(message)
        await _alert(
            deps, update, context, "alert-language-admin-only" if language else "alert-settings-admin-only"
        )
        return
    if not _still_open(deps, message):  # (or closed while Telegram was asked whether the presser is an admin)
        await _closed(deps, update, context, message)
        return
    if press.item.kind is ItemKind.DONE:
        await answer_callback_query(context.bot, query.id)
        deps.replies.delete(message)
        return
    deps.replies.lasts(message, MENU_SECONDS)  # (a /settings closing it later has it go sooner)
    if press.value is None:
        async with deps.open_menus.drawing(message.chat_id):
            state = await menu_state(deps.database, place(message), deps.default_language)
            opened = _still_open(deps, message)
            if opened:
                await _show(deps, update, message, press.item, state)
        if opened:
            await answer_callback_query(context.bot, query.id)
        else:
            await _closed(deps, update, context, message)
    else:
        await _group_change(deps, update, context, message, press)


async def _closed(
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message
) -> None:
    """A press on a menu closed: the chat's newer one, if up, is pointed to, where "send /settings" would
    have the presser close it, under the admin using it; else /settings opens one anew."""
    if deps.replies.newest_up(message.chat_id, MENU_KIND) is None:
        await _stale(deps, update, context)
    else:
        await _alert(deps, update, context, "alert-settings-menu-replaced")


def _still_open(deps: SettingsDeps, message: Message) -> bool:
    """Whether the pressed menu is the chat's, up: not replaced by another admin's /settings, nor closed with
    Done. A press on one closed changes nothing: the change would show on no menu (the chat's one reading
    the rules as they were)."""
    return deps.replies.newest_up(message.chat_id, MENU_KIND) == message.message_id


def _shows_language(message: Message) -> bool:
    """Whether the menu shows the language screen: its first button sets the language, as no other screen's
    does (a pressed message keeps that button of its keyboard at least: bot.tg.updates_request)."""
    rows = message.reply_markup.inline_keyboard if message.reply_markup is not None else ()
    first = rows[0][0].callback_data if rows and rows[0] else None
    data = decode(first) if isinstance(first, str) else None
    press = read_press(data) if isinstance(data, CallbackData) else None
    return press is not None and press.item.kind is ItemKind.LANGUAGE


async def _close_undeletable(
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message
) -> None:
    """A menu the bot can no longer delete (it was down when the menu's time ran out, two days ago): neither
    Done nor its time would take it away, and it would live on beside the chat's newer menus. It closes
    here; /settings posts a new one."""
    await _stale(deps, update, context)
    async with deps.database.unit_of_work() as uow:
        language = await chat_language(uow, message.chat_id, deps.default_language)
    _edit(deps, update, message, Render(deps.translator.t(language, "settings-menu-closed")))


async def _may_press(
    deps: SettingsDeps, context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int, press: Press
) -> bool:
    """Browsing the menu trusts the cached admin list, or the presser's last ask, for a few seconds
    (AdminCache: a demoted admin is refused at their first press); a press that changes something asks
    Telegram."""
    if press.value is None:
        return await deps.admins.is_admin(context.bot, chat_id, user_id)
    return await deps.admins.may_change(context.bot, chat_id, user_id)


async def _group_change(
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    assert update.callback_query is not None and press.value is not None
    saved = await _saved_and_shown(deps, update, message, press)
    if saved is None:
        await _alert(deps, update, context, "alert-settings-refused")
    elif isinstance(saved, ChangedMeanwhile):
        # Said in an alert, which waits to be read: a toast would pass unread by one pressing again.
        language = await update_user_language(deps, update)
        told = _now_reads(deps, language, press.item, saved.state)
        await answer_callback_query(context.bot, update.callback_query.id, told, show_alert=True)
    else:
        key = _saved_toast(press.item, *saved)
        toast = None if key is None else deps.translator.t(await update_user_language(deps, update), key)
        await answer_callback_query(context.bot, update.callback_query.id, toast)


def _saved_toast(item: Item, state: MenuState, shown: bool) -> str | None:
    """What the toast of a press whose change was saved says: what the menu it redraws does not, once. A
    rule's topic reads «✅ Saved.» (and during a match that the change waits for the next): no toast; the
    home screen shows the preset now set, or is drawn in the language chosen: "Saved.". A menu closed as it
    was saved shows none of it (the chat's newer one is drawn with no notice): the toast says it all, during
    a match that it waits (the language does not)."""
    if not shown:
        waits = state.running and item.kind is not ItemKind.LANGUAGE
        return "alert-settings-saved-next-match" if waits else "alert-settings-saved"
    return None if item.spec is not None else "alert-settings-saved"


async def _saved_and_shown(
    deps: SettingsDeps, update: Update, message: Message, press: Press
) -> tuple[MenuState, bool] | ChangedMeanwhile | None:
    """The press's change stored, and the menu drawn from the settings it left, before another change's
    (`OpenMenus.drawing`): the chat's state then, and whether the menu pressed shows it (see `_show`);
    ChangedMeanwhile when it was pressed on the menu as it read before (nothing stored, the menu drawn as
    they are now); None when the engine refused it."""
    assert press.value is not None
    async with deps.open_menus.drawing(message.chat_id):
        try:
            state, _ = await apply(deps, message, press.item, press.value, press.drawn)
        except RulesError:
            return None
        except ChangedMeanwhile as changed:
            await _show(deps, update, message, pressed_on(press.item), changed.state)
            return changed
        return state, await _show(deps, update, message, shown_after(press.item), state)


def _now_reads(deps: SettingsDeps, language: str, item: Item, state: MenuState) -> str:
    """That a press made on the menu as it read before another change changed nothing, and what the setting
    it meant to change is now."""
    setting, value = named_now(deps.translator, language, item, state)
    return deps.translator.t(language, "alert-settings-changed-meanwhile", setting=setting, value=value)


async def _private_press(
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, message: Message, press: Press
) -> None:
    """In private the only setting is the user's own language."""
    assert update.callback_query is not None
    if press.item.kind is not ItemKind.LANGUAGE or press.value is None:
        await _stale(deps, update, context)
        return
    chosen = await set_own_language(deps, update, str(press.value))
    await answer_callback_query(context.bot, update.callback_query.id)
    deps.own_menus.write(context.bot, update.callback_query.from_user.id)
    deps.lang_prompts.answered(message.chat_id, message.message_id)
    _edit(deps, update, message, Render(own_language_set(deps.translator, chosen)))


async def _stale(deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A button of a menu this bot no longer draws (it was updated since): the command draws it anew."""
    chat = update.effective_chat
    command = "/lang" if chat is not None and chat.type == Chat.PRIVATE else "/settings"
    await _alert(deps, update, context, "alert-message-stale", command=command)


async def _alert(
    deps: SettingsDeps, update: Update, context: ContextTypes.DEFAULT_TYPE, key: str, **args: str
) -> None:
    assert update.callback_query is not None
    text = deps.translator.t(await update_user_language(deps, update), key, **args)
    await answer_callback_query(context.bot, update.callback_query.id, text, show_alert=True)


async def _show(deps: SettingsDeps, update: Update, message: Message, screen: Item, state: MenuState) -> bool:
    """The group's menu pressed shows `screen`: a setting typed later redraws it there
    (bot.tg.settings_open). One closed as the press was saved stays closed; the chat's menu that closed it
    shows the values saved by now (it may have read them before the change). Whether the menu pressed
    shows it."""
    assert update.callback_query is not None
    presser = update.callback_query.from_user.id
    if not _still_open(deps, message):
        await redraw_open_menu_held(deps, message.chat_id, presser)
        return False
    menu = OpenMenu(message.message_id, place(message).topic_id, screen, presser)
    deps.open_menus.shows(message.chat_id, menu)
    _edit(deps, update, message, deps.menu.screen(screen, state))
    return True


def _edit(deps: SettingsDeps, update: Update, message: Message, render: Render) -> None:
    """The menu pressed shows `render`, paced as an answer to the presser."""
    assert update.callback_query is not None
    deps.replies.edit(message, render, update.callback_query.from_user.id)
