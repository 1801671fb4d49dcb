"""The /stop question's buttons: Yes stops the game, No keeps it (its creator's or a chat admin's answer);
the question then says what was decided, once."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import CallbackQuery, Message
from telegram.ext import ContextTypes

from bot.service import GameDocument, Outcome, Refusal
from bot.service.lobby import not_manager
from bot.storage import GameRecord
from bot.tg import stop_questions_kept
from bot.tg.callback_data import STOP_ASKED_IN_LOBBY, STOP_ASKED_MUTED, CallbackData
from bot.tg.fleeting import ANSWER_SECONDS, CLOSED_LOBBY_SECONDS
from bot.tg.handlers.common import group_language, person, presser_admin, seated_name, user_language
from bot.tg.pacing import Render
from bot.tg.render.text import paused_key, plain_title
from bot.tg.repeats import private_thread
from bot.tg.replies import thread_key
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query
from bot.tg.updates_request import offers_pressed_kind


async def answer_stop(
    rt: Runtime,
    context: ContextTypes.DEFAULT_TYPE,
    query: CallbackQuery,
    data: CallbackData,
    record: GameRecord,
    doc: GameDocument,
) -> Outcome | None:
    """Yes (the game stops: its outcome) or No (`data.args` (0,): None) to the /stop question (in the group,
    or asked in private for a topic closed to the bot, or a group that refuses its posts: stop.stop)."""
    user = query.from_user
    # A late answer is refused before Telegram is asked who is an admin: that read is a request of the
    # group's, and a burst of late presses (a double tap, several admins) would spend them for nothing.
    asked = offers_pressed_kind(query)  # else a forged answer: on the table or a lobby, it must not settle it
    if not record.active:  # it ended while the question was open
        rt.stop_questions.forget(record.id)
        if asked:
            lang = await _language(rt, query, record)
            await _settle_confirmation(rt, query, "gameplay-stop-outlived", lang)
        raise Refusal("no_game")
    if not asked or _answered(rt, query):  # a keyboard not yet redrawn: the question says what was decided
        raise Refusal("stop_answered")
    if _in_private(query) and not doc.paused:  # the topic is open again: the group is where it is asked
        await answer_callback_query(context.bot, query.id)
        # muted in the whole group: a game in a topic is stopped in its topic, not "there" (the group)
        posts_again = "gameplay-stop-posts-again-topic" if record.topic_id else "gameplay-stop-posts-again"
        again = posts_again if data.state == STOP_ASKED_MUTED else "gameplay-stop-reopened"
        await _settle_confirmation(rt, query, again, await _language(rt, query, record))
        return None
    admin = await presser_admin(context, query, record.chat_id, doc.creator)
    if data.args[0] == 0:
        if user.id != doc.creator and admin is None:
            raise not_manager(doc)
        await answer_callback_query(context.bot, query.id)
        rt.stop_questions.forget_in(record.id, _asked_in(query))  # one open in another thread stays open
        kept = _kept_key(doc)
        await _settle_confirmation(rt, query, kept, await _language(rt, query, record))
        return None
    # Read before the stop: once it is saved, nothing may keep it from being published (and the presser
    # from being told it was done).
    lang = await _language(rt, query, record)
    try:
        outcome = await rt.service.stop(
            record.id, user.id, admin is not None, lobby_only=data.state == STOP_ASKED_IN_LOBBY
        )
    except Refusal as refusal:
        if refusal.reason == "stop_asked_in_lobby":  # the match dealt since goes on; /stop may ask about it
            rt.stop_questions.forget(record.id)
            await _settle_confirmation(rt, query, "gameplay-stop-asked-in-lobby", lang)
        raise
    rt.stop_questions.forget(record.id)
    # not stopped: won first by who was left once those who left the group while it was paused went
    if not outcome.stopped:
        await _settle_confirmation(rt, query, "gameplay-stop-outlived", lang)
        return outcome
    # Who, for the group; not an anonymous admin from outside the game, whom the group is not to know.
    seated = user.id in doc.players
    anonymous = not seated and admin is not None and admin.is_anonymous
    lobby = outcome.doc.engine is None  # closed before a match: the question goes with the lobby's message
    doc = outcome.doc
    # As the table names them (its line says who stopped it); an admin from outside: as a lobby would
    name = seated_name(doc, person(user), lang)
    commented = data.args[1:] == (1,)  # asked under a channel's post: the game is named
    stopper = Stopper(name, seated, anonymous, doc.stopper_lost, lobby, doc.chat_title, commented)
    await _settle_confirmation(rt, query, "gameplay-stop-done", lang, stopper)
    return outcome


def _kept_key(doc: GameDocument) -> str:
    """What No says: the game goes on; paused, once its topic is reopened (or the bot may post again)."""
    if not doc.paused:
        return "gameplay-stop-kept"
    return paused_key("gameplay-stop-kept-paused", doc.paused_muted)


def _asked_in(query: CallbackQuery) -> int:
    """The thread the question was asked in, as stop.stop keys it (in private: its asker's, the presser)."""
    if _in_private(query):
        return private_thread(query.from_user.id)
    return thread_key(query.message) if isinstance(query.message, Message) else 0


def _in_private(query: CallbackQuery) -> bool:
    return query.message is not None and query.message.chat.type == "private"


async def _language(rt: Runtime, query: CallbackQuery, record: GameRecord) -> str:
    """The question's: the group's, or its asker's when it was asked in private."""
    if _in_private(query):
        return await user_language(rt, query.from_user)
    return await group_language(rt, record.chat_id)


def _answered(rt: Runtime, query: CallbackQuery) -> bool:
    message = query.message
    return message is not None and rt.settled_questions.said(
        (message.chat.id, message.message_id), rt.ticks()
    )


@dataclass(frozen=True)
class Stopper:
    """Who answered Yes, as the settled question names them: a player of the game, or a chat admin (left
    unnamed when `anonymous`); `lost`: the match counted already, and it is the player's loss; `lobby`: no
    match had begun; `game`: its group's (and topic's) title, named when the question was asked in private
    or under a linked channel's post (`commented`), whose comments show nothing of the game."""

    name: str  # as the table names them
    seated: bool
    anonymous: bool = False
    lost: bool = False
    lobby: bool = False
    game: str = ""
    commented: bool = False


async def _settle_confirmation(
    rt: Runtime, query: CallbackQuery, key: str, lang: str, stopper: Stopper | None = None
) -> None:
    """The /stop question is answered: it loses its buttons and says what happened, in the group's `lang`.
    Only the first answer does: a second press (a double tap, or Yes from two admins) must not overwrite it
    with "no game". A game stopped stays in the group's history (a lobby's goes with the lobby's message);
    "the game goes on" is read, then goes (bot.tg.fleeting)."""
    message = query.message
    if message is None or rt.pacer is None or rt.fleeting is None:
        return
    if not rt.settled_questions.first((message.chat.id, message.message_id), rt.ticks()):
        return
    beside = rt.shown_stop_questions.beside(message.chat.id, message.message_id)
    args = {}
    if stopper is not None and _in_private(query):  # its reader stopped it: the game is the one to name
        key = "gameplay-stop-done-private"
        args = {"game": plain_title(stopper.game, lang), "lost": "yes" if stopper.lost else "no"}
    elif stopper is not None:
        seated = "lost" if stopper.lost else "yes"
        role = "anonymous" if stopper.anonymous else seated if stopper.seated else "no"
        args = {"name": stopper.name, "player": role}
        if stopper.commented:
            key = "gameplay-stop-done-in-chat"
            args["chat"] = plain_title(stopper.game, lang)
    # No longer redrawn in its reader's next language (dropped before any other handler runs), nor restored:
    # forgotten before its answer is shown, so a crash between the two leaves it open where it reads open
    # (written after, a crash once the answer landed restored it open, and a switch redrew it as a question).
    game_over = stopper is not None  # (stopped, or its lobby closed)
    await stop_questions_kept.settled(rt, message.chat.id, message.message_id, game_over)
    text = rt.translator.html(lang, key, **args)
    rt.pacer.edit(message.chat.id, message.message_id, Render(text))
    # Asked again beside it (in the group, or its asker's private chat), which would read as still open (Yes
    # to stop a game it kept on, say): answered by this answer, they go.
    for other in beside:
        rt.settled_questions.first((message.chat.id, other), rt.ticks())
        await stop_questions_kept.settled(rt, message.chat.id, other, game_over)
        rt.fleeting.delete_now(message.chat.id, other)
    if _in_private(query):  # a private chat keeps what it was told
        return
    if stopper is None:
        rt.fleeting.delete_later(message.chat.id, message.message_id, ANSWER_SECONDS)
    elif stopper.lobby:
        rt.fleeting.delete_later(message.chat.id, message.message_id, CLOSED_LOBBY_SECONDS)
    else:
        rt.fleeting.keep(message.chat.id, message.message_id)
