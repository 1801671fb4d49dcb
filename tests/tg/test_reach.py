"""Before polling: an unreachable Telegram is waited for, one warning a try, with growing pauses."""

from __future__ import annotations

import logging
import socket

import pytest

from bot.tg.reach import wait_for_telegram


class GaveUp(Exception):
    pass


def _closed_port() -> int:
    with socket.socket() as probe:  # bound and closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_an_unreachable_telegram_is_tried_again_with_growing_pauses(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            raise GaveUp

    with caplog.at_level(logging.WARNING, logger="bot.tg.reach"), pytest.raises(GaveUp):
        await wait_for_telegram("123:SECRET", f"http://127.0.0.1:{_closed_port()}", sleep)
    assert pauses == [1.0, 2.0, 4.0]
    warnings = [record.getMessage() for record in caplog.records if record.name == "bot.tg.reach"]
    assert len(warnings) == 3 and all("Telegram is not reachable" in text for text in warnings)
