"""The pacer's keyboards go as JSON made by hand: the same JSON PTB would make."""

import json

import pytest
from telegram import CopyTextButton, InlineKeyboardButton, InlineKeyboardMarkup, LoginUrl

from bot.tg.raw_writes import keyboard_json

BUTTONS = [
    InlineKeyboardButton("🟥 7", callback_data="p:12:3:4"),
    InlineKeyboardButton("My cards", url="https://t.me/unobot?start=x"),
    InlineKeyboardButton("Pay", pay=True),
    InlineKeyboardButton("Copy", copy_text=CopyTextButton("code")),  # objects: PTB converts them
    InlineKeyboardButton("Log in", login_url=LoginUrl("https://example.org/login")),
    InlineKeyboardButton("New", callback_data="n", api_kwargs={"a_future_field": "x"}),
]


@pytest.mark.parametrize("button", BUTTONS, ids=lambda button: button.text)
def test_a_keyboard_goes_as_ptb_would_send_it(button: InlineKeyboardButton) -> None:
    markup = InlineKeyboardMarkup([[button, InlineKeyboardButton("Draw", callback_data="d")], []])
    made = keyboard_json(markup)
    assert made is not None and json.loads(made) == json.loads(markup.to_json())


def test_no_keyboard_is_left_out() -> None:
    assert keyboard_json(None) is None
