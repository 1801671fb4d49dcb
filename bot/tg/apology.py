"""What a person reads when their command or press could not be handled (a bug, a database that fails,
Telegram unable to say for a moment who is an admin): an unanswered press keeps spinning and an unanswered
command looks ignored, so both are asked to try again. Nothing of the failure is shown; the log has it, and
the database out of reach is said as such: nothing of a press or a saving command was saved, and a command
that saves no game data (`SAVING_NO_GAME_DATA`) could not read the game records. A game whose saved data
cannot be read is a refusal met where none was expected: its own text says what to do. Refused in a forum
topic closed to the bot, the apology goes to the person's private chat as any answer there does
(bot.tg.closed_topic_answers)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from telegram import Update, User
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.i18n import language_for
from bot.service import Refusal
from bot.storage.outage import unavailable
from bot.tg import render
from bot.tg.fleeting import ANSWER_SECONDS
from bot.tg.handlers.common import place, presser_language, runtime, say, sender_language, user_language
from bot.tg.replies import asker_of, command_of
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query

log = logging.getLogger(__name__)

# Commands that save no game data: with the database out of reach, "couldn't save that" would be untrue of
# them. (/top keeps the asker's current name for the board, which nobody asked to save.)
SAVING_NO_GAME_DATA = frozenset({"/table", "/stats", "/top", "/rules", "/help", "/privacy"})


async def apologise(update: object, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Whether the update was answered so: a command's or a press's (no later handler may answer it again)."""
    if not isinstance(update, Update) or update.effective_user is None:
        return False
    rt = runtime(context)
    user = update.effective_user
    query = update.callback_query
    if query is not None:  # an alert only the presser sees: in their language there, as every alert
        text = await _sorry(rt, presser_language(rt, query), user, context.error, reads=False)
        await answer_callback_query(context.bot, query.id, text, show_alert=True)
        return True
    message = update.effective_message
    if message is None or not (message.text or "").startswith("/"):  # chatter was never answered anyway
        return False
    private = message.chat.type == ChatType.PRIVATE
    wanted = user_language(rt, user) if private else sender_language(rt, message)  # theirs, as an alert
    reads = command_of(message)[0] in SAVING_NO_GAME_DATA
    sorry = await _sorry(rt, wanted, user, context.error, reads)
    # In a group, for a while: the one who asked tries again, and the group's history need not keep it.
    lasts = None if private else ANSWER_SECONDS
    outcome = await say(
        rt, place(message), sorry, reply_to=message.message_id, lasts=lasts, asker=asker_of(message)
    )
    try:  # refused in a forum topic closed to the bot: to their private chat, as any answer there
        await rt.closed_topics.forward_if_refused(message, outcome, sorry)
    except Exception as error:  # the database may be what failed: it says whether and in which language
        log.warning("Apology to %s not forwarded from the closed topic: %s", user.id, error)
    return True


async def _sorry(
    rt: Runtime, language: Awaitable[str], user: User, error: Exception | None, reads: bool
) -> str:
    """The apology for `error` in `language`, read from the database; if that fails too (it may be what
    failed), in the person's Telegram language. `reads`: what failed was a command that saves nothing."""
    try:
        chosen = await language
    except Exception:  # whatever broke the handler may break this read as well
        chosen = language_for(user.language_code, rt.settings.default_language)
    if isinstance(error, Refusal):
        return render.refusal(error.reason, chosen)
    if error is not None and unavailable(error):  # the same command or press will do in a moment
        return rt.translator.t(chosen, "error-database-unreadable" if reads else "error-database-unavailable")
    return rt.translator.t(chosen, "error-internal")
