"""ShownAtStopRepository: what the screens showed at the stop, written down in place of what a stop before
wrote, and taken once: a crash after the next start must not leave the start after it renders that are no
longer on screen (it would skip a redraw a message needs)."""

from __future__ import annotations

from bot.storage import Database
from bot.storage.shown_at_stop import Shown

TABLE = Shown(-100, 5, "<b>Friends</b>", {"inline_keyboard": [[{"text": "Play", "callback_data": "p"}]]})
HAND = Shown(7, 9, "Your cards", None)


async def _take(database: Database) -> list[Shown]:
    async with database.unit_of_work() as uow:
        return await uow.shown_at_stop.take()


async def test_what_a_stop_wrote_down_is_taken_once(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await uow.shown_at_stop.put([TABLE, HAND])
    assert sorted(await _take(database), key=lambda s: s.chat_id) == [TABLE, HAND]
    assert await _take(database) == []  # (a crash since: every screen is redrawn)


async def test_a_stop_writes_in_place_of_what_a_stop_before_wrote(database: Database) -> None:
    """A start that failed before it took them, stopped: its stop writes down what it knows."""
    async with database.unit_of_work() as uow:
        await uow.shown_at_stop.put([TABLE, HAND])
    async with database.unit_of_work() as uow:
        await uow.shown_at_stop.put([Shown(-100, 5, "<b>Friends</b> (later)", None)])
    assert await _take(database) == [Shown(-100, 5, "<b>Friends</b> (later)", None)]
