"""A supergroup's slow mode holding a new message of the bot on the server (the request open until it is
sent), against the bot's own HTTP client on real sockets and its pacer. At a tenth of the scale: a slow mode
of 1 s and a read timeout of 0.5 s stand for the common 10 s and the bot's default 5 s."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from telegram import Bot

from bot.tg.http import DEFAULT_TIMEOUT, AiohttpRequest
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Sent
from tests.fake_bot_api import FakeTelegram, ServedFake, serve_fake_bot_api

SCALE = 0.1


@pytest.fixture
def served() -> Iterator[ServedFake]:
    with serve_fake_bot_api(FakeTelegram()) as served:  # on real time
        yield served


async def test_a_message_held_back_by_slow_mode_is_posted_once(served: ServedFake) -> None:
    """The server answered the held message after the read timeout: the pacer took it for lost and sent it
    again, held in turn, so the group got the results (or a table) two to four times."""
    fake = served.fake
    group = fake.add_group("Slow", members=[fake.add_user("Alice")], supergroup=True)
    fake.set_slow_mode(group, round(10 * SCALE))
    request = AiohttpRequest(read_timeout=DEFAULT_TIMEOUT * SCALE)
    async with Bot(fake.token, base_url=f"{served.api_url}/bot", request=request) as bot:
        pacer = WritePacer(bot)
        try:
            table = await pacer.send(group.id, Render("table"))
            results = await pacer.send(group.id, Render("results"))  # held for the rest of the delay
        finally:
            await pacer.aclose()
    assert isinstance(table, Sent) and isinstance(results, Sent)
    assert [m.text for m in fake.bot_messages_in(group)] == ["table", "results"]
