"""Group commands (/new /join /leave /startgame /table /hand /notifyme /help; /kick and /stop have their own
modules), and commands met where they are not played (a channel, an unknown one)."""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from bot.service import GameDocument, Place, Refusal
from bot.service.lobby import LOBBY_IDLE_MS, check_joinable
from bot.service.next_game import NextGame, toggle_next_game
from bot.service.seats import has_seat
from bot.storage import GameRecord, GameStatus
from bot.tg import render
from bot.tg.chat_rights import unknown_sender_key
from bot.tg.fleeting import ANSWER_SECONDS, HELP_SECONDS
from bot.tg.game_here import in_the_chat
from bot.tg.handlers import members
from bot.tg.handlers.command_answers import (
    acting_admin,
    answer,
    answer_with_private_chat_button,
    game_here,
    game_meant,
    noted_answer,
    parts,
    pointed_to_their_game,
    refused,
    refused_to,
    reply,
    say_noted,
    say_with_private_chat_button,
    sent_ms,
)
from bot.tg.handlers.comments import (
    match_running_in_chat,
    naming_the_chat,
    not_seated_in_chat,
    point_to_game,
    point_to_game_open,
)
from bot.tg.handlers.common import (
    can_message,
    person,
    place,
    readers,
    runtime,
    say,
    sender,
    sender_language,
    shown_name,
    user_language,
)
from bot.tg.handlers.games_elsewhere import (
    matches_going_on_elsewhere,
    not_seated_answer,
    paused_elsewhere,
    seated_in_the_forum,
)
from bot.tg.handlers.lobby_opening import (
    invite_to_private,
    invite_under_lobby,
    open_lobby,
    publish_lobby,
    topic_name,
    why_not_new,
)
from bot.tg.on_their_way import check_nobody_on_their_way
from bot.tg.render.refusals import group_buttons
from bot.tg.render.text import hand_payload, plain_title, private_chat_link
from bot.tg.replies import asker_of, command_of, thread_key, thread_reply
from bot.tg.results_post import play_again_posted
from bot.tg.runtime import Runtime


async def _anonymous(rt: Runtime, message: Message, as_admin: str = "gameplay-anonymous-cannot-play") -> bool:
    """An anonymous admin or a channel posts under a bot account shared by many: it cannot take a seat
    (its cards could go nowhere), nor leave the one its admin took with a button. True when the sender is
    one, after telling them (an anonymous admin with `as_admin`)."""
    key = unknown_sender_key(message, as_admin)
    if key is None:
        return False
    await reply(rt, message, key)
    return True


async def new_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, where = parts(update)
    if await _anonymous(rt, message):
        return
    if rt.clock() - sent_ms(message) > LOBBY_IDLE_MS:
        # Sent while the bot was offline: its lobby would have closed idle by now, and opening it this late
        # would call those waiting on /notifyme to a game nobody waits in.
        await reply(rt, message, "error-new-too-late")
        return
    creator = person(user)
    try:
        outcome = await open_lobby(rt, message, creator)
    except Refusal as refusal:
        if refusal.reason != "game_running":
            await refused(rt, message, refusal)
        elif not await point_to_game_open(rt, message, creator.user_id):
            await refused(rt, message, refusal, await why_not_new(rt, where, creator.user_id))
        return
    published = await publish_lobby(rt, creator, outcome)
    commented = rt.comment_threads.under_a_post(message)
    if commented:
        await published  # the lobby's message, which the answer under the post leads to
        await point_to_game(rt, message, outcome.game.id)
    # a commenter's under the post, after the way to the game: the one under the lobby is out of their sight
    await invite_under_lobby(rt, creator, outcome, published, message)
    if commented:
        return
    pointer = await paused_elsewhere(rt, message, await seated_in_the_forum(rt, message), leaving=False)
    if pointer is not None:
        await published  # a second game for them, maybe opened as their paused one seemed gone: said under it
        await answer(rt, message, pointer)


