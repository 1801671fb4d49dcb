"""The word in private to those who asked (/notifyme) to hear when the next lobby opens in a chat or topic."""

from __future__ import annotations

import asyncio

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.service import Outcome, Person, Place
from bot.service.next_game import take_subscribers
from bot.storage import GameStatus
from bot.tg.handlers.common import join_payload, shown_name
from bot.tg.pacing import Render
from bot.tg.render.text import game_title, plain_title
from bot.tg.runtime import Runtime


async def tell_subscribers(
    rt: Runtime, opener: Person, outcome: Outcome, published: asyncio.Task[None]
) -> None:
    """Each subscriber of the new lobby's place (but its opener) gets a message in their own language with
    the lobby's join link; the place's subscriptions end. After the lobby is shown: never ahead of it. One
    who blocked the bot meanwhile is dropped by the pacer's 403, like any unreachable chat."""
    await published
    game = outcome.game
    if not await _shown(rt, game.id):  # refused (a forum topic closed to the bot), or stopped: none to join
        return
    where = Place(game.chat_id, game.topic_id)
    subscribers = await take_subscribers(rt.database, where, opener.user_id, rt.settings.default_language)
    link = rt.publishing.deep_link(join_payload(game.id))  # its /start joins, as the lobby's own link
    for subscriber in subscribers:
        lang = subscriber.language
        chat = plain_title(game_title(outcome.doc, lang), lang)  # names the topic too, in a forum
        text = rt.translator.html(lang, "notify-lobby-opened", chat=chat, name=shown_name(opener, lang))
        button = InlineKeyboardButton(rt.translator.t(lang, "button-join"), url=link)
        rt.tell(subscriber.user_id, Render(text, InlineKeyboardMarkup([[button]])))


async def _shown(rt: Runtime, game_id: int) -> bool:
    """Whether the new lobby is in its group (or became a match at once) and still open."""
    loaded = await rt.service.load(game_id)
    if loaded is None or not loaded[0].active:
        return False
    record = loaded[0]
    return record.status is not GameStatus.LOBBY or record.table_message_id is not None
