"""/notifyme: a person asks to be told in private when the next lobby opens in a chat or forum topic; the
lobby's opening takes the place's subscriptions (each is for one lobby, so it never turns into spam)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.i18n import Language
from bot.service.document import read_document
from bot.service.lobbies import upsert_person
from bot.service.model import Person, Place
from bot.service.settings import user_language
from bot.service.topic_use import TopicUse
from bot.storage import GameStatus
from bot.storage.unit_of_work import Database


class NextGame(Enum):
    """What a /notifyme did."""

    SUBSCRIBED = "subscribed"  # nothing is played here now
    SUBSCRIBED_AFTER_MATCH = "subscribed_after_match"  # to the lobby after the match under way here
    CANCELLED = "cancelled"  # they had asked already: sent again, it takes the request back
    LOBBY_OPEN = "lobby_open"  # nothing to wait for: the game is open now
    IN_LOBBY = "in_lobby"  # the game open now has them in it already


@dataclass(frozen=True)
class Subscriber:
    user_id: int
    language: Language  # of their private chat


async def toggle_next_game(
    database: Database,
    topic_use: TopicUse,
    place: Place,
    who: Person,
    chat_title: str,
    topic_title: str | None,
) -> NextGame:
    """Subscribe `who` to the next lobby of `place` (in a forum, the topic named `topic_title`), or cancel the
    subscription they have there."""
    try:
        return await _toggle(database, place, who, chat_title, topic_title)
    finally:
        if place.topic_id:  # once committed (see TopicUse)
            topic_use.used(place.chat_id)


async def _toggle(
    database: Database, place: Place, who: Person, chat_title: str, topic_title: str | None
) -> NextGame:
    async with database.unit_of_work() as uow:
        game = await uow.games.find_active(place.chat_id, place.topic_id)
        if game is not None and game.status is GameStatus.LOBBY:
            seated = who.user_id in read_document(game).players
            return NextGame.IN_LOBBY if seated else NextGame.LOBBY_OPEN
        await uow.chats.ensure(place.chat_id, chat_title)
        await upsert_person(uow, who)
        if not await uow.subscriptions.toggle(place.chat_id, place.topic_id, who.user_id, topic_title):
            return NextGame.CANCELLED
    return NextGame.SUBSCRIBED if game is None else NextGame.SUBSCRIBED_AFTER_MATCH


async def awaits_next_game(database: Database, place: Place, user_id: int) -> bool:
    """Whether `user_id` sent /notifyme in `place` and awaits its next lobby."""
    async with database.unit_of_work() as uow:
        return await uow.subscriptions.holds(place.chat_id, place.topic_id, user_id)


async def take_subscribers(
    database: Database, place: Place, opener: int, default_language: Language
) -> list[Subscriber]:
    """A lobby opened in `place`: its subscriptions end, and those to tell are returned: not the `opener`
    (they know), nor who cannot be written to (never started the bot, or blocked it)."""
    async with database.unit_of_work() as uow:
        told = []
        for user_id in await uow.subscriptions.take(place.chat_id, place.topic_id):
            user = await uow.users.get(user_id)
            if user_id == opener or user is None or not await uow.users.reachable(user_id):
                continue
            told.append(
                Subscriber(user_id, await user_language(uow, user_id, user.language_code, default_language))
            )
    return told


async def requests_into_main_chat(database: Database, chat_id: int) -> bool:
    """The chat's forum topics were turned off: the /notifyme requests made in them await the next lobby of
    its one chat, which "here" means now (False: there were none)."""
    async with database.unit_of_work() as uow:
        return await uow.subscriptions.into_main_chat(chat_id)


async def drop_subscriptions(database: Database, chat_id: int, user_id: int) -> None:
    """`user_id` left the chat: no word of its next lobby, whose Join would refuse them."""
    async with database.unit_of_work() as uow:
        await uow.subscriptions.drop(chat_id, user_id)
