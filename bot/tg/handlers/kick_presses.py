"""A press on a player's button under /kick's answer (bot.tg.kick_buttons): who sent the /kick removes them,
as the typed /kick would, and the answer keeps the buttons of those still in the game; anyone else, or a
press the game or the player has left behind, is told why (a twin of a press that removed them, nothing)."""

from __future__ import annotations

from telegram import CallbackQuery, InlineKeyboardMarkup, Message
from telegram.ext import ContextTypes

from bot.service import Outcome, Person, Place, Refusal
from bot.service.lobby import not_manager
from bot.tg.callback_data import CallbackData
from bot.tg.handlers.common import group_language, person, presser_admin, presser_language, seated_name
from bot.tg.handlers.kick import (
    NOT_SEATED,
    admin_name,
    announce_kick,
    noted_cost,
    still_in,
    tell_kicked_from_lobby,
)
from bot.tg.kick_buttons import kicked_player, offered
from bot.tg.pacing import Render
from bot.tg.render.notices import kick_noted_alert
from bot.tg.replies import command_of
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query
from bot.tg.twin_presses import TwinPress
from bot.tg.views import seats


async def kick_pressed(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, data: CallbackData, this: TwinPress
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
    # an anonymous admin outside the match unnamed, as the group saw their /kick: sent as the group
    anonymous = admin is not None and admin.is_anonymous and user.id not in seats(doc)
    named, name = admin_name(user, anonymous), seated_name(doc, kicked, own)
    try:
        outcome = await rt.service.kick(record.id, user.id, admin is not None, target, named)
    except Refusal as refusal:
        if refusal.reason not in NOT_SEATED:
            raise
        if this.twin_came_first(rt.ticks()):  # a double tap: the first's answer says they were removed
            await answer_callback_query(context.bot, query.id)
        else:
            await _alert(rt, context, query, "alert-kick-gone", name)
        return
    this.counted(rt.ticks())
    if not outcome.doc.paused:  # paused meanwhile: noted, and the table tells it once the match goes on
        where = Place(record.chat_id, record.topic_id)  # as the typed /kick's: under a post, the group's chat
        announce_kick(rt, where, doc, outcome, kicked, person(user), lang, anonymous=anonymous)
    await rt.after(outcome)
    _drop_buttons(rt, query, outcome)  # in commit order, before the answer is awaited: see `_drop_buttons`
    # paused meanwhile, the kick waits for it to go on, as a typed /kick's answer says (long: an alert)
    paused = outcome.doc.paused
    said = (
        _noted(outcome, target, name, user.id, own)
        if paused
        else rt.translator.t(own, "gameplay-kicked", name=name)
    )
    await answer_callback_query(context.bot, query.id, said, show_alert=paused)
    await tell_kicked_from_lobby(rt, doc, outcome, target)


def _noted(outcome: Outcome, kicked: int, name: str, by: int, lang: str) -> str:
    """The alert of a kick pressed as the match paused (`kicked` named `name`): it waits for the match to go
    on, and means what a typed /kick's answer says (`noted_cost`), in fewer words then: an alert holds
    ALERT_LIMIT characters (`kick_noted_alert`), naming nobody else if it must."""
    doc = outcome.doc
    costs = [noted_cost(doc, kicked, by, lang, alert=True, named=named) for named in (True, False)]
    return kick_noted_alert(name, costs, lang, muted=doc.paused_muted)


def _drop_buttons(rt: Runtime, query: CallbackQuery, outcome: Outcome) -> None:
    """The pressed answer keeps the buttons of the players still in the game, its text as Telegram shows it:
    pressed again, a removed player's could only say they are gone. Read from the game, not from the
    keyboard pressed, which a kick by another of its buttons may have changed since; asked for as the kick
    is saved, before anything is awaited: a second kick's redraw asked for first (the first press's answer
    held up by a flood wait) was else overwritten by the first's, the second's player back among them. An
    answer left with none goes (it asks to press a name below); one gone after its minutes, nothing."""
    message = query.message
    if not isinstance(message, Message) or message.reply_markup is None:
        return
    assert rt.pacer is not None and rt.fleeting is not None  # set at start-up, before any update
    chat_id, message_id = message.chat_id, message.message_id
    rows = offered(message.reply_markup, outcome.game.id)
    if rows is None or not rt.fleeting.up(chat_id, message_id):
        return
    players = still_in(outcome.game, outcome.doc) if outcome.game.active else ()
    kept = [row for player, row in rows.items() if player in players]
    if not kept:
        rt.fleeting.delete_now(chat_id, message_id)
        return
    render = Render(message.text_html, InlineKeyboardMarkup(kept))
    rt.pacer.edit(chat_id, message_id, render, reply=True, asker=query.from_user.id)


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
