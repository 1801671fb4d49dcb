"""A command typed as the caption of a photo, a video or a document. Telegram marks it as a command, but
the bot reads commands in texts only (python-telegram-bot's CommandHandler does): it says to send the
command as a text of its own rather than act on it, which would take every command's handling (its
arguments, its mentions) to read captions too. A caption for another bot, or with no command of this bot's,
is a post like any other."""

from __future__ import annotations

from collections.abc import Collection

from telegram import Message, MessageEntity, Update
from telegram.ext import ContextTypes, filters

from bot.tg.handlers import members
from bot.tg.handlers.command_answers import answer
from bot.tg.handlers.common import runtime, sender_language, user_language
from bot.tg.replies import command_of

KEY = "error-caption-command"


class CaptionCommand(filters.MessageFilter):
    """A message whose caption begins with one of `names` (/new, /new@this_bot) or with any command that
    names this bot."""

    def __init__(self, names: Collection[str]) -> None:
        super().__init__(name="CaptionCommand")
        self._names = {f"/{name}" for name in names}

    def filter(self, message: Message) -> bool:
        entities = message.caption_entities
        if not entities or entities[0].type != MessageEntity.BOT_COMMAND or entities[0].offset != 0:
            return False
        command, addressee = command_of(message)
        if addressee:
            return addressee == message.get_bot().username.lower()
        return command in self._names


async def on_caption_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Told to send the command on its own: in reply in a group (where the post, a photo the group sees,
    breaks a seven silence as any post does), in the private chat there."""
    message, user = update.effective_message, update.effective_user
    assert message is not None and user is not None
    rt = runtime(context)
    command = (message.caption or "").split(maxsplit=1)[0]
    if message.chat.type == message.chat.PRIVATE:
        rt.tell(message.chat_id, rt.translator.html(await user_language(rt, user), KEY, command=command))
        return
    await members.on_group_message(update, context)
    lang = await sender_language(rt, message)
    await answer(rt, message, rt.translator.html(lang, KEY, command=command))
