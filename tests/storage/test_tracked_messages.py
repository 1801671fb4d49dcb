"""TrackedMessageRepository: one row a group message the bot means to delete later, changed in place as its
deletion moves (a settings menu pressed), gone when it is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.storage import Database
from bot.storage.tracked_messages import Tracked

POSTED = datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
LATER = POSTED + timedelta(minutes=10)
PRESSED = LATER + timedelta(minutes=3)


async def _all(database: Database) -> dict[tuple[int, int], Tracked]:
    async with database.unit_of_work() as uow:
        return await uow.tracked.all()


async def test_a_tracked_message_is_one_row_changed_in_place_and_dropped(database: Database) -> None:
    async with database.unit_of_work() as uow:  # no chat row needed: any group's answer is tracked
        await uow.tracked.put(-100, 5, Tracked(POSTED, due=LATER, kind="settings-menu"))
        await uow.tracked.put(-100, 6, Tracked(POSTED, kind="board:0:top:chat"))
        await uow.tracked.put(-200, 5, Tracked(POSTED, kind="game:1:reach:7"))
    async with database.unit_of_work() as uow:
        await uow.tracked.put(-100, 5, Tracked(POSTED, due=PRESSED, kind="settings-menu"))
        await uow.tracked.drop(-200, 5)
        await uow.tracked.drop(-300, 1)  # never tracked: nothing to drop
    assert await _all(database) == {
        (-100, 5): Tracked(POSTED, due=PRESSED, kind="settings-menu"),
        (-100, 6): Tracked(POSTED, kind="board:0:top:chat"),
    }
