"""Work the bot runs in the background (Runtime.spawn) is awaited by nobody: its failure is logged as it
fails, once, with its traceback; a cancellation (shutdown, a task replaced) is no failure."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest

from tests.e2e.harness import World


class Broken(Exception):
    pass


async def _fails() -> None:
    raise Broken("the background work broke")


def _failures(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.levelno >= logging.ERROR]


async def test_a_failing_background_task_is_logged_once_with_its_traceback(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        task = bot.rt.spawn(_fails())
        await asyncio.wait({task})
        await asyncio.sleep(0)  # its done callbacks have run
        del task  # collected: asyncio would log "Task exception was never retrieved" had nobody retrieved it

    [failure] = _failures(caplog)
    assert failure.name == "bot.tg.runtime" and "_fails" in failure.getMessage()
    assert failure.exc_info is not None and isinstance(failure.exc_info[1], Broken)


async def test_a_failure_the_bot_waits_for_is_logged_once(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        bot.rt.spawn(_fails())
        with pytest.raises(Broken):  # a test's settle sees it too
            await bot.settle()

    assert len(_failures(caplog)) == 1


async def test_a_cancelled_background_task_is_not_logged(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    async with world.running() as bot:
        task = bot.rt.spawn(asyncio.Event().wait())
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.wait({task})
        await asyncio.sleep(0)
        assert task.cancelled()

    assert _failures(caplog) == []


async def test_a_failure_while_the_bot_stops_is_logged_once(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    """The shutdown waits for the background work (Runtime.idle), which sees the failure too."""

    async def fails_later() -> None:
        await world.clock.sleep(1)  # within the shutdown's grace
        await _fails()

    async with world.running() as bot:
        await bot.app.start()
        bot.rt.spawn(fails_later())
        await world.clock.run(bot.app.stop())
    gc.collect()  # what nobody retrieved is logged by asyncio as it is collected

    assert len(_failures(caplog)) == 1
