"""What the players' hands showed as the bot stopped: written down at the stop (each hand's last write that
landed, as the pacer knows it), and told to the pacer at the next start, before the screens are redrawn: a
hand that would show the same costs no write, where the redraw of each was a write Telegram refused
("message is not modified"), in the bot-wide window. A crash writes nothing down: what landed before it is
not known, and every hand is redrawn."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from telegram import InlineKeyboardMarkup

from bot.storage import Database
from bot.storage.shown_at_stop import Shown
from bot.tg.pacing import Render, WritePacer

log = logging.getLogger(__name__)


async def keep(database: Database, pacer: WritePacer, messages: Iterable[tuple[int, int]]) -> None:
    """Shutdown, its writes done: what these messages (chat and message ids) show, as far as it is known."""
    shown = []
    for chat_id, message_id in messages:
        render = pacer.shown(chat_id, message_id)
        if render is not None:
            markup = None if render.reply_markup is None else render.reply_markup.to_dict()
            shown.append(Shown(chat_id, message_id, render.text, markup))
    try:
        async with database.unit_of_work() as uow:
            await uow.shown_at_stop.put(shown)
    except Exception as error:  # the next start redraws every hand, as after a crash
        log.warning("Could not write down what the hands show: %s", error)


async def recall(database: Database, pacer: WritePacer) -> None:
    """Start-up, before any write: what the last stop wrote down is on screen, and no longer kept (a crash
    later must not leave it to the next start: the hands are written to from now on)."""
    async with database.unit_of_work() as uow:
        shown = await uow.shown_at_stop.take()
    for message in shown:
        markup = None if message.markup is None else InlineKeyboardMarkup.de_json(message.markup, None)
        pacer.recall(message.chat_id, message.message_id, Render(message.text, markup))
