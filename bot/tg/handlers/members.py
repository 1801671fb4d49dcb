"""Memberships: the bot's own (removed from a group, blocked or restarted in private), a player's who left
the group; and group migrations, renames and closed forum topics."""

from __future__ import annotations

import logging

from telegram import Bot, ChatMemberUpdated, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.service import Refusal, UnreadableGame
from bot.service.document import read_document
from bot.service.next_game import drop_subscriptions
from bot.tg.chat_rights import (
    ADMIN_STATUSES,
    GONE,
    RightsUnknown,
    bot_may_post,
    muted,
    out_of_group,
    posts_in_closed_topics,
)
from bot.tg.handlers.command_answers import meant_for_this_bot
from bot.tg.handlers.common import place, runtime
from bot.tg.posting_rechecks import LONGEST_WAIT_S
from bot.tg.render.text import place_title
from bot.tg.replies import command_of
from bot.tg.runtime import Runtime

log = logging.getLogger(__name__)


async def on_my_chat_member(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    change = update.my_chat_member
    assert change is not None
    rt = runtime(context)
    status = change.new_chat_member.status
    chat = change.chat
    if chat.type == ChatType.PRIVATE:
        if status in GONE:  # the user blocked the bot: the game goes on, their turns time out
            await rt.player_reach.unreachable(chat.id)
        elif await _known(rt, chat.id):  # unblocked: their hands come back
            await rt.player_reach.reachable(chat.id)
        else:
            rt.writable(chat.id)
        return
    member = change.new_chat_member
    rt.publishing.sight.heard(chat.id, status in ADMIN_STATUSES)  # promoted or demoted: seven silence
    may_not_send = muted(member) or await _kept_from_sending(rt, context.bot, change)
    if status not in GONE and not may_not_send:
        rt.writable(chat.id)  # added (back) to the group, or allowed to post again
        await rt.muted_groups.writable_again(chat.id)
        return
    await rt.group_gone(chat.id, muted=may_not_send)  # removed, or muted: nobody would see the table


async def _kept_from_sending(rt: Runtime, bot: Bot, change: ChatMemberUpdated) -> bool:
    """A bot demoted to a plain member, or let send again, in a group where members may not send (no update
    tells that): it may still post no new message there, as Telegram says when asked. Not a bot added to the
    group (nothing of it runs there yet), nor an admin; Telegram failing to tell is taken for "may post", as
    before: a new message of its refused would say otherwise."""
    status = change.new_chat_member.status
    if status in (*GONE, *ADMIN_STATUSES) or change.old_chat_member.status in GONE:
        return False
    try:
        return not await bot_may_post(bot, change.chat.id, rt.sleep, LONGEST_WAIT_S)
    except TelegramError as error:
        log.warning("Could not read whether the bot may post in chat %s: %s", change.chat.id, error.message)
        return False


async def on_member_left(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A player left the group or was removed from it (a service message; an admin bot also gets a
    chat_member update): they leave its games as with /leave, instead of holding up every turn of theirs (a
    match paused in a closed topic, as it goes on), and hear no more of its next lobby (/notifyme)."""
    if update.chat_member is not None:
        change = update.chat_member
        if not out_of_group(change.new_chat_member):
            return
        chat_id, user_id, by = change.chat.id, change.new_chat_member.user.id, change.from_user.id
    else:
        message = update.effective_message
        if message is None or message.left_chat_member is None:
            return
        chat_id, user_id = message.chat_id, message.left_chat_member.id
        by = message.from_user.id if message.from_user is not None else user_id
    rt = runtime(context)
    await drop_subscriptions(rt.database, chat_id, user_id)
    for record in await rt.service.active_games_in(chat_id):
        if user_id not in read_document(record).players:
            continue
        try:
            # Removed by an admin (or an admin's bot): a kick, which ends a match unrated as /kick does;
            # else a forfeit would hand whoever removed the last opponent a rated win.
            outcome = await rt.service.left_group(record.id, user_id, by)
        except Refusal:
            continue  # out already (the other of the two reports, or they had left the match)
        await rt.after(outcome)


async def _known(rt: Runtime, user_id: int) -> bool:
    async with rt.database.unit_of_work() as uow:
        return await uow.users.get(user_id) is not None


async def on_group_message(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Seven-silence (UNO Extreme): the first player to post in the group while it is on draws."""
    message = update.effective_message
    if message is None or message.from_user is None:
        return
    rt = runtime(context)
    found = await rt.service.find(place(message))
    state = found[1].engine if found is not None else None
    if found is None or state is None or state.silence_holder is None:
        return
    # Only once the group could have read that the silence is on (the table tells it): a message written
    # before, e.g. at the moment the 7 was played, breaks nothing.
    holder = state.silence_holder
    if not rt.publishing.silence_told(found[0].id, holder, int(message.date.timestamp())):
        return
    # Seeing only commands and replies to its own messages (privacy mode), the bot cannot tell who wrote
    # first: it would fine whoever answered it after someone else broke the silence unseen.
    try:
        sees = await rt.publishing.sight.check(message.chat_id)
    except RightsUnknown:
        sees = False  # a moment's failure to tell counts as not seeing
    if not sees:
        return
    outcome = await rt.service.break_silence(found[0].id, message.from_user.id, holder)
    if outcome is not None:
        await rt.after(outcome)


async def on_migration(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    assert message is not None
    if message.migrate_to_chat_id is not None:
        await runtime(context).migrate(message.chat_id, message.migrate_to_chat_id)


async def on_renamed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The group was renamed: its games' hands, headed with its title, take the new one; a forum topic's game
    is named "Chat · Topic" anew (not one saved before the topic's name was kept apart)."""
    message = update.effective_message
    assert message is not None and message.new_chat_title is not None
    rt = runtime(context)
    async with rt.database.unit_of_work() as uow:
        await uow.chats.ensure(message.chat_id, message.new_chat_title)  # leaderboards, /notifyme's greeting
    for record in await rt.service.active_games_in(message.chat_id):
        title = message.new_chat_title
        if record.topic_id:
            try:
                loaded = await rt.service.load(record.id)
            except UnreadableGame:
                continue
            topic = loaded[1].topic_title if loaded is not None else None
            if topic is None:
                continue
            title = place_title(title, topic)
        outcome = await rt.service.rename(record.id, title)
        if outcome is not None:
            await rt.after(outcome)


async def on_topic_renamed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An admin renamed a forum topic: its game's hands, headed "Chat · Topic", take the new name (an edit
    of the topic's icon alone names nothing), and so do its games to come, which the topic's messages would
    name as it was created (bot.tg.handlers.lobby_opening.topic_name). General too, whose name Telegram
    tells a bot only so: its game is "Chat · General" as named by the group's title and General's apart."""
    message = update.effective_message
    assert message is not None and message.forum_topic_edited is not None
    name = message.forum_topic_edited.name
    rt, where = runtime(context), place(message)
    if name is None:
        return
    async with rt.database.unit_of_work() as uow:
        await uow.chats.ensure(where.chat_id, message.chat.title)
        await uow.topic_names.put(where.chat_id, where.topic_id, name)
    found = await rt.service.find(where)
    if found is None:
        return
    chat = message.chat.title or ""
    title = place_title(chat, name) if where.topic_id else chat  # General's name apart (game_title)
    outcome = await rt.service.rename(found[0].id, title, name)
    if outcome is not None:
        await rt.after(outcome)


async def on_command_without_topics(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command in a supergroup that has no forum topics (now): when its topics were turned off, which
    Telegram does not tell of, the games they held move to its one chat first, where the command finds
    them (/table posts the moved game's screen itself, as its answer)."""
    message = update.effective_message
    assert message is not None
    table_asked = command_of(message)[0] == "/table" and meant_for_this_bot(message)
    await runtime(context).topics.turned_off(message.chat_id, message.chat.title or "", table_asked)


async def on_topic_closed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An admin closed a forum topic (or hid General, which closes it): the bot, unless it manages topics,
    may post there no more until it is reopened. Its match pauses now, not at its next message: a round
    later, perhaps, whose results could not be posted; admins close topics for a night or a spam wave."""
    message = update.effective_message
    assert message is not None
    rt, where = runtime(context), place(message)
    if await rt.service.find(where) is None:
        return
    try:
        if await posts_in_closed_topics(context.bot, where.chat_id):
            return
    except RightsUnknown:
        return  # its next message refused says so
    await rt.topics.closed(where.chat_id, where.topic_id)


async def on_topic_reopened(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An admin reopened a forum topic (or showed General again): its paused match goes on."""
    message = update.effective_message
    assert message is not None
    where = place(message)
    await runtime(context).topics.reopened(where.chat_id, where.topic_id)
