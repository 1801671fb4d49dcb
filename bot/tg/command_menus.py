"""The command menus Telegram shows under "/" in each kind of chat, set at start-up in every language (when
this version words them otherwise than the last one that set them: bot.tg.profile_kept): a group's, a
group's for its admins (what only they may do, too), and the private chat's. Each of the bot's languages has
its code's menus; the menus without a code, which Telegram shows to everyone else, are in English: the bot
writes English to an app in a language it does not write in (`app_language`), and an app that says no
language is rare. One who chose their language with /lang has their private chat's own menu in it, set in
the background (`OwnMenus`), and set again when a new version words it otherwise, or at their Start where
this bot did not set it as it reads now (users.own_menu)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterable, Awaitable, Callable
from dataclasses import dataclass

from telegram import (
    Bot,
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeChat,
)
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.i18n import FALLBACK, LANGUAGES, Language, Translator
from bot.tg.background import Spawn
from bot.tg.fingerprints import fingerprint
from bot.tg.send import Sleep, retried

log = logging.getLogger(__name__)

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
_CHAT_NOT_FOUND = "chat not found"  # Telegram's 400 of a person the bot never met (another bot's token)
Turn = Callable[[], Awaitable[bool]]  # a write's turn in the bot-wide window; False: the bot stops
KeepMenu = Callable[[int, str], Awaitable[None]]  # a person's own menu set: its fingerprint written down


@dataclass(frozen=True)
class CommandMenu:
    """One menu as setMyCommands sets it: its commands, for the chats of `scope`, in apps in `code` (None:
    every app whose language has no menu of its own)."""

    scope: BotCommandScope
    code: str | None
    commands: list[BotCommand]


def command_menus(translator: Translator) -> list[CommandMenu]:
    """Every menu the bot sets at start-up: each kind of chat's, in each language code."""
    menus = (
        (GROUP_COMMANDS, BotCommandScopeAllGroupChats()),
        (GROUP_ADMIN_COMMANDS, BotCommandScopeAllChatAdministrators()),  # what only admins may do, too
        (PRIVATE_COMMANDS, BotCommandScopeAllPrivateChats()),
    )
    languages: tuple[tuple[Language, str | None], ...] = (
        *((language, language) for language in LANGUAGES),
        (FALLBACK, None),  # everyone whose app's language has no menu of its own
    )
    return [
        CommandMenu(scope, code, _menu(translator, language, names))
        for language, code in languages
        for names, scope in menus
    ]


async def set_command_menus(bot: Bot, menus: list[CommandMenu]) -> None:
    for menu in menus:
        await bot.set_my_commands(menu.commands, scope=menu.scope, language_code=menu.code)


def own_menus(translator: Translator) -> dict[Language, list[BotCommand]]:
    """The private chat's own menu in each language (`set_own_menu`)."""
    return {language: _menu(translator, language, PRIVATE_COMMANDS) for language in LANGUAGES}


def own_menu_fingerprint(bot: Bot, translator: Translator, language: Language) -> str:
    """A private chat's own menu as `bot` sets it in `language` (kept of each person's: users.own_menu)."""
    return fingerprint(bot, [language, texts_of(_menu(translator, language, PRIVATE_COMMANDS))])


def texts_of(commands: list[BotCommand]) -> list[tuple[str, str]]:
    return [(command.command, command.description) for command in commands]


async def set_own_menu(bot: Bot, translator: Translator, user_id: int, language: Language) -> None:
    """The private chat's menu of one who chose `language` with /lang, whatever their app's language (a
    German app showed the English menu under a chat in the Russian they chose): Telegram shows a chat's own
    menu before the menus by app language."""
    menu = _menu(translator, language, PRIVATE_COMMANDS)
    await bot.set_my_commands(menu, scope=BotCommandScopeChat(user_id))


