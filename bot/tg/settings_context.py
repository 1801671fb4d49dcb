"""What the settings handlers share: their dependencies, kept in bot_data by `settings_handlers.register`,
and the steps each of them takes (the chat's place, a reply, the sender's language, a stored choice)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import Message, Update
from telegram.ext import ContextTypes

from bot.i18n import Language, Translator
from bot.service.settings import answer_language, person_language
from bot.storage import Database
from bot.tg.command_menus import OwnMenus
from bot.tg.fleeting import MENU_SECONDS
from bot.tg.handlers.common import place as game_place
from bot.tg.handlers.common import sender, shown_name
from bot.tg.lobby_rules_notes import RulesNote
from bot.tg.pacing import Render
from bot.tg.pacing_share import Asker
from bot.tg.render.notices import private_chat_button
from bot.tg.render.text import private_chat_link
from bot.tg.replies import PacedReplies, asker_of
from bot.tg.send import Sent
from bot.tg.settings_admins import AdminCache
from bot.tg.settings_changes import ChatPlace, SeesGroup, apply_choice, menu_state, told_elsewhere
from bot.tg.settings_lang_prompts import LangPrompts
from bot.tg.settings_layout import UNDRAWN, Item, ItemKind, Value
from bot.tg.settings_menu import MenuState, SettingsMenu
from bot.tg.settings_open import MENU_KIND, OpenMenu, OpenMenus

DEPS_KEY = "settings_menu"
# Told the chat whose language changed (screens are redrawn in it): a group, or a person's private chat.
ChatChanged = Callable[[int], Awaitable[None]]
# Told the chat whose rules changed (open lobbies take them), the forum topic the change was made in, and
# what the lobbies of its other topics say of it.
RulesChanged = Callable[[int, int, RulesNote], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class SettingsDeps:
    translator: Translator
    menu: SettingsMenu
    admins: AdminCache
    database: Database
    default_language: Language
    on_rules_changed: RulesChanged | None
    on_language_changed: ChatChanged | None
    replies: PacedReplies
    open_menus: OpenMenus
    sees_group: SeesGroup
    lang_prompts: LangPrompts
    own_menus: OwnMenus


def deps_of(context: ContextTypes.DEFAULT_TYPE) -> SettingsDeps:
    found = context.bot_data[DEPS_KEY]
    assert isinstance(found, SettingsDeps)
    return found


def place(message: Message) -> ChatPlace:
    """The chat, or forum topic, of the message, with the chat's title."""
    return ChatPlace(message.chat.id, message.chat.title, game_place(message).topic_id)


CLOSED_TOPIC_MENU = "settings-closed-topic-menu"


async def reply(
    deps: SettingsDeps,
    message: Message,
    render: Render,
    lasts: float | None = None,
    quote: bool = True,
    news: bool = False,
) -> None:
    """In reply to the command (quoting it if `quote`); in a group, deleted after `lasts` seconds if given
    (bot.tg.fleeting), and not given again within a minute unless it is `news` (a change made). In a forum
    topic closed to the bot, in the sender's private chat."""
    await deps.replies.reply(message, render, quote=quote, lasts=lasts, news=news)


async def post_menu(deps: SettingsDeps, message: Message, screen: Item, state: MenuState) -> None:
    """A group's settings menu on `screen`, in reply to the command: it replaces the chat's menu posted
    before, and goes after MENU_SECONDS nobody pressed it (bot.tg.fleeting). Its buttons are the group's: a
    forum topic closed to the bot refusing it, the sender is told in private where to ask instead. A change
    saved while it was on its way (`state` read before: a press on the menu it replaces) is drawn on it once
    it landed (the pacer writes nothing when the settings read the same)."""
    render = deps.menu.screen(screen, state)
    outcome = await deps.replies.reply(
        message,
        render,
        quote=True,
        lasts=MENU_SECONDS,
        newest=MENU_KIND,
        elsewhere=CLOSED_TOPIC_MENU,
        replaced=lambda before: _closed_by(deps, message, state.language, before),
    )
    if isinstance(outcome, Sent) and outcome.message_id is not None:
        menu = OpenMenu(outcome.message_id, place(message).topic_id, screen, asker_of(message))
        deps.open_menus.shows(message.chat_id, menu)
        await redraw_open_menu(deps, message.chat_id, asker_of(message))


