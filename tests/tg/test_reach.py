"""Before polling: an unreachable Telegram is waited for, one warning a try, with growing pauses; a flood
limit is waited out; a rejected token or a server that is no Bot API stops the bot with one line."""

from __future__ import annotations

import logging
import socket
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest

from bot.config import ConfigError
from bot.tg.reach import wait_for_telegram
from tests.fake_bot_api import FakeTelegram, serve_fake_bot_api
from tests.fake_bot_api.errors import too_many_requests


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


async def test_a_flood_limit_at_start_up_is_waited_out() -> None:
    fake = FakeTelegram()
    fake.fail_next("getMe", too_many_requests(7))
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)

    with serve_fake_bot_api(fake) as served:
        await wait_for_telegram(fake.token, served.api_url, sleep)
    assert pauses == [7] and [call.status for call in fake.calls_to("getMe")] == [429, 200]


async def test_a_rejected_token_stops_at_once() -> None:
    with serve_fake_bot_api(FakeTelegram()) as served, pytest.raises(ConfigError) as refused:
        await wait_for_telegram("654321:NOT-THE-TOKEN", served.api_url)
    assert str(refused.value).startswith("BOT_TOKEN was rejected by Telegram")


class _WebPage(BaseHTTPRequestHandler):
    """What a mistyped TELEGRAM_API_URL may reach: a web server answering every request with a page."""

    def do_POST(self) -> None:
        body = b"<html>hello</html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


async def test_a_server_that_is_no_bot_api_stops_at_once_naming_the_url() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _WebPage)
    Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        with pytest.raises(ConfigError) as refused:
            await wait_for_telegram("123:SECRET", url)
    finally:
        server.shutdown()
        server.server_close()
    assert str(refused.value).startswith(f"TELEGRAM_API_URL={url} did not answer as a Bot API server")
    assert "SECRET" not in str(refused.value)
