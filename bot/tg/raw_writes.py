"""The pacer's sendMessage and editMessageText, with Telegram's answer left as the JSON it came as.

PTB's `Bot.send_message` and `Bot.edit_message_text` turn the message Telegram returns into a `Message`, its
keyboard and entities included: ~0.35 ms of CPU for a hand, two writes a move, and the pacer only wants the
id of a message it sent. `Bot.do_api_request` makes the same request through the same rate limiter, HTTP
client and error mapping (RetryAfter, BadRequest, Forbidden, ChatMigrated, NetworkError) and returns the
result unparsed. Unlike the named methods it inserts no `Defaults`, so every parameter is passed here.

The keyboard goes as JSON made here: PTB's generic `TelegramObject.to_dict` reads every slot of every
button through its class hierarchy, ~0.15 ms for a hand's keyboard against ~0.03 ms here.
"""

from __future__ import annotations

import json
import warnings
from typing import Any

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, ReplyParameters
from telegram.constants import ParseMode
from telegram.warnings import PTBUserWarning

from .http import DEFAULT_TIMEOUT

JSONResult = dict[str, Any] | bool  # a write's result: the message it sent or edited, or True
_BUTTON_FIELDS = InlineKeyboardButton.__slots__
_PLAIN = (str, int)  # JSON as they are (bool is an int); anything else is left to PTB
# A supergroup's slow mode binds a bot that is no admin; a new message it would let through within 10 s is
# held by the Bot API server, which answers once it is sent (tdlib/telegram-bot-api#75). Given up on after
# the usual 5 s, it was taken for lost and sent again (held in turn): the group got it two or three times.
# Waited for longer instead; getUpdates, edits and all else keep their timeouts, and stopping the bot cancels
# a send in flight.
SLOW_MODE_HOLD = 10.0
SEND_READ_TIMEOUT = SLOW_MODE_HOLD + DEFAULT_TIMEOUT
# No text carries a link of its own, but a name or a chat title may read as a web address
# ("alex.example.com"): Telegram would show a card of that site under the table or a hand, anew at every edit.
NO_PREVIEW = json.dumps({"is_disabled": True})  # LinkPreviewOptions, as the Bot API takes it

# do_api_request asks for the named method whenever there is one; here it is chosen for what it leaves out.
warnings.filterwarnings(
    "ignore", message=r"Please use 'Bot\.(sendMessage|editMessageText)'", category=PTBUserWarning
)


async def send_message(
    bot: Bot,
    chat_id: int,
    html: str,
    reply_markup: InlineKeyboardMarkup | None,
    thread_id: int | None = None,
    reply_to: int | None = None,
    silent: bool = False,
) -> JSONResult:
    """Send `html` (a reply to message `reply_to`, sent anyway when that is gone); `silent`: the members'
    phones show it without a sound."""
    reply = None if reply_to is None else ReplyParameters(reply_to, allow_sending_without_reply=True)
    result: JSONResult = await bot.do_api_request(
        "sendMessage",
        {
            "chat_id": chat_id,
            "text": html,
            "parse_mode": ParseMode.HTML,
            "reply_markup": keyboard_json(reply_markup),
            "message_thread_id": thread_id,
            "reply_parameters": reply,
            "disable_notification": silent or None,
            "link_preview_options": NO_PREVIEW,
        },
        read_timeout=SEND_READ_TIMEOUT,
    )
    return result


async def edit_message_text(
    bot: Bot, chat_id: int, message_id: int, html: str, reply_markup: InlineKeyboardMarkup | None
) -> JSONResult:
    result: JSONResult = await bot.do_api_request(
        "editMessageText",
        {
            "chat_id": chat_id,
            "message_id": message_id,
            "text": html,
            "parse_mode": ParseMode.HTML,
            "reply_markup": keyboard_json(reply_markup),
            "link_preview_options": NO_PREVIEW,
        },
    )
    return result


def message_id(result: object) -> int | None:
    """The id of the message a write's result is (None for True: nothing to tell)."""
    return result["message_id"] if isinstance(result, dict) else None


def keyboard_json(markup: InlineKeyboardMarkup | None) -> str | None:
    """`markup` as the Bot API takes it, as `markup.to_json()` would make it."""
    if markup is None:
        return None
    return json.dumps(
        {"inline_keyboard": [[_button(button) for button in row] for row in markup.inline_keyboard]}
    )


def _button(button: InlineKeyboardButton) -> dict[str, Any]:
    if button.api_kwargs:
        return button.to_dict()
    fields: dict[str, Any] = {}
    for name in _BUTTON_FIELDS:
        value = getattr(button, name)
        if value is None:
            continue
        if not isinstance(value, _PLAIN):  # a login URL, a web app, ...: PTB's own conversion
            return button.to_dict()
        fields[name] = value
    return fields
