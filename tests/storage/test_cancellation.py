"""A unit of work cancelled at any moment (shutdown cancels background work) ends cleanly."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.storage import Database

# A read takes ~3 ms here: cancelling after 0, 20, 40 ... µs cuts it at every await (begin, read, commit,
# close) several times over.
CANCEL_AFTER = [i * 20e-6 for i in range(250)]


async def test_cancelling_a_unit_of_work_at_any_step_logs_no_error_and_frees_the_database(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(-1)

    async def read() -> None:
        async with database.unit_of_work() as uow:
            await uow.games.list_active()

    caplog.set_level(logging.WARNING)
    cancelled_at: list[float] = []
    for delay in CANCEL_AFTER:
        task = asyncio.create_task(read())
        await asyncio.sleep(delay)
        if task.cancel():
            cancelled_at.append(delay)
        await asyncio.gather(task, return_exceptions=True)
        # The next unit of work gets the database at once: the lock and the connection were given back.
        async with asyncio.timeout(5), database.unit_of_work() as uow:
            await uow.chats.ensure(-1)

    assert len(cancelled_at) > 10, cancelled_at  # the read was cut at many different points
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert database.engine.pool.checkedout() == 0  # type: ignore[attr-defined]
