"""A group where the bot may not post (muted, or only admins may send and the bot is no admin: its matches
paused, its lobbies stopped, bot.tg.muted_groups): people there are told why nothing happens, and what an
admin can do. A press on a button of the bot's is answered with an alert saying so, and does nothing (it would
only post what the group refuses); not one that only edits the message pressed (a settings menu's, a board's:
a bot that may not send new messages may still edit its own), which works as anywhere else. A command is still
handled (its answer landing tells the bot it may post again), and its sender is told in their private chat, as
one whose forum topic is closed to the bot is (bot.tg.closed_topic_answers), when the bot may write to them:
once a minute, as a refusal is; the sender of the command whose refused answer told the bot so too
(bot.tg.muted_answers); not the sender of a /stop, asked in private then (bot.tg.handlers.stop). Telegram is
asked first whether the bot may post there now (bot.tg.posting_rechecks): when it may, the press or command
goes on as anywhere else."""

from __future__ import annotations

from telegram import Update
from telegram.ext import ApplicationHandlerStop, ContextTypes

from bot.tg.callback_data import Action, CallbackData, decode
from bot.tg.handlers.common import presser_language, runtime
from bot.tg.replies import command_of
from bot.tg.send import answer_callback_query

ALERT_KEY = "muted-group-alert"  # a press's answer there
# What the presses on a group's settings menu and on a board's pages do: edit the message pressed.
EDITS_ONLY = frozenset({Action.SETTING, Action.TOP})
# Commands whose handler asks in private where the group refuses the bot's posts (/stop: about a match paused
# so): not told they go unanswered; an answer of theirs the group refuses tells them so, as anywhere.
ASKED_IN_PRIVATE = frozenset({"/stop"})


async def on_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command of the bot's in a group, before its own handler."""
    message = update.effective_message
    assert message is not None
    rt = runtime(context)
    if (
        await rt.muted_groups.still_refused(message.chat_id)
        and command_of(message)[0] not in ASKED_IN_PRIVATE
    ):
        await rt.muted_answers.tell(message)
    else:  # its answer's refusal may tell the bot that it may not post here (bot.tg.muted_answers)
        rt.muted_answers.asked(message)


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on a button of the bot's group message, before its own handler: none acts there meanwhile
    but one that only edits it."""
    query = update.callback_query
    assert query is not None
    rt = runtime(context)
    if query.message is None or query.message.chat.id > 0:
        return
    if not await rt.muted_groups.still_refused(query.message.chat.id):
        return
    data = decode(query.data or "")
    if isinstance(data, CallbackData) and data.action in EDITS_ONLY:
        return
    said = rt.translator.t(await presser_language(rt, query), ALERT_KEY)
    await answer_callback_query(context.bot, query.id, said, show_alert=True)
    raise ApplicationHandlerStop
