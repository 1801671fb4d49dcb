"""What Telegram would refuse, checked with the fake Bot API's own parser and limits."""

from __future__ import annotations

from telegram import InlineKeyboardButton

from bot.tg.callback_data import CallbackData, decode
from bot.tg.pacing import Render
from tests.fake_bot_api.html_text import parse_html, strip_text, utf16_len
from tests.fake_bot_api.methods import MAX_BUTTONS, MAX_CALLBACK_DATA_BYTES, MAX_TEXT_LENGTH


def check_text(text: str) -> str:
    """Valid Telegram HTML within the length limit (as Telegram counts it: after parsing); returns the plain
    text."""
    plain, _ = strip_text(*parse_html(text))
    assert plain and utf16_len(plain) <= MAX_TEXT_LENGTH
    return plain


def buttons(render: Render) -> list[InlineKeyboardButton]:
    markup = render.reply_markup
    return [] if markup is None else [b for row in markup.inline_keyboard for b in row]


def check_render(render: Render) -> str:
    """The text and keyboard would be accepted by Telegram; returns the plain text."""
    plain = check_text(render.text)
    found = buttons(render)
    assert len(found) <= MAX_BUTTONS
    for button in found:
        assert button.text.strip()
        if button.url is not None:
            assert button.url.startswith("https://t.me/")
            continue
        data = button.callback_data
        assert isinstance(data, str) and 1 <= len(data.encode()) <= MAX_CALLBACK_DATA_BYTES
        assert isinstance(decode(data), CallbackData)
    return plain


def pressed(render: Render) -> list[tuple[str, CallbackData]]:
    """(label, decoded data) of every callback button."""
    result = []
    for button in buttons(render):
        if isinstance(button.callback_data, str):
            data = decode(button.callback_data)
            assert isinstance(data, CallbackData)
            result.append((button.text, data))
    return result