class OwnMenus:
    """The private chats' own menus, each set once the choice of its language is answered (awaited before,
    a slow Telegram held the press's spinner), in the order chosen: one write a person at a time, and the
    last choice written last (two quick choices' menus landed in either order). A write that fails for a
    moment is tried again; one that fails for good is logged, and the choices after it are written still.
    Each menu set is written down (`keep`: its person and fingerprint), for their Start to tell whether this
    bot set it as it reads now (`started`). `sleep`: the waits between tries."""

    def __init__(
        self, translator: Translator, spawn: Spawn, keep: KeepMenu, sleep: Sleep = asyncio.sleep
    ) -> None:
        self._translator = translator
        self._spawn = spawn
        self._keep = keep
        self._sleep = sleep
        self._unwritten: dict[int, Language] = {}  # by person: the language last chosen, its menu not set yet
        self._writing: set[int] = set()  # people whose menu is being set
        self._chosen_since: set[int] | None = None  # while menus are set again: who chose since it began

    def chosen(self, user_id: int, language: Language) -> None:
        """`language` stored as the person's (a choice made later stored after it): their next `write` sets
        their menu in it, whatever they chose before."""
        self._unwritten[user_id] = language
        if self._chosen_since is not None:
            self._chosen_since.add(user_id)

    def started(self, bot: Bot, user_id: int, language: Language | None, kept: str | None) -> None:
        """A Start in the private chat of one who chose `language` (None: none): their menu set, in the
        background, where `kept` (the fingerprint of the one last set for them) says this bot did not set
        it as it reads now. One who chose under another bot on this database (a new token), or was out of
        reach as the menus were set again (not started yet, blocked), read their app's menu till the next
        wording. A choice on its way is left to its own write (the language read may be the one before)."""
        if language is None or user_id in self._unwritten or user_id in self._writing:
            return
        if kept != own_menu_fingerprint(bot, self._translator, language):
            self.chosen(user_id, language)
            self.write(bot, user_id)

    def write(self, bot: Bot, user_id: int) -> None:
        """Set the person's menu in the language they chose last, in the background (the choice answered)."""
        if user_id in self._unwritten and user_id not in self._writing:
            self._writing.add(user_id)
            self._spawn(self._written(bot, user_id))

    async def set_again(
        self, bot: Bot, chosen: AsyncIterable[tuple[int, Language]], turn: Turn
    ) -> int | None:
        """Set again, in this version's wording, the menus of those who chose their language before (`chosen`,
        read as it goes), one at a time, each try once `turn` lets it (False: the bot stops, and None is
        returned); how many were tried. One who chooses meanwhile is left to their choice's own write: the
        language read of them may be the one before. One the bot cannot reach (who never started it, a new
        token on the same database being another bot; who blocked it) is only noted."""
        since: set[int] = set()
        self._chosen_since = since
        try:
            done = 0
            async for user_id, language in chosen:
                if self._chose_meanwhile(since, user_id):
                    continue
                if not await turn():
                    return None
                if self._chose_meanwhile(since, user_id):  # (as the turn was awaited)
                    continue
                self._unwritten[user_id] = language
                self._writing.add(user_id)
                try:
                    await self._written(bot, user_id, turn)  # (a choice made on its way is set after it)
                except _Stopping:  # a try after the first found the bot stopping: that menu is left unset
                    return None
                done += 1
            return done
        finally:
            self._chosen_since = None

    def _chose_meanwhile(self, since: set[int], user_id: int) -> bool:
        """Whether the person chose since `set_again` began, or their choice is still being written: the
        language read of them may be the one before."""
        return user_id in since or user_id in self._unwritten or user_id in self._writing

    async def _written(self, bot: Bot, user_id: int, again: Turn | None = None) -> None:
        """Each language chosen until none is left unwritten; `_set` raises nothing but `_Stopping` (set
        `again`, the bot stopping), so only a stop ends this with a choice left (the next start sets it)."""
        try:
            while (language := self._unwritten.pop(user_id, None)) is not None:
                await self._set(bot, user_id, language, again)
        finally:
            self._writing.discard(user_id)

    async def _set(self, bot: Bot, user_id: int, language: Language, again: Turn | None = None) -> None:
        """The menu set, or the failure logged: the menu under "/" only (the chat reads their language
        already), which stopped no later choice's. `again`: set again (`set_again`), whose every try after
        the first (which waited for it already) waits for its turn: each is a write Telegram counts."""
        what = f"command menu of user {user_id}'s private chat"
        tried = False

        async def admitted() -> None:
            nonlocal tried
            if tried and again is not None and not await again():
                raise _Stopping
            tried = True
            await set_own_menu(bot, self._translator, user_id, language)

        try:
            await retried(admitted, self._sleep, what=what)
        except _Stopping:
            raise  # (for `set_again`: not a failure to log)
        except TelegramError as error:
            # (no operator's concern: a new bot's people who have not started it, and those who blocked it)
            level = logging.INFO if again is not None and _unreached(error) else logging.WARNING
            log.log(level, "Could not set the %s: %s", what, error)
            return
        except Exception:
            log.exception("Setting the %s failed", what)
            return
        try:
            await self._keep(user_id, own_menu_fingerprint(bot, self._translator, language))
        except Exception:  # their next Start sets it again
            log.exception("Writing down the %s failed", what)


class _Stopping(Exception):
    """The bot stops as a menu's try waits for its turn: it is left unset, and so `set_again` ends."""


def _unreached(error: TelegramError) -> bool:
    """Whether Telegram refused a private chat's menu as the bot cannot reach its person."""
    return isinstance(error, Forbidden) or (
        isinstance(error, BadRequest) and _CHAT_NOT_FOUND in error.message.lower()
    )


def _menu(translator: Translator, language: Language, names: tuple[str, ...]) -> list[BotCommand]:
    return [BotCommand(c, translator.t(language, _COMMAND_KEYS.get(c, f"command-{c}"))) for c in names]
