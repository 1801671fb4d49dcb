"""A press on a player's button under /kick's answer (bot.tg.kick_buttons): who sent the /kick removes them,
as the typed /kick would; anyone else, or a press the game or the player has left behind, is told why."""

from __future__ import annotations

from telegram import CallbackQuery, Message
from telegram.ext import ContextTypes

from bot.service import Person, Place, Refusal
from bot.service.lobby import not_manager
from bot.tg.callback_data import CallbackData
from bot.tg.handlers.common import group_language, person, presser_admin, presser_language, seated_name
from bot.tg.handlers.kick import NOT_SEATED, announce_kick, tell_kicked_from_lobby
from bot.tg.kick_buttons import kicked_player
from bot.tg.replies import command_of
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query


async def kick_pressed(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, data: CallbackData
) -> None:
    """Removes the button's player, answering the press (a Refusal for the reasons any press of the group's
    is refused for: the game is over, the presser runs it no more or never did, it is paused)."""
    user = query.from_user
    loaded = await rt.service.load(data.game_id)
    if loaded is None or not loaded[0].active:
        raise Refusal("no_game")
    record, doc = loaded
    target = kicked_player(data)
    kicked = Person(target, doc.names.get(target, ""))
    asker = _asker(query)
    if asker is not None and asker != user.id:
        # "send /kick yourself" to one who may kick; one who may not is told who may, as /kick tells them
        if (
            user.id != doc.creator
            and await presser_admin(context, query, record.chat_id, doc.creator) is None
        ):
            raise not_manager(doc)
        await _alert(rt, context, query, "alert-kick-not-yours")
        return
    if target == user.id:  # their own: offered under an anonymous admin's /kick (whose, the bot can't tell)
        await _alert(rt, context, query, "gameplay-kick-yourself")
        return
    if doc.paused:  # a typed /kick notes it for when the match goes on, and says so in private
        raise Refusal("paused_muted" if doc.paused_muted else "paused")
    admin = await presser_admin(context, query, record.chat_id, doc.creator)
    # Read before the kick: once it is saved, nothing may keep it from being published, nor answered.
    lang = await group_language(rt, record.chat_id)
    own = await presser_language(rt, query)
    try:
        outcome = await rt.service.kick(record.id, user.id, admin is not None, target)
    except Refusal as refusal:
        if refusal.reason not in NOT_SEATED:
            raise
        await _alert(rt, context, query, "alert-kick-gone", seated_name(doc, kicked, own))
        return
    if not outcome.doc.paused:  # paused meanwhile: noted, and the table tells it once the match goes on
        where = Place(record.chat_id, record.topic_id)  # as the typed /kick's: under a post, the group's chat
        announce_kick(rt, where, doc, outcome, kicked, person(user), lang)
    await rt.after(outcome)
    said = rt.translator.t(own, "gameplay-kicked", name=seated_name(doc, kicked, own))
    await answer_callback_query(context.bot, query.id, said)
    await tell_kicked_from_lobby(rt, doc, outcome, target)


def _asker(query: CallbackQuery) -> int | None:
    """Who sent the /kick the pressed answer replies to; None when the bot can't tell: sent as an anonymous
    admin (any of them may press, as the bot can't tell them apart), or deleted before it was answered."""
    message = query.message
    kick = message.reply_to_message if isinstance(message, Message) else None
    if kick is None or command_of(kick)[0] != "/kick":  # a forum's answer replies to its topic's start then
        return None
    if kick.sender_chat is not None or kick.from_user is None:
        return None
    return kick.from_user.id


async def _alert(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, key: str, name: str = ""
) -> None:
    lang = await presser_language(rt, query)
    text = rt.translator.t(lang, key, name=name)
    await answer_callback_query(context.bot, query.id, text, show_alert=True)
