"""What every handler needs: the runtime, who is asking, where, in which language, with which rights."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import CallbackQuery, Chat, Message, User
from telegram.constants import ChatMemberStatus
from telegram.error import ChatMigrated
from telegram.ext import ContextTypes

from bot.service import Person, Place
from bot.service.document import GameDocument, readable
from bot.service.seats import seated_in
from bot.service.settings import answer_language, chat_language, own_language, person_language
from bot.service.settings import user_language as settings_user_language
from bot.storage import GameRecord
from bot.tg.chat_rights import (
    ADMIN_STATUSES,
    ChatAdmin,
    chat_admin,
    chat_member,
    member_is_admin,
    sent_by_anonymous_admin,
)
from bot.tg.pacing import Render
from bot.tg.render import Seat
from bot.tg.render.names import PLAYER_NAME_LIMIT, held_plain, plain_game_name, plain_name
from bot.tg.runtime import Runtime
from bot.tg.send import Outcome, Sent
from bot.tg.views import seats

RUNTIME_KEY = "runtime"


def runtime(context: ContextTypes.DEFAULT_TYPE) -> Runtime:
    found = context.bot_data[RUNTIME_KEY]
    assert isinstance(found, Runtime)
    return found


def person(user: User) -> Person:
    return Person(user.id, user.full_name, user.username, user.language_code)


def shown_name(who: Person, lang: str) -> str:
    """Their name as the lobby would show it: no bidi or invisible characters, cut as a game cuts names,
    held on one line (plain text, for translator.html to escape: `held_plain`)."""
    return held_plain(plain_name(Seat(who.user_id, who.name), lang, PLAYER_NAME_LIMIT))


def seated_name(doc: GameDocument, who: Person, lang: str) -> str:
    """Their name as the game's screens show it, a second player of one name marked ("Alex ²", or
    "Alexandra Kon… ²" for two the cut makes alike): a notice under the table must name the player it does.
    One without a seat (a chat admin) as the lobby would."""
    at_table = seats(doc)
    return plain_game_name(at_table, who.user_id, lang) if who.user_id in at_table else shown_name(who, lang)


def place(message: Message) -> Place:
    """The chat, or forum topic, of the message: where a game would be "here"."""
    topic = message.message_thread_id if message.is_topic_message else None
    return Place(message.chat_id, topic or 0)


def thread(place_: Place) -> int | None:
    return place_.topic_id or None


async def group_language(rt: Runtime, chat_id: int) -> str:
    async with rt.database.unit_of_work() as uow:
        return await chat_language(uow, chat_id, rt.settings.default_language)


@dataclass(frozen=True, slots=True)
class Readers:
    """The languages of a group message meant for one person (an answer to their command, a pointer to
    them): `own`, theirs, which it is written in; `group`, the group's, in which the group's screens label
    the buttons it may name."""

    own: str
    group: str


async def readers(rt: Runtime, chat_id: int, who: Person | None) -> Readers:
    """Who reads a group answer meant for `who` (None: a bot account's post, an anonymous admin's or a
    channel's): `own_language`, and the group's."""
    default = rt.settings.default_language
    async with rt.database.unit_of_work() as uow:
        own = await own_language(uow, chat_id, who, default)
        return Readers(own, await chat_language(uow, chat_id, default))


def sender(message: Message) -> Person | None:
    """The person who sent a message (None for a bot account: an anonymous admin's, a channel's)."""
    user = message.from_user
    return None if user is None or user.is_bot else person(user)


async def reader_language(rt: Runtime, chat_id: int, who: Person | None) -> str:
    """The language of a group message meant for `who` alone (an answer to their command, a pointer to
    them): `Readers.own`, without `Readers.group`, which only one naming the group's buttons needs."""
    return await answer_language(rt.database, chat_id, who, rt.settings.default_language)


async def sender_language(rt: Runtime, message: Message) -> str:
    """The language of a group answer meant for the sender of `message` alone (`reader_language`)."""
    return await reader_language(rt, message.chat_id, sender(message))


async def user_language(rt: Runtime, user: User) -> str:
    async with rt.database.unit_of_work() as uow:
        return await settings_user_language(uow, user.id, user.language_code, rt.settings.default_language)


async def presser_language(rt: Runtime, query: CallbackQuery) -> str:
    """The language of an alert or a toast for the one who pressed, read where they pressed: as an answer
    to their command there (`asker_language`)."""
    user, chat_id = query.from_user, None if query.message is None else query.message.chat.id
    return await person_language(
        rt.database, chat_id, user.id, user.language_code, rt.settings.default_language
    )


async def can_message(rt: Runtime, user_id: int) -> bool:
    """The user opened the private chat with the bot and has not blocked it since."""
    async with rt.database.unit_of_work() as uow:
        return await uow.users.reachable(user_id)


async def games_seated_in(rt: Runtime, user_id: int) -> list[tuple[GameRecord, GameDocument]]:
    """The lobbies and matches the user has a seat in (of those whose saved data can be read)."""
    games, _ = readable(await rt.service.active_games_of(user_id))
    return seated_in(games, user_id)


async def is_admin(
    context: ContextTypes.DEFAULT_TYPE, chat: Chat, user: User, message: Message | None
) -> bool:
    if message is not None and message.sender_chat is not None:
        # A post as a channel comes from a shared placeholder account, which Telegram does not know as a
        # member (getChatMember would fail): only an anonymous admin's post counts.
        return sent_by_anonymous_admin(message)
    return await member_is_admin(context.bot, chat.id, user.id)


async def is_member(context: ContextTypes.DEFAULT_TYPE, chat_id: int, user_id: int) -> bool:
    """Whether the user is in the group now (False when the bot cannot tell: it is no longer in it).
    RightsUnknown when Telegram fails for a moment: the person is asked to try again (bot.tg.apology)."""
    try:
        member = await chat_member(context.bot, chat_id, user_id)
    except ChatMigrated:
        return False
    if member is None:
        return False
    if member.status == ChatMemberStatus.RESTRICTED:
        return bool(getattr(member, "is_member", False))
    return member.status in (*ADMIN_STATUSES, ChatMemberStatus.MEMBER)


async def presser_admin(
    context: ContextTypes.DEFAULT_TYPE, query: CallbackQuery, chat_id: int, creator: int
) -> ChatAdmin | None:
    """The presser as an admin of the game's chat (the button's, or for a /stop question asked in private,
    the group's); None when they are no admin, or the game's creator (Telegram is asked only about others)."""
    user = query.from_user
    if user.id == creator:
        return None
    return await chat_admin(context.bot, chat_id, user.id)


async def say(
    rt: Runtime,
    where: Place,
    text: str,
    render: Render | None = None,
    reply_to: int | None = None,
    lasts: float | None = None,
    *,
    asker: int,
) -> Outcome:
    """A paced message in a group (or a topic) answering `asker` (bot.tg.replies.asker), optionally a reply
    to message `reply_to`; deleted `lasts` seconds after it was posted, if given (bot.tg.fleeting). Returns
    Sent or why not."""
    assert rt.pacer is not None
    render = render or Render(text)
    outcome = await rt.pacer.send(where.chat_id, render, thread(where), reply_to, reply=True, asker=asker)
    if lasts is not None and isinstance(outcome, Sent) and outcome.message_id is not None:
        assert rt.fleeting is not None, "created with the pacer"
        rt.fleeting.delete_later(where.chat_id, outcome.message_id, lasts)
    return outcome


def say_soon(rt: Runtime, where: Place, text: str, asker: int) -> None:
    """`say`, not waited for (half a minute in a busy group): its place in the group's order taken now."""
    assert rt.pacer is not None
    rt.pacer.queue(where.chat_id, Render(text), thread(where), reply=True, asker=asker)


def join_payload(game_id: int) -> str:
    return f"join_{game_id}"