async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, where = parts(update)
    if await _anonymous(rt, message):
        return
    who = person(user)
    found = await game_here(rt, message)
    if found is None:
        return
    record, doc = found
    if not await can_message(rt, who.user_id):
        try:  # said at once, not after a detour through the private chat
            check_joinable(record, doc, who.user_id)
        except Refusal as refusal:
            await _join_refused(rt, message, found, refusal)
            return
        async with rt.database.reads() as reads:  # started once, unreachable since: they blocked the bot
            blocked = await reads.users.ever_started(who.user_id)
        await invite_to_private(rt, where, who, record.id, asked=message, blocked=blocked, coming_to=doc)
        return
    try:
        outcome = await rt.service.join(record.id, who)
    except Refusal as refusal:
        await _join_refused(rt, message, found, refusal)
        return
    await rt.after(outcome)
    # the lobby shows them in, in the chat the comments do not show
    if rt.comment_threads.under_a_post(message):
        await point_to_game(rt, message, record.id, who.user_id)
    else:  # the lobby's edit is all the answer a join gets
        await _brought_down(rt, message, found)


async def _join_refused(
    rt: Runtime, message: Message, found: tuple[GameRecord, GameDocument], refusal: Refusal
) -> None:
    """A refused /join: said, unless they are in the game already and its screen, out of sight, is brought
    down for them (it shows them in it); under a channel's post, a match under way names its chat, and one
    in the game already is pointed to it, there."""
    commented = rt.comment_threads.under_a_post(message)
    if refusal.reason == "too_late_to_join" and commented:
        await answer(rt, message, await match_running_in_chat(rt, message, asker_of(message)))
    elif refusal.reason == "already_joined" and commented:
        await point_to_game(rt, message, found[0].id, asker_of(message))
    elif refusal.reason != "already_joined" or not await _brought_down(rt, message, found):
        await refused(rt, message, refusal)


async def _brought_down(rt: Runtime, message: Message, found: tuple[GameRecord, GameDocument]) -> bool:
    """The game's lobby (or table) posted anew (silently) below a /join where talk has pushed it out of
    sight; not below one under a channel's post, whose comments show nothing of the chat, nor a paused
    match's table, which /table does not post either. Whether it was."""
    record, doc = found
    if doc.paused or rt.comment_threads.under_a_post(message):
        return False
    shown_at = record.table_message_id
    if not rt.publishing.mark_repost_if_scrolled_away(record.id, _numbered(message), shown_at):
        return False
    return await rt.publishing.repost(record.id, asker_of(message))


