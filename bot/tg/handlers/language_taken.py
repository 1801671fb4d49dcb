"""A group's language before an admin chooses one (/lang): the language of whoever first uses the bot there,
who adds it to the group or sends its first command, kept from then on (bot.service.settings)."""

from __future__ import annotations

from telegram import Message, Update, User
from telegram.ext import ContextTypes

from bot.service.settings import take_chat_language
from bot.tg.handlers.common import group_language, place, runtime, say
from bot.tg.render.text import other_languages
from bot.tg.replies import asker_of, command_of
from bot.tg.runtime import Runtime
from bot.tg.send import Outcome, may_not_post


async def on_group_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command of the bot in a group, before its own handler: it may be the first, which sets the group's
    language for its answer and all that follows."""
    message = update.effective_message
    assert message is not None
    command, _ = command_of(message)
    if command == "/start":  # its greeting tells the language, or owes it (bot.tg.handlers.greeting)
        return
    # /lang's answer tells the group how to change its language anyway: no word of it before
    await take_language(runtime(context), message, message.from_user, command != "/lang")


async def take_language(rt: Runtime, message: Message, user: User | None, tell: bool) -> str | None:
    """The group of `message` takes `user`'s language, if it has none yet (an anonymous admin or a channel,
    posting as a bot account, has none to give). `tell`: when that is not the language the bot would have
    spoken there before (DEFAULT_LANGUAGE), say so once, and how to change it; or a word of it a closed
    topic refused before. Not told: that language (the caller's answer tells it, or owes it), else None."""
    chat_id = message.chat_id
    owed = rt.language_notes_owed.take(chat_id, rt.ticks())
    if owed is not None:  # said with this command, unless an admin chose another since
        untold = owed if owed == await group_language(rt, chat_id) else None
    else:
        untold = await _take(rt, message, user)
    if untold is None or not tell:
        return untold
    t = rt.translator.t
    lines = [t(untold, "group-language-taken"), *other_languages(untold, group=True)]
    outcome = await say(rt, place(message), "\n".join(lines), asker=asker_of(message))
    owe_if_refused(rt, message.chat_id, untold, outcome)
    return None


def owe_if_refused(rt: Runtime, chat_id: int, taken: str, outcome: Outcome | None) -> None:
    """What told the group that it took the language `taken` was refused, in a forum topic closed to the
    bot (its first command may come from an admin there) or with the bot muted: the word is owed to the
    group's next command (one the bot may answer: a refused answer owes it again)."""
    if outcome is not None and may_not_post(outcome):
        rt.language_notes_owed.saw(chat_id, taken, rt.ticks())


async def _take(rt: Runtime, message: Message, user: User | None) -> str | None:
    """The language the group of `message` takes from `user` now, when not DEFAULT_LANGUAGE; else None."""
    chat_id = message.chat_id
    if rt.group_languages_settled.same(chat_id, True, rt.ticks()) or user is None or user.is_bot:
        return None
    async with rt.database.unit_of_work() as uow:
        found = await take_chat_language(uow, chat_id, message.chat.title, user.id, user.language_code)
    if not found.settled:
        return None
    rt.group_languages_settled.saw(chat_id, True, rt.ticks())
    taken = found.taken
    return None if taken == rt.settings.default_language else taken
