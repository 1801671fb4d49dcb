"""/settings, /rules, /lang and the settings menu's buttons, wired.

Wire them with `register(application)`. They run in their own handler group (-1 by default) and stop the
update there, so a catch-all handler of another part of the bot never sees these commands or presses. The
commands are answered in bot.tg.settings_commands, the menu's buttons in bot.tg.settings_presses.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
)

from bot.i18n import Language
from bot.i18n.shared import translator
from bot.storage import Database
from bot.tg.background import Spawn
from bot.tg.command_menus import KeepMenu, OwnMenus
from bot.tg.replies import PacedReplies
from bot.tg.send import Sleep
from bot.tg.settings_admins import AdminCache, Clock
from bot.tg.settings_changes import SeesGroup
from bot.tg.settings_commands import lang_command, rules_command, settings_command
from bot.tg.settings_context import DEPS_KEY, ChatChanged, RulesChanged, SettingsDeps, deps_of, follow_matches
from bot.tg.settings_lang_prompts import LangPrompts
from bot.tg.settings_menu import SettingsMenu
from bot.tg.settings_open import OpenMenus
from bot.tg.settings_presses import PRESS_PATTERN, menu_press


def register(
    application: Application[Any, Any, Any, Any, Any, Any],
    database: Database,
    default_language: Language,
    *,
    replies: PacedReplies,
    sees_group: SeesGroup,
    spawn: Spawn,
    clock: Clock = time.monotonic,
    sleep: Sleep = asyncio.sleep,
    group: int = -1,
    on_rules_changed: RulesChanged | None = None,
    on_language_changed: ChatChanged | None = None,
) -> None:
    """Add the settings handlers. `default_language` is the bot's DEFAULT_LANGUAGE (for chats that chose
    none); `sees_group(chat_id)`: whether the bot sees the group's messages (switching seven silence on
    warns when not); `spawn` runs a write in the background (a private chat's own command menu, set once
    its language's choice is answered, `sleep` waiting between its tries); `clock` (seconds) times the
    cached admin lists; `on_rules_changed(chat_id, topic_id, note)` follows every change of a chat's rules
    (made in that forum topic; `note` is for the others), `on_language_changed(chat_id)` every change of a
    group's or a person's language."""
    application.bot_data[DEPS_KEY] = SettingsDeps(
        translator,
        SettingsMenu(translator),
        AdminCache(clock),
        database,
        default_language,
        on_rules_changed,
        on_language_changed,
        replies,
        OpenMenus(replies),
        sees_group,
        LangPrompts(clock),
        OwnMenus(translator, spawn, _own_menu_kept(database), sleep),
    )
    application.add_handler(CommandHandler("settings", settings_command), group)
    application.add_handler(CommandHandler("rules", rules_command), group)
    application.add_handler(CommandHandler("lang", lang_command), group)
    application.add_handler(CallbackQueryHandler(menu_press, pattern=PRESS_PATTERN), group)
    # Not stopped here: other parts of the bot may follow members too.
    application.add_handler(ChatMemberHandler(_member_changed, ChatMemberHandler.CHAT_MEMBER), group)


async def matches_changed(application: Application[Any, Any, Any, Any, Any, Any], chat_id: int) -> None:
    """A match started or ended in the chat (told by the runtime): its open settings menu reads so."""
    deps = application.bot_data[DEPS_KEY]
    assert isinstance(deps, SettingsDeps)
    await follow_matches(deps, chat_id)


def own_menus(application: Application[Any, Any, Any, Any, Any, Any]) -> OwnMenus:
    """The private chats' own menus the handlers set (bot.tg.profile_kept sets them again)."""
    deps = application.bot_data[DEPS_KEY]
    assert isinstance(deps, SettingsDeps)
    return deps.own_menus


def _own_menu_kept(database: Database) -> KeepMenu:
    """Each private chat's own menu written down as set (users.own_menu)."""

    async def keep(user_id: int, fingerprint: str) -> None:
        async with database.unit_of_work() as uow:
            await uow.users.keep_own_menu(user_id, fingerprint)

    return keep


async def _member_changed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Someone was promoted or demoted (Telegram tells an admin bot): the cached admin list is stale."""
    change = update.chat_member
    if change is not None and change.old_chat_member.status != change.new_chat_member.status:
        deps_of(context).admins.forget(change.chat.id)