def _closed_by(deps: SettingsDeps, message: Message, language: str, before: int) -> Render | None:
    """What the chat's menu `before` says as `message` replaces it, when another admin than the one it was
    drawn for last opened the new one: who did, and where (its admin, mid-screen, saw it vanish and
    wondered), where it stood; a menu of the same admin's just goes."""
    menu = deps.open_menus.of(message.chat_id)
    if menu is None or menu.message_id != before or menu.drawn_for == asker_of(message):
        return None
    # a forum's one menu: the new one may be in another of its topics, not "below"
    where = "below" if menu.topic_id == place(message).topic_id else "topic"
    who = sender(message)
    if who is None:  # an anonymous admin: maybe the one who pressed it last, as themselves (named nobody)
        return Render(deps.translator.t(language, "settings-menu-replaced-anonymous", where=where))
    name = shown_name(who, language)  # held on one line: a narrow phone never wraps inside it
    return Render(deps.translator.html(language, "settings-menu-replaced", name=name, where=where))


async def redraw_menu(deps: SettingsDeps, message: Message) -> None:
    """A setting was typed (`message`): the chat's open menu shows it on the screen it is on, as a press
    would have drawn it (the change's notice is the answer to the command, just below)."""
    await redraw_open_menu(deps, message.chat_id, asker_of(message))


async def follow_matches(deps: SettingsDeps, chat_id: int) -> None:
    """A match started or ended in the chat: its open menu reads so on the screen it is on (that a match is
    running, the rules of the one played where it is), drawn anew only where that changes what it says: the
    pacer writes no render the menu shows already (the language screen says nothing of a match)."""
    await redraw_open_menu(deps, chat_id, None)


async def redraw_open_menu(deps: SettingsDeps, chat_id: int, asker: Asker) -> None:
    """The chat's open menu, if any, shows its screen with the values saved by now, paced as an answer to
    `asker`, drawn in its turn (`OpenMenus.drawing`)."""
    async with deps.open_menus.drawing(chat_id):
        await redraw_open_menu_held(deps, chat_id, asker)


async def redraw_open_menu_held(deps: SettingsDeps, chat_id: int, asker: Asker) -> None:
    """`redraw_open_menu` by one holding the chat's `OpenMenus.drawing` (a press drawing the menu): no press
    turns the menu to another screen meanwhile. Another admin's /settings, which posts in no turn, may
    replace it: the one replaced is drawn no more (`PacedReplies.redraw`), and the new one is redrawn in its
    turn once it landed (`post_menu`)."""
    menu = deps.open_menus.of(chat_id)
    if menu is None:
        return
    where = ChatPlace(chat_id, None, menu.topic_id)
    state = await menu_state(deps.database, where, deps.default_language)
    deps.replies.redraw(chat_id, menu.message_id, deps.menu.screen(menu.screen, state), asker)


async def update_user_language(deps: SettingsDeps, update: Update) -> Language:
    """The language of what the update's user alone reads (an alert for their press, an answer in private):
    theirs, read where they are (`person_language`)."""
    user, chat = update.effective_user, update.effective_chat
    if user is None:
        return deps.default_language
    chat_id = None if chat is None else chat.id
    return await person_language(deps.database, chat_id, user.id, user.language_code, deps.default_language)


async def sender_language(deps: SettingsDeps, message: Message) -> Language:
    """The language of a group answer meant for the command's sender alone (a refusal, how to type it)."""
    return await answer_language(deps.database, message.chat_id, sender(message), deps.default_language)


def own_language_in_private(deps: SettingsDeps, language: str, bot_username: str) -> Render:
    """A member's /lang in a group, bare or typed (`/lang en`): only admins change the chat's language, and
    their own is set in the private chat, with the button that opens it, as group /help's (a newcomer who
    never opened it had no way there: /start in the group only greets it)."""
    text = deps.translator.t(language, "alert-language-admin-only")
    return Render(text, private_chat_button(private_chat_link(bot_username), language))


async def apply(
    deps: SettingsDeps, message: Message, item: Item, value: Value, drawn: int = UNDRAWN
) -> tuple[MenuState, MenuState]:
    """Store a choice (a typed command, or a press on a menu `drawn` from the chat's settings then: see
    apply_choice); a change of the rules reaches the chat's open lobbies. The chat's state after it (with
    its notice), and before."""
    chat = place(message)
    state, before = await apply_choice(
        deps.database, deps.translator, deps.sees_group, chat, item, value, deps.default_language, drawn
    )
    if item.kind is ItemKind.LANGUAGE:
        if deps.on_language_changed is not None:
            await deps.on_language_changed(chat.id)
    elif deps.on_rules_changed is not None:
        preset = str(value) if item.kind is ItemKind.PRESET else None

        def worded(language: str) -> str:  # in the chat's language, and again in another it switches to
            return told_elsewhere(deps.translator, language, before.rules, state.rules, preset)

        await deps.on_rules_changed(chat.id, chat.topic_id, RulesNote(state.language, worded))
    return state, before
