"""The getUpdates connection, handing PTB each pressed message without its inline keyboard.

A press's update carries the pressed message whole, keyboard included: a hand's is up to ~30 buttons, and PTB
parses each into an `InlineKeyboardButton` (~0.1 ms a press for a 10-button hand) while the event loop is
busiest, at the start burst. The bot never reads a pressed message's keyboard: a press is checked by its
callback data alone, and an edit sends a keyboard of its own. So it is dropped from the JSON before PTB
parses the update; everything else of the update stays as Telegram sent it.

`parse_json_payload` is BaseRequest's documented hook for decoding Telegram's answers; the bot's
getUpdates calls are the only ones on this connection (PTB's `get_updates_request`).
"""

from __future__ import annotations

from telegram._utils.types import JSONDict
from telegram.request import BaseRequest

from bot.tg.wrapped_request import WrappedRequest


class UpdatesWithoutKeyboards(WrappedRequest):
    """`inner` does the HTTP; the answers are decoded as PTB's default does, and each callback query's
    message loses its keyboard."""

    __slots__ = ()

    @staticmethod
    def parse_json_payload(payload: bytes) -> JSONDict:
        answer = BaseRequest.parse_json_payload(payload)
        updates = answer.get("result")
        if isinstance(updates, list):  # not on an error's answer
            for update in updates:
                query = update.get("callback_query")
                message = query.get("message") if query is not None else None
                if message is not None:
                    message.pop("reply_markup", None)
        return answer
