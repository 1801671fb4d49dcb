"""The getUpdates connection, handing PTB each pressed message with one button of its keyboard at most.

A press's update carries the pressed message whole, keyboard included: a hand's is up to ~30 buttons, and PTB
parses each into an `InlineKeyboardButton` (~0.1 ms a press for a 10-button hand) while the event loop is
busiest, at the start burst. A press is checked by its callback data, and an edit sends a keyboard of its own;
what the keyboard still tells is whether the message shows a button of the kind pressed at all: a modified
client can send any callback data on any message, and a press that redraws the message it is on (a /stop
question, a leaderboard, a menu) must not turn the table or a lobby into one. So the keyboard keeps only the
first button of the pressed kind (`offers_pressed_kind`), dropped from the JSON before PTB parses the update;
everything else of the update stays as Telegram sent it. A /kick answer's few buttons are kept whole: its
press redraws it without the removed player's (bot.tg.handlers.kick_presses).

`parse_json_payload` is BaseRequest's documented hook for decoding Telegram's answers; the bot's
getUpdates calls are the only ones on this connection (PTB's `get_updates_request`).
"""

from __future__ import annotations

from typing import Any

from telegram import CallbackQuery, Message
from telegram._utils.types import JSONDict
from telegram.request import BaseRequest

from bot.tg.callback_data import Action, encode, kind
from bot.tg.wrapped_request import WrappedRequest

# The kinds of press whose message keeps its keyboard whole (where it shows one of that kind).
_WHOLE = frozenset({kind(encode(Action.KICK, 0, 0, 0, 0))})


class UpdatesWithLeanKeyboards(WrappedRequest):
    """`inner` does the HTTP; the answers are decoded as PTB's default does, and each callback query's
    message keeps of its keyboard the first button of the pressed kind."""

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
                    _keep_pressed_kind(message, str(query.get("data", "")))
        return answer


def _keep_pressed_kind(message: dict[str, Any], data: str) -> None:
    keyboard = message.pop("reply_markup", None) or {}
    pressed = kind(data)
    for row in keyboard.get("inline_keyboard", []):
        for button in row:
            if kind(str(button.get("callback_data", ""))) == pressed:
                message["reply_markup"] = keyboard if pressed in _WHOLE else {"inline_keyboard": [[button]]}
                return


def offers_pressed_kind(query: CallbackQuery) -> bool:
    """Whether the pressed message shows a button of the kind pressed: else the press was forged (or the
    message was redrawn since into one without such buttons). An old message comes without its keyboard
    (Telegram's InaccessibleMessage): taken as showing it, as a leaderboard of last week does; the screens a
    forged press could spoil, a lobby or a table, are recent."""
    message = query.message
    if message is None:
        return False
    if not message.is_accessible:
        return True
    return isinstance(message, Message) and message.reply_markup is not None