async def leave(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, _ = parts(update)
    if await _anonymous(rt, message, "error-sent-anonymously"):
        return
    found = await game_meant(rt, message)
    if found is None:
        return
    noted = await noted_answer(rt, message)  # read before the leave: once it is saved, no read may fail
    try:
        outcome = await rt.service.leave(found[0].id, user.id)
    except Refusal as refusal:
        if refusal.reason == "leaving_noted":
            say_noted(rt, message, noted, found[1], "gameplay-leave-noted-already")
            return
        # "this game" under a post, which shows none: the chat's
        commented = rt.comment_threads.under_a_post(message)
        in_chat = await not_seated_in_chat(rt, message, refusal.reason) if commented else None
        if in_chat is not None:
            await answer(rt, message, in_chat)
        else:
            await refused(rt, message, refusal)
        return
    if outcome.doc.paused:  # noted for when it goes on
        say_noted(rt, message, noted, outcome.doc, "gameplay-leave-noted")
    await rt.after(outcome)
    # the lobby or table shows them gone, in the chat the comments do not show
    if rt.comment_threads.under_a_post(message):
        await answer(rt, message, await naming_the_chat(rt, message, "gameplay-left-not-in-comments"))


async def start_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message, user, _ = parts(update)
    found = await game_meant(rt, message)
    if found is None:
        return
    admin = await acting_admin(context, message, user, found[1])
    try:
        await check_nobody_on_their_way(rt, *found, user.id, admin)
        outcome = await rt.service.start(found[0].id, user.id, admin)
    except Refusal as refusal:
        # under a post, not "already started": which, where?
        if refusal.reason == "game_running" and rt.comment_threads.under_a_post(message):
            await point_to_game(rt, message, found[0].id, user.id)
        else:
            await refused_to(rt, message, refusal, found[1])
        return
    published = await rt.after(outcome, asker=asker_of(message))  # its table answers the command
    if rt.comment_threads.under_a_post(message):  # but in the chat, which the comments do not show
        await published  # the lobby's message is gone: the answer leads to the table once it is posted
        await point_to_game(rt, message, found[0].id, user.id)


async def table(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/table: the game's lobby or table posted anew at the bottom of the chat, where talk had pushed it (and
    its Join, UNO! and Catch! buttons) out of sight; at most once in 30 seconds a game (unless a supergroup's
    message ids tell that more than a few messages came after it), and a word that it is just above to the
    first who asks meanwhile. After a game has ended: that it is over, and how the next one starts."""
    rt = runtime(context)
    message, _, where = parts(update)
    found = await rt.service.find(where)
    if found is None:
        await _table_over(rt, message, where)
        return
    if found[1].paused:  # its topic closed to the bot: no repost, and "just above" would mislead in private
        await refused(rt, message, Refusal("paused"))
        return
    game_id = found[0].id
    # the comments show nothing of the chat: neither "just above" nor a repost
    if rt.comment_threads.under_a_post(message):
        await point_to_game(rt, message, game_id)
        return
    if not rt.publishing.may_repost(game_id, _numbered(message), found[0].table_message_id):
        pointer = "gameplay-table-just-posted"
        if rt.table_pointers.first((game_id, pointer), rt.ticks()):  # once: others asking meanwhile read it
            await reply(rt, message, pointer, shared=True)
    elif not await rt.publishing.repost(game_id, asker_of(message)):  # it ended meanwhile
        await _table_over(rt, message, where)


async def hand(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/hand in a group: the sender's hand of its match anew at the bottom of the private chat (after they
    cleared it, say), as "🃏 My cards" brings it, and a short word here that it is there; to one the bot
    cannot write to, the button that opens the private chat, whose Start sends it; one who plays no match
    here is told so."""
    rt = runtime(context)
    message, user, where = parts(update)
    if await _anonymous(rt, message, "error-sent-anonymously"):
        return
    found = await rt.service.find(where)
    if found is None:
        await _hands_from_other_topics(rt, message, user.id)
        return
    record, doc = found
    seated = has_seat(record, doc, user.id)
    if not seated and rt.comment_threads.under_a_post(message):  # not "the game here": the comments show none
        await answer(rt, message, await naming_the_chat(rt, message, "gameplay-hand-none-in-chat"))
        return
    if not seated and record.status is GameStatus.RUNNING and user.id in doc.players:  # out of it now
        out = "gameplay-hand-kicked-here" if user.id in doc.kicked else "gameplay-hand-left-here"
        await reply(rt, message, out)
        return
    if not seated or record.status is not GameStatus.RUNNING:
        lobby = "yes" if seated else "no"
        await reply(rt, message, "gameplay-hand-none", choices={"lobby": lobby, "where": "group"})
        return
    await _send_hands(rt, message, user.id, [found])


async def _hands_from_other_topics(rt: Runtime, message: Message, user_id: int) -> None:
    """/hand in a forum topic with no game (General, say): the hands of the sender's matches under way in the
    forum's other topics, the cards asked for ("yours is in Club · Room 1. To start another one here, send
    /new." sent them to look for it, and one the bot cannot write to was offered no Start); else that there
    is no game here, or where theirs is, or (to one who plays in none) where the forum's are."""
    seated = await seated_in_the_forum(rt, message)  # read once for all it may say
    games = matches_going_on_elsewhere(seated)
    not_seated = None if games else await not_seated_answer(rt, message, seated)
    if not_seated is not None:
        text, forwarded = not_seated
        await answer(rt, message, text, forwarded=forwarded)
    elif not games:
        await refused(rt, message, Refusal("no_game"), seated=seated)
    else:
        await _send_hands(rt, message, user_id, games)


async def _send_hands(
    rt: Runtime, message: Message, user_id: int, games: list[tuple[GameRecord, GameDocument]]
) -> None:
    """The sender's hands of the matches `games` anew at the bottom of the private chat, and a short word
    here that they are there; to one the bot cannot write to, the button that opens the private chat, whose
    Start sends them."""
    if await can_message(rt, user_id):
        rt.player_reach.resend_hands(user_id, [record for record, _ in games], skip=set(), greeting=None)
        await reply(rt, message, "gameplay-hand-sent")
        return
    lang = await sender_language(rt, message)
    # Their chat offers the app's Restart, not Start.
    blocked = "yes" if any(user_id in doc.blocked for _, doc in games) else "no"
    text = rt.translator.html(lang, "gameplay-hand-start-first", blocked=blocked)
    link = private_chat_link(rt.publishing.bot_username, hand_payload(games[-1][0].id))
    await answer_with_private_chat_button(rt, message, lang, text, link)


def _numbered(message: Message) -> int | None:
    """The message's id where it tells how many messages came before it: a supergroup's ids grow by one a
    message. Not a forum's, which count every topic's, nor a basic group's, which Telegram numbers for the
    bot's account: they count its private chats' messages too, and not the members' it does not see."""
    chat = message.chat
    return message.message_id if chat.type == ChatType.SUPERGROUP and not chat.is_forum else None


async def _table_over(rt: Runtime, message: Message, where: Place) -> None:
    """/table with no lobby or match here: the last game is over, and what starts the next one (said once
    to a burst of askers, as the pointer to a table just posted is); none ever here: there is no game. To a
    player of a game in another topic: where it is (or that it is paused), as that is the table asked for."""
    last = await rt.service.last_ended(where)
    if await rt.service.find(where) is not None:
        return  # opened since /table looked (a /new sent with it): its lobby, posted just now, is the answer
    if last is None:
        await refused(rt, message, Refusal("no_game"))  # or where the player's game is
        return
    if await pointed_to_their_game(rt, message):
        return
    unstarted = last[0].started_at is None  # a lobby closed: no match, no results
    if rt.comment_threads.under_a_post(message):  # not "here", nor "under its results": both are the chat's
        key = "gameplay-table-over-unstarted-in-chat" if unstarted else "gameplay-table-over-in-chat"
        await answer(rt, message, await naming_the_chat(rt, message, key))
        return
    if unstarted:
        over = "gameplay-table-over-unstarted"
    else:  # its results are the last the game said here, unless none were posted
        over = "gameplay-table-over-play-again" if play_again_posted(last[1]) else "gameplay-table-over"
    if rt.table_pointers.first((last[0].id, over), rt.ticks()):
        await reply(rt, message, over, shared=True)


_NEXT_GAME_ANSWERS = {
    NextGame.SUBSCRIBED: "notify-subscribed",
    NextGame.SUBSCRIBED_AFTER_MATCH: "notify-subscribed-after-match",
    NextGame.CANCELLED: "notify-cancelled",
}


async def notify_me(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/notifyme: a word in private when the next lobby opens here (once); sent again, no word after all.
    One the bot cannot write to yet is subscribed all the same, with the button that opens the private
    chat: a Start there is all it takes, no second /notifyme."""
    rt = runtime(context)
    message, user, where = parts(update)
    # A shared account: no private chat to write to (and nothing to join, so not the "can't play" answer).
    if await _anonymous(rt, message, "error-sent-anonymously"):
        return
    who = person(user)
    topic = await topic_name(rt, message)
    toggled = await toggle_next_game(
        rt.database, rt.service.topic_use, where, who, message.chat.title or "", topic
    )
    if toggled is NextGame.LOBBY_OPEN:
        if not await point_to_game_open(rt, message, who.user_id):
            await reply(rt, message, "error-lobby-open")
        return
    languages = await readers(rt, where.chat_id, who)
    if toggled is NextGame.IN_LOBBY:  # "join it with /join" would send them where they are
        if not await point_to_game_open(rt, message, who.user_id):  # under a post: where they are
            await answer(rt, message, render.refusal("already_joined", languages.own, languages.group))
        return
    lang, name = languages.own, shown_name(who, languages.own)
    # under a channel's post: the games are in the group's chat, which the comments do not show
    commented = rt.comment_threads.under_a_post(message)
    chat = {"chat": plain_title(message.chat.title or "", lang)} if commented else {}
    if toggled is NextGame.CANCELLED or await can_message(rt, who.user_id):
        key = _NEXT_GAME_ANSWERS[toggled]
        text = rt.translator.html(lang, in_the_chat(key) if chat else key, name=name, **chat)
        # Not once a minute as refusals: each answer says what changed, and a toggle changes every time.
        outcome = await say(
            rt, where, text, reply_to=message.message_id, lasts=ANSWER_SECONDS, asker=who.user_id
        )
        forwarded = rt.closed_topics.as_forwarded(lang, key, name=name)
        await rt.closed_topics.forward_if_refused(message, outcome, forwarded or text)
        return
    async with rt.database.reads() as reads:  # one who started the bot once has blocked it since
        blocked = "yes" if await reads.users.ever_started(who.user_id) else "no"
    key = "notify-subscribed-private-first"
    text = rt.translator.html(lang, in_the_chat(key) if chat else key, name=name, blocked=blocked, **chat)
    link = private_chat_link(rt.publishing.bot_username)  # a plain Start: no join to complete
    await say_with_private_chat_button(rt, where, lang, text, link, message.message_id, asker=who.user_id)


async def help_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    rt = runtime(context)
    message = update.effective_message
    assert message is not None
    if message.chat.type == message.chat.PRIVATE:
        lang = (
            await user_language(rt, message.from_user) if message.from_user else rt.settings.default_language
        )
        rt.tell(message.chat_id, rt.translator.t(lang, "gameplay-help"))
        return
    where = place(message)
    asker = asker_of(message)
    if not rt.refusals.first((where, asker, f"{thread_key(message)} /help"), rt.ticks()):
        return  # given them within a minute: it is just above (a long text, the group's writes are few)
    languages = await readers(rt, where.chat_id, sender(message))
    lang = languages.own  # theirs: they asked (once a minute each)
    # in the group, the way into the private chat is a button: /start here would only answer with this
    link = private_chat_link(rt.publishing.bot_username)
    # what a member needs to play (the group's buttons as the lobby labels them); the rest in private
    text = rt.translator.t(lang, "gameplay-help-group", **group_buttons(languages.group))
    outcome = await say_with_private_chat_button(
        rt, where, lang, text, link, thread_reply(message), HELP_SECONDS, asker=asker
    )
    # in the private chat, its own /help: the group's points there
    await rt.closed_topics.forward_if_refused(message, outcome, rt.translator.t(lang, "gameplay-help"))


async def unknown_in_group(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command no handler took, in a group: answered only when it names this bot (/foo@this_bot), since
    a plain /foo may well be another bot's. Another bot's, or none's (/lol), is a post the group reads like
    any other: it breaks a seven silence, where this bot's (/table) do not."""
    message = update.effective_message
    assert message is not None
    _, addressee = command_of(message)
    if addressee != context.bot.username.lower():
        await members.on_group_message(update, context)
        return
    await reply(runtime(context), message, "error-unknown-command")


async def in_channel(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command posted in a channel: UNO is played in groups."""
    message = update.effective_message
    assert message is not None
    await reply(runtime(context), message, "error-channel")
