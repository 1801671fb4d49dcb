"""The final screens: after a match, the group's table and every hand show the final state, buttons gone.

What the bot should show is rendered with the bot's own renderer from the stored game, then compared with
what the fake Telegram holds (text after HTML parsing, and the keyboard).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bot.service import GameDocument
from bot.storage import Database, GameRecord
from bot.tg import render
from bot.tg.pacing import Render
from bot.tg.views import hand_view, table_view
from tests.e2e.harness import buttons
from tests.fake_bot_api import FakeTelegram, Message
from tests.fake_bot_api.html_text import parse_html, strip_text
from tests.reliability.players import Table
from tests.reliability.process import database_url


def _shown(message: Message | None) -> tuple[str | None, Any]:
    return (None, None) if message is None else (message.text, message.reply_markup)


def _expected(shown: Render) -> tuple[str | None, Any]:
    text, _ = strip_text(*parse_html(shown.text))
    markup = shown.reply_markup.to_dict() if shown.reply_markup is not None else None
    return text, markup if markup and markup.get("inline_keyboard") else None


async def _load(database: Path, game_id: int) -> tuple[GameRecord, GameDocument]:
    db = Database.connect(database_url(database))
    try:
        async with db.unit_of_work() as uow:
            record = await uow.games.get(game_id)
    finally:
        await db.dispose()
    assert record is not None
    return record, GameDocument.from_dict(record.state)


async def final_screen_problems(fake: FakeTelegram, database: Path, table: Table) -> list[str]:
    """What differs between the final state of the table's game and the screens people see."""
    record, doc = await _load(database, table.game_id)
    problems = []
    now = int(time.time() * 1000)
    username = fake.bot.username or ""
    if record.status != "finished":
        problems.append(f"game {record.id} is {record.status}")
    group_lang = "en"
    if record.table_message_id is None:
        return [*problems, f"game {record.id} has no table message"]
    on_table = fake.messages.get((record.chat_id, record.table_message_id))
    wanted = _expected(render.table(table_view(record, doc, now, username), group_lang))
    if _shown(on_table) != wanted:
        problems.append(f"game {record.id}: the table shows {_shown(on_table)!r}, not {wanted!r}")
    for user in table.people:
        hand = _newest_hand(fake, user.id, record.id)
        lang = "ru" if user.language_code == "ru" else "en"
        wanted = _expected(render.hand(hand_view(record, doc, user.id, 0, now), lang))
        if _shown(hand) != wanted:
            problems.append(f"game {record.id}: {user.first_name} sees {_shown(hand)!r}, not {wanted!r}")
    return problems


def _newest_hand(fake: FakeTelegram, user_id: int, game_id: int) -> Message | None:
    """The newest hand message of this game in the private chat (after the match it has no buttons)."""
    found = None
    for (chat_id, _), message in sorted(fake.messages.items()):
        if chat_id != user_id or message.from_user is None or message.from_user.id != fake.bot.id:
            continue
        if message.reply_markup is None or any(data.game_id == game_id for _, data in buttons(message)):
            found = message
    return found
