"""The pacer's sendMessage and editMessageText, with Telegram's answer left as the JSON it came as.

PTB's `Bot.send_message` and `Bot.edit_message_text` turn the message Telegram returns into a `Message`, its
keyboard and entities included: ~0.35 ms of CPU for a hand, two writes a move, and the pacer only wants the
id of a message it sent. `Bot.do_api_request` makes the same request through the same rate limiter, HTTP
client and error mapping (RetryAfter, BadRequest, Forbidden, ChatMigrated, NetworkError) and returns the
result unparsed. Unlike the named methods it inserts no `Defaults`, so every parameter is passed here.
"""

from __future__ import annotations

import warnings
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, ReplyParameters
from telegram.constants import ParseMode
from telegram.warnings import PTBUserWarning

JSONResult = dict[str, Any] | bool  # a write's result: the message it sent or edited, or True

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
) -> JSONResult:
    """Send `html` (a reply to message `reply_to`, sent anyway when that is gone)."""
    reply = None if reply_to is None else ReplyParameters(reply_to, allow_sending_without_reply=True)
    result: JSONResult = await bot.do_api_request(
        "sendMessage",
        {
            "chat_id": chat_id,
            "text": html,
            "parse_mode": ParseMode.HTML,
            "reply_markup": reply_markup,
            "message_thread_id": thread_id,
            "reply_parameters": reply,
        },
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
            "reply_markup": reply_markup,
        },
    )
    return result


def message_id(result: object) -> int | None:
    """The id of the message a write's result is (None for True: nothing to tell)."""
    return result["message_id"] if isinstance(result, dict) else None
