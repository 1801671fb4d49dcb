"""The command a group's answer is kept from repeating for (bot.tg.replies.command_of): the same command in
any case, as Telegram's clients and the bot's handlers take it ("/Stats" after "/stats" is not answered twice
within the minute)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from telegram import Chat, Message

from bot.tg.replies import command_of

GROUP = Chat(-100123, Chat.SUPERGROUP, title="Friends")


@pytest.mark.parametrize(
    ("text", "caption", "expected"),
    [
        ("/Stats@Uno_Bot all", None, ("/stats", "uno_bot")),
        ("/STOP", None, ("/stop", "")),
        (None, "/Rules@UNO_BOT", ("/rules", "uno_bot")),
        (None, None, ("", "")),
    ],
)
def test_a_command_is_read_in_lower_case_with_the_bot_it_names(
    text: str | None, caption: str | None, expected: tuple[str, str]
) -> None:
    message = Message(1, datetime(2026, 12, 7, tzinfo=UTC), GROUP, text=text, caption=caption)
    assert command_of(message) == expected
