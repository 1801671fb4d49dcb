"""TrackedMessageRepository: one row a group message the bot means to delete later, changed in place as its
deletion moves (a settings menu pressed), gone when it is."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import event

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
        await uow.tracked.put(-200, 6, Tracked(POSTED, due=LATER))
    async with database.unit_of_work() as uow:
        await uow.tracked.put(-100, 5, Tracked(POSTED, due=PRESSED, kind="settings-menu"))
        await uow.tracked.drop(-200, 5)
        await uow.tracked.drop(-300, 1)  # never tracked: nothing to drop
    assert await _all(database) == {
        (-100, 5): Tracked(POSTED, due=PRESSED, kind="settings-menu"),
        (-100, 6): Tracked(POSTED, kind="board:0:top:chat"),
        (-200, 6): Tracked(POSTED, due=LATER),  # the chat's other message stays tracked
    }


async def test_the_messages_posted_48_hours_ago_or_more_go_in_one_statement(database: Database) -> None:
    """Telegram no longer lets the bot delete them: a bot that never restarts dropped a board's row only when
    a newer board replaced it, so each chat, topic and board kind kept one for ever."""
    cutoff = POSTED + timedelta(hours=48)
    async with database.unit_of_work() as uow:
        await uow.tracked.put(-100, 1, Tracked(POSTED, kind="board:0:top:chat"))
        await uow.tracked.put(-100, 2, Tracked(cutoff, kind="board:0:stats:chat"))  # 48 hours, to the ms
        await uow.tracked.put(-200, 1, Tracked(cutoff + timedelta(milliseconds=1), kind="board:7:top:chat"))
        await uow.tracked.put(-200, 2, Tracked(PRESSED, due=PRESSED + timedelta(minutes=1)))
    statements: list[str] = []
    listen = event.listens_for(database.engine.sync_engine, "before_cursor_execute")

    @listen
    def _seen(conn: object, cursor: object, statement: str, *args: object) -> None:
        statements.append(statement)

    try:
        async with database.unit_of_work() as uow:
            assert await uow.tracked.drop_posted_by(cutoff) == 3
    finally:
        event.remove(database.engine.sync_engine, "before_cursor_execute", _seen)
    (dropped,) = [s for s in statements if "tracked_messages" in s]
    assert dropped.startswith("DELETE FROM tracked_messages WHERE tracked_messages.posted_at <=")
    assert await _all(database) == {
        (-200, 1): Tracked(cutoff + timedelta(milliseconds=1), kind="board:7:top:chat")
    }
