"""The command menus Telegram shows under "/" in each kind of chat, set at start-up in every language: a
group's, a group's for its admins (what only they may do, too), and the private chat's. Each of the bot's
languages has its code's menus; the menus without a code, which Telegram shows to everyone else, are in
English: the bot writes English to an app in a language it does not write in (`app_language`), and an app
that says no language is rare. One who chose their language with /lang has their private chat's own menu in
it."""

from __future__ import annotations

from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeChat,
)

from bot.i18n import FALLBACK, LANGUAGES, Language, Translator

GROUP_COMMANDS = (
    "new",
    "join",
    "startgame",
    "leave",
    "stop",
    "kick",
    "table",
    "hand",
    "notifyme",
    "settings",
    "rules",
    "top",
    "stats",
    "help",
)
GROUP_ADMIN_COMMANDS = (*GROUP_COMMANDS[:-1], "lang", GROUP_COMMANDS[-1])  # /lang before /help
# /privacy in the menu: the profile's "Privacy Policy" sends it (bot.tg.handlers.privacy)
PRIVATE_COMMANDS = ("hand", "stats", "top", "rules", "lang", "colours", "forgetme", "privacy", "help")
_COMMAND_KEYS = {"startgame": "command-start", "lang": "command-language"}


async def set_command_menus(bot: Bot, translator: Translator) -> None:
    t = translator
    menus = (
        (GROUP_COMMANDS, BotCommandScopeAllGroupChats()),
        (GROUP_ADMIN_COMMANDS, BotCommandScopeAllChatAdministrators()),  # what only admins may do, too
        (PRIVATE_COMMANDS, BotCommandScopeAllPrivateChats()),
    )
    languages: tuple[tuple[Language, str | None], ...] = (
        *((language, language) for language in LANGUAGES),
        (FALLBACK, None),  # everyone whose app's language has no menu of its own
    )
    for language, code in languages:
        for names, scope in menus:
            await bot.set_my_commands(_menu(t, language, names), scope=scope, language_code=code)


async def set_own_menu(bot: Bot, translator: Translator, user_id: int, language: Language) -> None:
    """The private chat's menu of one who chose `language` with /lang, whatever their app's language (a
    German app showed the English menu under a chat in the Russian they chose): Telegram shows a chat's own
    menu before the menus by app language."""
    menu = _menu(translator, language, PRIVATE_COMMANDS)
    await bot.set_my_commands(menu, scope=BotCommandScopeChat(user_id))


def _menu(translator: Translator, language: Language, names: tuple[str, ...]) -> list[BotCommand]:
    return [BotCommand(c, translator.t(language, _COMMAND_KEYS.get(c, f"command-{c}"))) for c in names]
