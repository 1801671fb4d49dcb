"""/settings, /rules and /lang: each answered here, and stopped here (see settings_handlers)."""

from __future__ import annotations

from telegram import Chat, Message, Update
from telegram.error import ChatMigrated
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.engine.rules import Rules
from bot.service.settings import rules_of_own_game
from bot.tg.chat_rights import RightsUnknown, sent_as_channel
from bot.tg.fleeting import ANSWER_SECONDS, RULES_SECONDS
from bot.tg.pacing import Render
from bot.tg.render.next_match import next_match_note
from bot.tg.render.notices import add_to_group_button
from bot.tg.render.rules_line import rules_line_parts
from bot.tg.render.text import title
from bot.tg.settings_changes import menu_state
from bot.tg.settings_context import (
    SettingsDeps,
    deps_of,
    own_language_in_private,
    place,
    post_menu,
    reply,
    sender_language,
    update_user_language,
)
from bot.tg.settings_layout import ItemKind, item_for
from bot.tg.settings_menu import MenuState
from bot.tg.settings_own_language import private_language
from bot.tg.settings_text import rules_summary
from bot.tg.settings_typed import change_by_command


async def settings_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/settings opens the menu; `/settings name value` (admins) changes one rule directly."""
    deps, message = deps_of(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        lang = await update_user_language(deps, update)
        text = deps.translator.t(lang, "settings-private")  # and the person's own: /lang, /colours
        await reply(deps, message, Render(text, add_to_group_button(context.bot.username, lang)))
    elif context.args:
        await change_by_command(deps, context, message, context.args)
    elif sent_as_channel(message):
        await _as_oneself(deps, message)
    else:
        state = await menu_state(deps.database, place(message), deps.default_language)
        if await _reads_only(deps, context, message):
            line = await _readers_line(deps, message, state)
            await reply(deps, message, Render(line), ANSWER_SECONDS)
        else:
            await post_menu(deps, message, item_for(ItemKind.HOME), state)
    raise ApplicationHandlerStop


async def _readers_line(deps: SettingsDeps, message: Message, state: MenuState) -> str:
    """What a member who may change nothing reads: the chat's rules, named with their figures as the menu's
    home names them; during a match begun under other ones, that match's and the next's, as /rules names them
    (the chat's alone read as if they were being played)."""
    own, tr = await sender_language(deps, message), deps.translator
    playing = state.other_rules_playing
    if playing is not None:
        note = next_match_note(tr, own, playing, state.rules)
        return "\n".join([tr.html(own, "settings-readers-match", **rules_line_parts(playing, own)), note])
    return tr.html(own, "settings-readers", **rules_line_parts(state.rules, own))


async def _as_oneself(deps: SettingsDeps, message: Message) -> None:
    """The menu asked for as a channel: whether they are an admin can't be told (a change typed so is
    refused alike), and the admins' open menu, which a new one would replace, stays."""
    text = deps.translator.t(await sender_language(deps, message), "error-sent-as-channel")
    await reply(deps, message, Render(text), ANSWER_SECONDS)


async def _reads_only(deps: SettingsDeps, context: ContextTypes.DEFAULT_TYPE, message: Message) -> bool:
    """Whether the one asking for the menu may change nothing: they are answered alone, and the chat's menu
    (which a new one would replace) stays for its admins; every button would have told them they may not.
    The cached admin list decides, or the sender asked about anew (AdminCache: a member just made an admin
    gets the menu, one just demoted this line); a wrong yes costs at most a menu whose presses are checked
    anew. When it can't be read just now, the menu is posted."""
    user = message.from_user
    if user is None or message.sender_chat is not None:  # an anonymous admin: as any admin
        return False
    try:
        return not await deps.admins.is_admin(context.bot, message.chat.id, user.id)
    except (RightsUnknown, ChatMigrated):
        return False


async def rules_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/rules: the chat's rules in plain words (in private: the sender's game's, or the official ones)."""
    deps, message = deps_of(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        text = await _private_rules(deps, update)
    else:
        state = await menu_state(deps.database, place(message), deps.default_language)
        if state.playing is None:
            text = rules_summary(deps.translator, state.language, state.rules)
        else:
            # A change is named as the lobby will name it, and what it changes (a player who is no admin can't
            # browse /settings).
            tr, playing = deps.translator, state.other_rules_playing
            note = None if playing is None else next_match_note(tr, state.language, playing, state.rules)
            text = rules_summary(tr, state.language, state.playing, "rules-title-match", note)
    # The same for whoever asks, so not quoted: a group repeating /rules while its answer waits gets it once.
    # Read by those who asked then, like /help: a group asking every evening would keep every copy.
    await reply(deps, message, Render(text), RULES_SECONDS, quote=False)
    raise ApplicationHandlerStop


async def _private_rules(deps: SettingsDeps, update: Update) -> str:
    """/rules beside a player's cards: their game's rules; for anyone else the official ones."""
    language = await update_user_language(deps, update)
    assert update.effective_user is not None, "a private chat always has its user"
    async with deps.database.unit_of_work() as uow:
        own = await rules_of_own_game(uow, update.effective_user.id)
    if own is not None:
        chat, rules = own
        return rules_summary(deps.translator, language, rules, "rules-title-game", chat=title(chat, language))
    official = deps.translator.t(language, "rules-official-note")
    return rules_summary(deps.translator, language, Rules(), "rules-title-official", official)


async def lang_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/lang: in a group the chat's language (the menu's language screen; `/lang ru` for admins),
    in private the user's own (buttons; `/lang ru`)."""
    deps, message = deps_of(context), update.effective_message
    if message is None:
        raise ApplicationHandlerStop
    if message.chat.type == Chat.PRIVATE:
        await private_language(deps, update, message, context.args or [])
    elif len(context.args or []) > 1:  # "/lang ru en": not /settings's usage, which names no /lang
        own = await sender_language(deps, message)
        await reply(deps, message, Render(deps.translator.t(own, "lang-usage")), ANSWER_SECONDS)
    elif context.args:
        await change_by_command(deps, context, message, ["language", *context.args])
    elif sent_as_channel(message):
        await _as_oneself(deps, message)
    elif await _reads_only(deps, context, message):
        own = await sender_language(deps, message)
        await reply(deps, message, own_language_in_private(deps, own, context.bot.username), ANSWER_SECONDS)
    else:
        state = await menu_state(deps.database, place(message), deps.default_language)
        await post_menu(deps, message, item_for(ItemKind.LANGUAGE), state)
    raise ApplicationHandlerStop
