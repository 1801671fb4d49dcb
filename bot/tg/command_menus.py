"""The command menus Telegram shows under "/" in each kind of chat, set at start-up in every language: a
group's, a group's for its admins (what only they may do, too), and the private chat's."""

from __future__ import annotations

from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
)

from bot.i18n import LANGUAGES, Language, Translator

GROUP_COMMANDS = (
    "new",
    "join",
    "startgame",
    "leave",
    "stop",
    "kick",
    "table",
    "notifyme",
    "settings",
    "rules",
    "top",
    "stats",
    "help",
)
GROUP_ADMIN_COMMANDS = (*GROUP_COMMANDS[:-1], "lang", GROUP_COMMANDS[-1])  # /lang before /help
# /privacy in the menu: the profile's "Privacy Policy" sends it (bot.tg.handlers.privacy)
PRIVATE_COMMANDS = ("stats", "top", "rules", "lang", "colours", "forgetme", "privacy", "help")
_COMMAND_KEYS = {"startgame": "command-start", "lang": "command-language"}


async def set_command_menus(bot: Bot, translator: Translator, default_language: Language) -> None:
    t = translator
    menus = (
        (GROUP_COMMANDS, BotCommandScopeAllGroupChats()),
        (GROUP_ADMIN_COMMANDS, BotCommandScopeAllChatAdministrators()),  # what only admins may do, too
        (PRIVATE_COMMANDS, BotCommandScopeAllPrivateChats()),
    )
    for language in LANGUAGES:
        code = None if language == default_language else language
        for names, scope in menus:
            menu = [BotCommand(c, t.t(language, _COMMAND_KEYS.get(c, f"command-{c}"))) for c in names]
            await bot.set_my_commands(menu, scope=scope, language_code=code)
