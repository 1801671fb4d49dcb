"""A person's own language, chosen in the private chat: /lang there (its buttons, or `/lang ru`); a press
of those buttons stores it the same way, and sets the chat's command menu in it once answered
(bot.tg.command_menus.OwnMenus). A language typed redraws the chat's newest prompt, whose buttons marked the
one before (bot.tg.settings_lang_prompts)."""

from __future__ import annotations

from telegram import Message, Update

from bot.engine.rules import RulesError
from bot.i18n import Language, Translator, language_guessed
from bot.service.settings import set_user_language
from bot.tg.pacing import Render
from bot.tg.replies import asker_of
from bot.tg.send import Sent
from bot.tg.settings_context import SettingsDeps, reply, update_user_language
from bot.tg.settings_layout import ItemKind, item_for
from bot.tg.settings_menu import language_keyboard
from bot.tg.settings_refusals import refused_value


async def private_language(deps: SettingsDeps, update: Update, message: Message, args: list[str]) -> None:
    tr = deps.translator
    current = await update_user_language(deps, update)
    if len(args) != 1:  # none, or several to choose from ("/lang ru en"): the buttons choose
        asked = _prompt(tr, current, await _chosen_for_their_app(deps, update))
        outcome = await deps.replies.reply(message, asked, quote=True)
        if isinstance(outcome, Sent) and outcome.message_id is not None:
            deps.lang_prompts.shown(message.chat_id, outcome.message_id)
        return
    try:
        chosen = await set_own_language(deps, update, args[0].lower())
    except RulesError:
        refusal = refused_value(tr, current, item_for(ItemKind.LANGUAGE), args[0])
        await reply(deps, message, Render(refusal))
        return
    prompt = deps.lang_prompts.of(message.chat_id)
    if prompt is not None:  # its buttons marked the language before
        deps.replies.redraw(message.chat_id, prompt, _prompt(tr, chosen), asker_of(message))
    await reply(deps, message, Render(own_language_set(tr, chosen)))
    deps.own_menus.write(message.get_bot(), message.chat_id)  # a private chat's id is its user's


async def set_own_language(deps: SettingsDeps, update: Update, code: str) -> Language:
    """Store the language `code` as the update's user's; their chat's command menu is set in it by
    `deps.own_menus.write`, once the choice is answered."""
    user = update.effective_user
    assert user is not None, "a private chat always has its user"
    async with deps.database.unit_of_work() as uow:
        chosen = await set_user_language(
            uow, user.id, code, name=user.full_name, username=user.username, language_code=user.language_code
        )
    deps.own_menus.chosen(user.id, chosen)  # as stored: a later choice is stored after it
    if deps.on_language_changed is not None:
        await deps.on_language_changed(user.id)
    return chosen


async def _chosen_for_their_app(deps: SettingsDeps, update: Update) -> bool:
    """Whether the sender reads English only because their app is in a language the bot does not write in,
    not by their /lang: they are told why. Of those whose language is a guess (`language_guessed`, whose
    first Start offers the other language), the ones whose app says a language: one that says none reads
    DEFAULT_LANGUAGE, which their app gives no reason to explain."""
    user = update.effective_user
    assert user is not None, "a private chat always has its user"
    if not user.language_code:
        return False
    async with deps.database.unit_of_work() as uow:
        kept = await uow.users.get(user.id)
    return language_guessed(None if kept is None else kept.language, user.language_code)


def _prompt(tr: Translator, language: Language, why: bool = False) -> Render:
    """The buttons' prompt; `why`: first the line saying their app's language is one the bot does not write
    in (`_chosen_for_their_app`)."""
    name = tr.t(language, f"language-in-text-{language}")
    text = tr.t(language, "lang-private-prompt", language=name)
    if why:
        text = f"{tr.t(language, 'lang-private-app-unwritten')}\n{text}"
    return Render(text, language_keyboard(tr, language))


def own_language_set(tr: Translator, language: Language) -> str:
    return tr.t(language, "lang-private-set", language=tr.t(language, f"language-in-text-{language}"))
