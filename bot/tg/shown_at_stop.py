"""What the bot's messages showed as it stopped: written down at the stop (each message's last write that
landed, as the pacer knows it: the games' tables and hands, those of a match that ended lately among them,
and its answers, boards and menus), and told to the pacer at the next start, before the screens are
redrawn: a table or hand that would show the same costs no write, where the redraw of each was a write
Telegram refused ("message is not modified"), in the bot-wide window (a table's in its group's too). A crash
writes nothing down: what landed before it is not known, and every screen is redrawn."""

from __future__ import annotations

import logging

from telegram import InlineKeyboardMarkup

from bot.storage import Database
from bot.storage.shown_at_stop import Shown, Undecoded
from bot.tg.pacing import Render, WritePacer

log = logging.getLogger(__name__)


async def keep(database: Database, pacer: WritePacer) -> None:
    """Shutdown, its writes done: what the messages the pacer knows of show (a few a chat written to in the
    last hour: it forgets the rest)."""
    shown = []
    for chat_id, message_id, render in pacer.screens():
        markup = None if render.reply_markup is None else render.reply_markup.to_dict()
        shown.append(Shown(chat_id, message_id, render.text, markup))
    try:
        async with database.unit_of_work() as uow:
            await uow.shown_at_stop.put(shown)
    except Exception as error:  # the next start redraws every screen, as after a crash
        log.warning("Could not write down what the screens show: %s", error)


async def recall(database: Database, pacer: WritePacer) -> None:
    """Start-up, before any write: what the last stop wrote down is on screen, and no longer kept (a crash
    later must not leave it to the next start: the screens are written to from now on). A message whose
    keyboard no longer reads (its JSON, or the keyboard in it) is not known to show anything: it is redrawn,
    as after a crash (one warning)."""
    async with database.unit_of_work() as uow:
        shown = await uow.shown_at_stop.take()
    unread: list[Exception] = []
    for message in shown:
        if isinstance(message, Undecoded):
            unread.append(message.error)
            continue
        try:
            markup = None if message.markup is None else InlineKeyboardMarkup.de_json(message.markup, None)
        except Exception as error:  # written by an older PTB, say: that message is redrawn, as after a crash
            unread.append(error)
            continue
        pacer.recall(message.chat_id, message.message_id, Render(message.text, markup))
    if unread:
        log.warning(
            "Could not read what %d message(s) showed at the last stop (%r): they are redrawn",
            len(unread),
            unread[0],
        )
