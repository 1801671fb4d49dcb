"""The presses that open, fill, start and stop a game: the lobby's Join and Start, the match end's Play again
(Join, or a new lobby), the /stop question's answer. Dispatched by bot.tg.handlers.presses, which answers a
refusal."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import CallbackQuery, Message
from telegram.ext import ContextTypes

from bot.service import Outcome, Person, Place, Refusal
from bot.service.lobby import check_joinable
from bot.storage import GameStatus
from bot.tg.callback_data import Action, CallbackData
from bot.tg.handlers import lobby_opening
from bot.tg.handlers.common import can_message, join_payload, person, place, presser_admin, presser_language
from bot.tg.handlers.stop_answers import answer_stop
from bot.tg.on_their_way import check_nobody_on_their_way
from bot.tg.render.text import place_title
from bot.tg.runtime import Runtime
from bot.tg.send import answer_callback_query


async def join_pressed(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, game_id: int
) -> Outcome | None:
    """The lobby's Join; one the bot cannot write to yet is sent to the private chat, which completes it."""
    user = query.from_user
    if not await can_message(rt, user.id):
        loaded = await rt.service.load(game_id)
        if loaded is None:
            raise Refusal("no_game")
        check_joinable(*loaded, user.id)  # refused at once, not after a detour to the private chat
        rt.invitations.sent(person(user), game_id, rt.ticks())
        link = rt.publishing.deep_link(join_payload(game_id))
        await answer_callback_query(context.bot, query.id, url=link)
        return None
    return await rt.service.join(game_id, person(user))


async def play_again_pressed(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, ended_id: int
) -> Outcome | None:
    """Play again: Join when a lobby is open in this chat (or topic), else /new, answered as /new is when a
    match is running here."""
    where, opening = await _opening_again(rt, query, ended_id)
    found = await rt.service.find(where)
    if found is None:
        # Counted as a /new sent here (bot.tg.command_budget): pressed by a script between Leaves, which each
        # new lobby counts anew, it posted a lobby a press.
        if not rt.commands.take((where.chat_id, query.from_user.id), rt.ticks()):
            raise Refusal("opening_too_fast")
        creator = person(query.from_user)
        try:
            outcome = await opening(creator)
        except Refusal as refusal:
            if refusal.reason != "game_running":
                raise
            found = await rt.service.find(where)  # someone opened one since: join it as if it had been there
        else:
            # Published before the answer is awaited: a /join saved while it was on its way was else drawn
            # first, and this older lobby (its creator alone) over it. The lobby answers the press, should the
            # group refuse it (bot.tg.muted_answers).
            rt.muted_answers.pressed(query)
            published = await lobby_opening.publish_lobby(rt, creator, outcome)
            await answer_callback_query(context.bot, query.id)
            await lobby_opening.invite_under_lobby(rt, creator, outcome, published)
            return None
    if found is not None and found[0].status is GameStatus.LOBBY:
        return await join_pressed(rt, context, query, found[0].id)
    why = await lobby_opening.why_not_new(rt, where, query.from_user.id)
    said = rt.translator.t(await presser_language(rt, query), why)
    await answer_callback_query(context.bot, query.id, said, show_alert=True)
    return None


async def start_or_stop_pressed(
    rt: Runtime, context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, data: CallbackData
) -> Outcome | None:
    """Start and Stop: the creator or a chat admin."""
    user = query.from_user
    loaded = await rt.service.load(data.game_id)
    if loaded is None:
        raise Refusal("no_game")
    record, doc = loaded
    if data.action is Action.START:
        admin = await presser_admin(context, query, record.chat_id, doc.creator)
        await check_nobody_on_their_way(rt, record, doc, user.id, admin is not None)
        return await rt.service.start(record.id, user.id, admin is not None)
    return await answer_stop(rt, context, query, data, record, doc)


async def _opening_again(
    rt: Runtime, query: CallbackQuery, ended_id: int
) -> tuple[Place, Callable[[Person], Awaitable[Outcome]]]:
    """Where Play again acts, and how it opens a lobby there: the chat (and topic) of the message pressed,
    with as many computer players as the ended game had. Telegram gives the bot only the chat of an old
    message (no topic): in a forum, the ended game the button names says which topic, if it is a game of that
    chat."""
    message = query.message
    if message is None:
        raise Refusal("stale")
    loaded = await rt.service.load(ended_id) if ended_id else None  # 0: posted before buttons named it
    if loaded is not None and loaded[0].chat_id != message.chat.id:
        loaded = None
    computers = len(loaded[1].computers) if loaded is not None else 0  # its computers sit down again
    # PTB parses Telegram's InaccessibleMessage as a Message too: one with no date, topic or text.
    if isinstance(message, Message) and message.is_accessible:
        return place(message), lambda creator: lobby_opening.open_lobby(rt, message, creator, computers)
    chat = message.chat
    title = where_shown = chat.title or ""
    where, topic = Place(chat.id), None
    if chat.is_forum:
        if loaded is None:
            raise Refusal("stale")
        where, topic = Place(chat.id, loaded[0].topic_id), loaded[1].topic_title
        # the group as named now, and the topic; a game saved before the topic's name was kept: its own name
        where_shown = loaded[1].chat_title if topic is None else place_title(title, topic)
        if not where.topic_id:  # General's: the group as named now, General's name apart (game_title)
            where_shown, topic = title, await lobby_opening.general_name(rt, chat.id)
    forum = bool(chat.is_forum)
    return where, lambda creator: rt.service.open_lobby(
        where, creator, title, where_shown, computers, topic, forum
    )
