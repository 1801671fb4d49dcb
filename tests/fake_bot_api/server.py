"""Ways to reach the fake: in-process through httpx.ASGITransport, or served on 127.0.0.1 by uvicorn."""

from __future__ import annotations

import importlib.util
import logging
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from telegram import Bot
from telegram.request import HTTPXRequest

from .app import create_app
from .simulation import FakeTelegram


class _DroppedOnPurpose(logging.Filter):
    """A chaos fault's dropped connection (`app._DroppedConnection`) makes uvicorn log an error each time;
    it is the fault working, so it is left out. Any other error of the server is still logged."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "ASGI callable returned without completing response" not in record.getMessage()


_DROPPED_ON_PURPOSE = _DroppedOnPurpose()

# httpx's ASGI transport imports sniffio at every request (to ask whether trio runs); where sniffio is not
# installed, that failed import searched sys.path each time (~0.1 ms a call). None fails it at once.
if importlib.util.find_spec("sniffio") is None:
    sys.modules["sniffio"] = None  # type: ignore[assignment]


class _JsonBodies(httpx.AsyncClient):
    """Sends a request's fields as a JSON body, as the bot's own request does (bot/tg/http.py), where PTB's
    HTTPXRequest sends them URL-encoded: quoting and unquoting them a character at a time cost the tests'
    calls ~10x the CPU of JSON (a hand's buttons are hundreds of escapes). A file still goes as multipart."""

    def build_request(self, *args: Any, **kwargs: Any) -> httpx.Request:
        if kwargs.get("data") is not None and not kwargs.get("files"):
            kwargs["json"] = kwargs.pop("data")
        return super().build_request(*args, **kwargs)


class _AsgiRequest(HTTPXRequest):
    def _build_client(self) -> httpx.AsyncClient:
        return _JsonBodies(**self._client_kwargs)


def asgi_request(fake: FakeTelegram, read_timeout: float = 60.0) -> HTTPXRequest:
    """A PTB request object whose HTTP goes straight into the fake's ASGI app (no socket), its fields in a
    JSON body as the bot sends them."""
    transport = httpx.ASGITransport(app=create_app(fake))
    return _AsgiRequest(read_timeout=read_timeout, httpx_kwargs={"transport": transport})


def base_url(server_url: str) -> str:
    """PTB's `base_url` for a served fake (PTB appends the token)."""
    return f"{server_url}/bot"


def asgi_bot(fake: FakeTelegram) -> Bot:
    """A real telegram.Bot wired to the fake in-process. Use as `async with asgi_bot(fake) as bot:`."""
    return Bot(
        fake.token,
        base_url=base_url("http://fake-telegram"),
        request=asgi_request(fake),
        get_updates_request=asgi_request(fake),
    )


@dataclass(frozen=True)
class ServedFake:
    url: str
    fake: FakeTelegram

    @property
    def api_url(self) -> str:
        """The value for TELEGRAM_API_URL: the bot calls `{api_url}/bot<token>/<method>`."""
        return self.url


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve_fake_bot_api(fake: FakeTelegram | None = None, port: int = 0) -> Iterator[ServedFake]:
    """Serve the fake on 127.0.0.1 (a free port unless given) in a background thread."""
    fake = fake or FakeTelegram()
    fake.polling_closed = False
    config = uvicorn.Config(
        create_app(fake), host="127.0.0.1", port=port or _free_port(), log_level="warning", lifespan="off"
    )
    logging.getLogger("uvicorn.error").addFilter(_DROPPED_ON_PURPOSE)  # the same filter is added once
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="fake-bot-api", daemon=True)
    thread.start()
    started = threading.Event()
    while not server.started and thread.is_alive():
        started.wait(0.01)
    if not server.started:
        raise RuntimeError("the fake Bot API server did not start")
    try:
        yield ServedFake(f"http://127.0.0.1:{config.port}", fake)
    finally:
        server.should_exit = True
        fake.polling_closed = True  # waiting getUpdates calls return so uvicorn can finish
        fake.wake_pollers()
        thread.join(timeout=10)
