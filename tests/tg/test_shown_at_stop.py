"""What the messages showed at the last stop, read back at the next start (bot.tg.shown_at_stop)."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import text
from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.storage import Database
from bot.storage.shown_at_stop import Shown
from bot.tg.pacing import Render, WritePacer
from bot.tg.shown_at_stop import recall

KEYBOARD = InlineKeyboardMarkup([[InlineKeyboardButton("🟥 5", callback_data="1:5")]])


async def test_a_row_that_no_longer_reads_is_skipped_with_one_warning(
    database: Database, pacer: WritePacer, caplog: pytest.LogCaptureFixture
) -> None:
    """(review, session 57) A keyboard written down as no longer read (by an older PTB, say) failed the
    start; (session 58) so did one whose JSON does not decode (a hand-edited database, a write cut off on a
    store without transactions). Its message is redrawn, as after a crash; the others are known to show what
    they did."""
    async with database.unit_of_work() as uow:
        await uow.shown_at_stop.put(
            [
                Shown(-1, 10, "table", KEYBOARD.to_dict()),
                Shown(-1, 11, "old table", {"inline_keyboard": [[{"label": "🟥 5"}]]}),
                Shown(7, 12, "old hand", {"keyboard": []}),
                Shown(7, 13, "answer", None),
            ]
        )
        # (PostgreSQL's jsonb holds no JSON that does not decode: there, two rows no longer read)
        cut_off = database.engine.dialect.name != "postgresql"
        if cut_off:
            await uow.session.execute(
                text(
                    "INSERT INTO shown_at_stop (chat_id, message_id, text, markup)"
                    " VALUES (7, 14, 'cut-off hand', '{\"inline_keyboard\": [[')"
                )
            )
    with caplog.at_level(logging.WARNING, logger="bot.tg.shown_at_stop"):
        await recall(database, pacer)

    assert pacer.screens() == [(-1, 10, Render("table", KEYBOARD)), (7, 13, Render("answer"))]
    assert [record.getMessage()[:45] for record in caplog.records] == [
        f"Could not read what {3 if cut_off else 2} message(s) showed at th"
    ]
    async with database.unit_of_work() as uow:
        assert await uow.shown_at_stop.take() == []  # not read again at the next start


async def test_a_single_row_that_no_longer_reads_is_warned_of_too(
    database: Database, pacer: WritePacer, caplog: pytest.LogCaptureFixture
) -> None:
    """(mutation audit, session 58) One unread row is one warning, as two are: its message is redrawn."""
    async with database.unit_of_work() as uow:
        await uow.shown_at_stop.put([Shown(7, 12, "old hand", {"keyboard": []})])
    with caplog.at_level(logging.WARNING, logger="bot.tg.shown_at_stop"):
        await recall(database, pacer)

    assert pacer.screens() == []
    assert [record.getMessage()[:45] for record in caplog.records] == [
        "Could not read what 1 message(s) showed at th"
    ]
