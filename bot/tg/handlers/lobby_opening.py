"""Opening a lobby, /new's and Play again's: in the chat or topic asked in, named after it; shown, with a word
to those waiting for it (/notifyme); or why not, when a game is there already."""

from __future__ import annotations

import asyncio

from telegram import Message

from bot.service import GameDocument, Outcome, Person, Place
from bot.tg.awaited_refusals import awaited_variant
from bot.tg.game_here import game_here_key
from bot.tg.handlers.command_answers import say_with_private_chat_button
from bot.tg.handlers.common import can_message, join_payload, place, reader_language, shown_name
from bot.tg.handlers.next_game import tell_subscribers
from bot.tg.render.names import newcomers_apart
from bot.tg.render.text import TOPIC_SEPARATOR, place_title
from bot.tg.replies import thread_key, thread_reply
from bot.tg.runtime import Runtime
from bot.tg.send import Sent
from bot.tg.views import seated_people


async def open_lobby(rt: Runtime, message: Message, creator: Person, computers: int = 0) -> Outcome:
    """/new's lobby in the chat (or topic) of `message`, `creator` in it, by the chat's rules; `publish_lobby`
    shows it. Also the Play again button's, under a match's end (with its `computers` seated again)."""
    title = message.chat.title or ""
    topic = await topic_name(rt, message)
    shown = place_title(title, topic)
    forum = bool(message.chat.is_forum)
    if forum and not message.is_topic_message:  # General's name is apart: its games are named with it
        topic = await general_name(rt, message.chat_id)
    return await rt.service.open_lobby(place(message), creator, title, shown, computers, topic, forum)


async def publish_lobby(rt: Runtime, creator: Person, outcome: Outcome) -> asyncio.Task[None]:
    """The new lobby, in the background (in commit order: call it right after the save, before awaiting
    anything else), and a word to those who asked to hear of it (/notifyme). Returns the lobby's publishing
    (`Runtime.after`), for `invite_under_lobby`."""
    published = await rt.after(outcome)
    rt.spawn(tell_subscribers(rt, creator, outcome, published))
    return published


async def invite_under_lobby(
    rt: Runtime,
    creator: Person,
    outcome: Outcome,
    published: asyncio.Task[None],
    asked: Message | None = None,
) -> None:
    """Under the new lobby once it is shown, an invitation to the private chat when the bot cannot write to
    its creator yet (in answer to their /new `asked` if given: as a comment under a channel's post, which
    shows nothing of the chat, it is answered there); to one who blocked the bot it names the app's Restart,
    as the lobby's hint does."""
    if not await can_message(rt, creator.user_id):
        await published  # the lobby first, then the invitation under it
        game = outcome.game
        where = Place(game.chat_id, game.topic_id)
        blocked = creator.user_id in outcome.doc.blocked
        await invite_to_private(rt, where, creator, game.id, "error-start-private-seated", asked, blocked)


async def topic_name(rt: Runtime, message: Message) -> str | None:
    """The forum topic's name: the one an admin last renamed it to, as the bot was told; else the one
    Telegram gives with the topic's first message (its name when it was created), which a message in the
    topic that answers nothing else answers. A message that answers another one goes without: then the name
    a /notifyme there kept, or the one the topic's last game was named with."""
    if not message.is_topic_message:
        return None
    replied = message.reply_to_message
    created = replied.forum_topic_created if replied is not None else None
    where = place(message)
    async with rt.database.unit_of_work() as uow:
        renamed = await uow.topic_names.get(where.chat_id, where.topic_id)
        answered = renamed is not None or created is not None
        kept = None if answered else await uow.subscriptions.topic_title(where.chat_id, where.topic_id)
    if renamed is not None:
        return renamed
    if created is not None:
        return created.name
    if kept is not None:
        return kept
    last = await rt.service.last_ended(where)
    return None if last is None else topic_of(last[1], message.chat.title or "")


async def general_name(rt: Runtime, chat_id: int) -> str | None:
    """The name an admin gave the forum's General, as the bot was told (None: none it was told of; Telegram
    names General to a bot only as it is renamed): a General game is named "Club · Lounge" with it."""
    async with rt.database.unit_of_work() as uow:
        return await uow.topic_names.get(chat_id, 0)


def topic_of(ended: GameDocument, chat_title: str) -> str | None:
    """The forum topic's name that an ended game of the topic kept. One saved before it was kept has it
    only in its "Chat · Topic", read after the chat's title now: a " · " in either name must not split it."""
    if ended.topic_title is not None:
        return ended.topic_title
    prefix = f"{chat_title}{TOPIC_SEPARATOR}"
    named = ended.chat_title
    return named.removeprefix(prefix) if named.startswith(prefix) and named != prefix else None


async def why_not_new(rt: Runtime, where: Place, user_id: int) -> str:
    """A game is here already: what it says to the user (bot.tg.game_here; not to send /notifyme again)."""
    found = await rt.service.find(where)
    key = "error-game-exists" if found is None else game_here_key(*found, user_id)
    return await awaited_variant(rt.database, where, user_id, key)


async def invite_to_private(
    rt: Runtime,
    where: Place,
    who: Person,
    game_id: int,
    key: str = "error-start-private-first",
    asked: Message | None = None,
    blocked: bool = False,
    coming_to: GameDocument | None = None,
) -> None:
    """The bot cannot write to them yet: a button opens the private chat, whose Start completes the join
    (`key` says so, and that their cards come there; to one seated already, only the cards), in answer to
    their /join `asked` if given (under a channel's post, it is answered there: `thread_reply`). Said once a
    minute to the same person where they read it, as refusals are: a repeated /join would flood the group.
    `blocked`: they blocked the bot (their chat with it offers "Restart", not "Start"). `coming_to`: the game
    they are not seated in yet, whose screens will name them apart from its players (`newcomers_apart`)."""
    rt.invitations.sent(who, game_id, rt.ticks())
    if not rt.refusals.first((where, who.user_id, f"{thread_key(asked)} invitation"), rt.ticks()):
        return
    reply_to = None if asked is None else thread_reply(asked)
    lang = await reader_language(rt, where.chat_id, who)  # the button under it too: only they press it
    named = (
        shown_name(who, lang)
        if coming_to is None
        else newcomers_apart(seated_people(coming_to), [who], lang)[0]
    )
    text = rt.translator.html(lang, key, name=named, blocked="yes" if blocked else "no")
    link = rt.publishing.deep_link(join_payload(game_id))
    said = await say_with_private_chat_button(rt, where, lang, text, link, reply_to, asker=who.user_id)
    if isinstance(said, Sent) and said.message_id is not None:  # their Start deletes it (private_chat)
        rt.invitations.posted(who.user_id, game_id, (where.chat_id, said.message_id), rt.ticks())
