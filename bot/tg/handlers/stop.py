"""/stop: the question to its creator or a chat admin whether to stop the game (Yes and No; the answers are
stop_answers.py), asked in the group or, in a topic closed to the bot or a group that refuses the bot's posts
(its match paused), in the asker's private chat; a game whose saved data cannot be read is stopped at once."""

from __future__ import annotations

from telegram import Message, Update, User
from telegram.ext import ContextTypes

from bot.service import GameDocument, Refusal, UnreadableGame
from bot.service.stop_questions import StopQuestion
from bot.storage import GameRecord, GameStatus
from bot.tg import stop_questions_kept
from bot.tg.fleeting import QUESTION_SECONDS
from bot.tg.handlers.command_answers import (
    closed_to_the_bot,
    managed_here,
    parts,
    refused,
    refused_to,
    reply,
)
from bot.tg.handlers.common import can_message, group_language, is_admin, runtime, say, user_language
from bot.tg.pacing import Render
from bot.tg.render.stop_question import stop_question
from bot.tg.repeats import private_thread
from bot.tg.replies import asker_of, thread_key
from bot.tg.runtime import Runtime
from bot.tg.send import may_not_post, topic_closed


async def stop(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Asks the creator or an admin for confirmation, once while the question is open; the STOP button does
    it (the permission is checked again on the press)."""
    rt = runtime(context)
    message, user, where = parts(update)
    try:
        managed = await managed_here(rt, context, message, user)
    except UnreadableGame as unreadable:
        await _stop_unreadable(rt, context, message, unreadable.record)
        return
    if managed is None:
        return
    record, doc, _ = managed
    # In a topic closed to the bot (its match paused; only admins post there) or a group that refuses its
    # posts (the match paused so) the question goes to the asker's private chat, as answers in a closed
    # topic do (`answer`); without one, it can be asked nowhere.
    in_private = await closed_to_the_bot(rt, message) or _muted_pause(rt, record, doc)
    if in_private and not await can_message(rt, user.id):
        return
    # Under a channel's post, in the group's chat and in each asker's private chat each: one asked in another
    # is out of sight (in private: a second admin's /stop, under the post or in the chat, was asked nothing).
    asked_in = private_thread(user.id) if in_private else thread_key(message)
    if not rt.stop_questions.first(record.id, asked_in, rt.ticks()):
        return  # the question is here already
    # Who stops a match that counts already while playing in it takes a loss: the question says so first.
    counted = record.status is GameStatus.RUNNING and await rt.service.counts_already(record.id)
    if in_private:
        await _ask_in_private(rt, user, record, doc, counted)
        return
    # under a channel's post, whose comments show nothing of the game: it is named (the group's chat)
    commented = rt.comment_threads.under_a_post(message)
    lobby = record.status is GameStatus.LOBBY
    asked = StopQuestion(where.chat_id, 0, asked_in, rt.clock(), lobby, counted, commented=commented)
    question = stop_question(await group_language(rt, where.chat_id), record.id, asked, doc)
    # Refused as the group lets no member send, it is asked in private below: not "I can't answer you" too.
    rt.muted_answers.answered_here(message)
    # A reply to the /stop, as every answer to a command: in a busy group it shows whose question it is.
    outcome = await say(
        rt, where, question.text, question, message.message_id, QUESTION_SECONDS, asker=asker_of(message)
    )
    await stop_questions_kept.posted(rt, record.id, doc, asked, outcome)  # for a language switch, a restart
    if may_not_post(outcome):
        # Closed without the bot being told (no service message reached it), or a group that lets no member
        # send: as its closing (or its muting) does, the match pauses (a lobby closes, its players told), and
        # the question is asked in private. The pacer's report of the refusal does the same
        # (Runtime.undelivered), but beside this handler, not before it goes on: awaited here, the pause is
        # stored before the question is asked (its Yes stops a paused match only).
        rt.stop_questions.forget_in(record.id, asked_in)
        if topic_closed(outcome):
            await rt.topics.closed(where.chat_id, where.topic_id)
        else:
            await rt.group_gone(where.chat_id, muted=True)
        # Read anew: the lobby is closed now, and the match may have ended since it was read (no question
        # about a finished game).
        paused = await rt.service.load(record.id)
        if paused is None or paused[0].status is not GameStatus.RUNNING:
            if not topic_closed(outcome):  # a lobby closed in a muted group: its asker is told why, as others
                await rt.muted_answers.tell(message)
            return
        if not await can_message(rt, user.id):
            return
        rt.stop_questions.first(record.id, private_thread(user.id), rt.ticks())
        await _ask_in_private(rt, user, *paused, counted)


def _muted_pause(rt: Runtime, record: GameRecord, doc: GameDocument) -> bool:
    """Whether the match is paused as its group refuses the bot's posts, as it still does as far as the bot
    knows: the command's check (bot.tg.handlers.muted_group) may have just found it takes them again, and
    the match is going on."""
    return doc.paused_muted and rt.muted_groups.may_not_post_in(record.chat_id)


async def _ask_in_private(
    rt: Runtime, user: User, record: GameRecord, doc: GameDocument, counted: bool
) -> None:
    """/stop's question about a match paused in its closed topic (or as its group refuses the bot's posts),
    in the asker's private chat (sent in the background, as every private message is: `Runtime.tell`)."""
    lang = await user_language(rt, user)
    lobby = record.status is GameStatus.LOBBY
    asked = StopQuestion(user.id, 0, private_thread(user.id), rt.clock(), lobby, counted, doc.paused_muted)
    rt.spawn(_post_in_private(rt, record.id, doc, asked, stop_question(lang, record.id, asked, doc)))


async def _post_in_private(
    rt: Runtime, game_id: int, doc: GameDocument, asked: StopQuestion, question: Render
) -> None:
    assert rt.pacer is not None, "the pacer is created in post_init"
    outcome = await rt.pacer.send(asked.chat_id, question)
    await stop_questions_kept.posted(rt, game_id, doc, asked, outcome)  # for a language switch, a restart


async def _stop_unreadable(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, message: Message, record: GameRecord
) -> None:
    """A game whose saved data cannot be read can never go on: who created it or a chat admin stops it at
    once (no question: there is no play to keep), with no results; the group can open a new one."""
    user = message.from_user
    assert user is not None
    if user.id != record.created_by and not await is_admin(context, message.chat, user, message):
        await refused_to(rt, message, Refusal("not_admin"), None)
        return
    try:
        await rt.service.stop_unreadable(record.id, user.id)
    except Refusal as refusal:  # stopped meanwhile
        await refused(rt, message, refusal)
        return
    rt.publishing.ended(record.id)  # no outcome to publish or arm, which would let it go
    if rt.timers is not None:
        rt.timers.forget(record.id)
    # the game's last word, which stays in the group's history
    await reply(rt, message, "gameplay-stop-unreadable", shared=True, lasts=None)
