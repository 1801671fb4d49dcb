"""A group's language before an admin chooses one (/lang): the language of whoever first uses the bot there,
who adds it to the group or sends its first command, kept from then on (bot.service.settings)."""

from __future__ import annotations

from telegram import Message, Update, User
from telegram.ext import ContextTypes

from bot.service.settings import take_chat_language
from bot.tg.handlers.command_answers import command_of
from bot.tg.handlers.common import group_language, place, runtime, say
from bot.tg.render.text import other_languages
from bot.tg.replies import asker_of
from bot.tg.runtime import Runtime
from bot.tg.send import topic_closed

# Commands whose answer tells the group how to change its language anyway: no word of it before.
_TELLING_LANGUAGE = ("/start", "/lang")


async def on_group_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command of the bot in a group, before its own handler: it may be the first, which sets the group's
    language for its answer and all that follows."""
    message = update.effective_message
    assert message is not None
    command, _ = command_of(message)
    await take_language(runtime(context), message, message.from_user, command not in _TELLING_LANGUAGE)


async def take_language(rt: Runtime, message: Message, user: User | None, tell: bool) -> None:
    """The group of `message` takes `user`'s language, if it has none yet (an anonymous admin or a channel,
    posting as a bot account, has none to give). `tell`: when that is not the language the bot would have
    spoken there before (DEFAULT_LANGUAGE), say so once, and how to change it."""
    chat_id = message.chat_id
    owed = rt.language_notes_owed.pop(chat_id, None)
    if owed is not None:  # not when this command tells the language anyway, or an admin chose another since
        if tell and owed == await group_language(rt, chat_id):
            await _tell_taken(rt, message, owed)
        return
    if rt.group_languages_settled.same(chat_id, True, rt.clock()) or user is None or user.is_bot:
        return
    async with rt.database.unit_of_work() as uow:
        found = await take_chat_language(uow, chat_id, message.chat.title, user.id, user.language_code)
    if not found.settled:
        return
    rt.group_languages_settled.saw(chat_id, True, rt.clock())
    taken = found.taken
    if taken is None or not tell or taken == rt.settings.default_language:
        return
    await _tell_taken(rt, message, taken)


async def _tell_taken(rt: Runtime, message: Message, taken: str) -> None:
    """Say that the group of `message` took the language `taken`, and how to change it; refused in a forum
    topic closed to the bot (its first command may come from an admin there), it is owed to the group's next
    command."""
    t = rt.translator.t
    lines = [t(taken, "group-language-taken"), *other_languages(taken)]
    outcome = await say(rt, place(message), "\n".join(lines), asker=asker_of(message))
    if topic_closed(outcome):
        rt.language_notes_owed[message.chat_id] = taken
