"""What a person reads when their command or press could not be handled (a bug, a database that fails,
Telegram unable to say for a moment who is an admin): an unanswered press keeps spinning and an unanswered
command looks ignored, so both are asked to try again. Nothing of the failure is shown; the log has it."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from bot.i18n import language_for
from bot.tg.handlers.common import place, runtime, say
from bot.tg.send import answer_callback_query


async def apologise(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    if not isinstance(update, Update) or update.effective_user is None:
        return
    rt = runtime(context)
    # The person's own Telegram language: the chat's is in the database, which may be what failed.
    text = rt.translator.t(language_for(update.effective_user.language_code), "error-internal")
    query = update.callback_query
    if query is not None:
        await answer_callback_query(context.bot, query.id, text, show_alert=True)
        return
    message = update.effective_message
    if message is not None and (message.text or "").startswith("/"):  # chatter was never answered anyway
        await say(rt, place(message), text, reply_to=message.message_id)
