"""A setting changed by typing it (`/settings name value`, `/lang ru` in a group): by an admin, answered
with the change for all, or with why nothing changed for the one who typed it."""

from __future__ import annotations

from telegram import Message
from telegram.error import ChatMigrated
from telegram.ext import ContextTypes

from bot.engine.rules import RulesError
from bot.service.settings import hosts_game
from bot.tg.chat_rights import sent_as_channel, sent_by_anonymous_admin
from bot.tg.fleeting import ANSWER_SECONDS
from bot.tg.pacing import Render
from bot.tg.settings_changes import menu_state
from bot.tg.settings_context import (
    SettingsDeps,
    apply,
    own_language_in_private,
    place,
    redraw_menu,
    reply,
    sender_language,
)
from bot.tg.settings_layout import Item, ItemKind
from bot.tg.settings_parse import named_alone, parse_command
from bot.tg.settings_refusals import how_to_type, likely_setting, refused_value, unknown_setting
from bot.tg.settings_words import typed_words


async def change_by_command(
    deps: SettingsDeps, context: ContextTypes.DEFAULT_TYPE, message: Message, args: list[str]
) -> None:
    own = await sender_language(deps, message)
    changed: Item | None = None
    news = False
    try:
        text, changed, news = await _typed_change(deps, context, message, args, own)
        render = Render(text)
    except _NotChanged as refused:
        render = refused.render
    except ChatMigrated:  # typed as the group became a supergroup: its admins are asked about there
        render = Render(deps.translator.t(own, "settings-chat-moved"))
    # The change stays in the group's history; why nothing changed is for the one who typed it, for a while.
    # A change is told each time it is made, though told in the same words a minute ago (300, 400, then 300
    # again): the group would read 400 last. The same value typed again changes nothing: told once a minute.
    await reply(deps, message, render, None if changed is not None else ANSWER_SECONDS, news=news)
    if changed is not None:  # the chat's open menu shows it too
        await redraw_menu(deps, message)


class _NotChanged(Exception):
    """A typed change refused, or not understood; `render` says why."""

    def __init__(self, answer: str | Render) -> None:
        super().__init__(answer)
        self.render = answer if isinstance(answer, Render) else Render(answer)


async def _typed_change(
    deps: SettingsDeps, context: ContextTypes.DEFAULT_TYPE, message: Message, args: list[str], language: str
) -> tuple[str, Item, bool]:
    """Make the change `args` ask for, if the sender may; what changed, in the group's language (news for
    all), the item changed, and whether the chat's rules or language are other than before (not when the
    value was already so); _NotChanged: why not, in `language`, the sender's."""
    tr = deps.translator
    words = typed_words(tr)
    parsed = parse_command(args, words)
    if sent_as_channel(message):  # no admin the bot can tell: "just made an admin?" would mislead
        raise _NotChanged(tr.t(language, "error-sent-as-channel"))
    if not await _may_change(deps, context, message):
        # A member asking for a language most likely wants their own: told where to set it, as bare /lang says
        asks_language = (
            parsed is not None and parsed.item is not None and parsed.item.kind is ItemKind.LANGUAGE
        )
        if asks_language:
            raise _NotChanged(own_language_in_private(deps, language, context.bot.username))
        # A game's host is told that hosting is not enough: they start it and /kick, yet change no rules;
        # anyone else, what they can do (ask an admin, read /rules), as the menu's press says
        hosts = await _hosts_game_here(deps, message)
        refused = "settings-host-admin-only" if hosts else "settings-typed-admin-only"
        raise _NotChanged(tr.t(language, refused))
    if parsed is None:
        alone = named_alone(args, words)
        if alone is None:
            # a word that names no setting, typed alone: the one it is a typo or a part of («время»), if any
            likely = likely_setting(tr, language, args, words) if words.named(args) is None else None
            raise _NotChanged(likely or tr.t(language, "settings-usage"))
        state = await menu_state(deps.database, place(message), deps.default_language)
        raise _NotChanged(how_to_type(tr, language, alone, state, " ".join(args)))
    if parsed.item is None:
        raise _NotChanged(unknown_setting(tr, language, args, words))
    try:
        after, before = await apply(deps, message, parsed.item, parsed.value)
    except RulesError:
        raise _NotChanged(refused_value(tr, language, parsed.item, parsed.text)) from None
    news = (after.rules, after.language) != (before.rules, before.language)
    return after.answer or "", parsed.item, news


async def _hosts_game_here(deps: SettingsDeps, message: Message) -> bool:
    where, user = place(message), message.from_user
    if user is None:
        return False
    async with deps.database.unit_of_work() as uow:
        return await hosts_game(uow, where.id, where.topic_id, user.id)


async def _may_change(deps: SettingsDeps, context: ContextTypes.DEFAULT_TYPE, message: Message) -> bool:
    if sent_by_anonymous_admin(message):
        return True
    user = message.from_user
    return user is not None and await deps.admins.may_change(context.bot, message.chat.id, user.id)
