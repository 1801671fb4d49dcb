"""PTB's requests over aiohttp.

PTB's own HTTPXRequest spends about 1 ms of CPU per Bot API call on one connection and about 2 ms with
16 in flight (httpx and httpcore's pool); aiohttp spends 0.2-0.3 ms (`python -m bench.http_client`).
A move is four or five calls and the bot runs in one event loop, so with httpx a burst of presses queued
behind each other's requests and the press-to-answer p99 passed 100 ms while the CPU sat half idle.

Bodies are JSON objects of PTB's fields (strings raw, everything else JSON-encoded: Telegram reads each
field by its declared type either way), multipart when a file is attached. Not the form encoding PTB's
own client uses: aiohttp URL-encodes a form in Python byte by byte, ~0.1 ms of CPU for a hand's text and
keyboard against ~0.01 ms for JSON. aiohttp has no write timeout, so `write_timeout` is not used; the
connect, pool and read timeouts are.
"""

from __future__ import annotations

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

DEFAULT_TIMEOUT = 5.0  # seconds, as HTTPXRequest's defaults
DEFAULT_POOL_TIMEOUT = 1.0


class AiohttpRequest(BaseRequest):
    __slots__ = ("_connect_timeout", "_connections", "_pool_timeout", "_read_timeout", "_session")

    def __init__(
        self,
        connection_pool_size: int = 256,
        read_timeout: float | None = DEFAULT_TIMEOUT,
        connect_timeout: float | None = DEFAULT_TIMEOUT,
        pool_timeout: float | None = DEFAULT_POOL_TIMEOUT,
    ) -> None:
        self._connections = connection_pool_size
        self._read_timeout = read_timeout
        self._connect_timeout = connect_timeout
        self._pool_timeout = pool_timeout
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return self._read_timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self._connections)
            self._session = aiohttp.ClientSession(
                connector=connector, headers={"User-Agent": self.USER_AGENT}
            )

    async def shutdown(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        session = self._session
        if session is None or session.closed:
            raise RuntimeError("This AiohttpRequest is not initialized!")
        connect = _chosen(connect_timeout, self._connect_timeout)
        pool = _chosen(pool_timeout, self._pool_timeout)
        timeout = aiohttp.ClientTimeout(
            # aiohttp's `connect` covers waiting for a pooled connection and connecting
            connect=None if connect is None or pool is None else connect + pool,
            sock_connect=connect,
            sock_read=_chosen(read_timeout, self._read_timeout),
        )
        try:
            form, fields = _body(request_data)
            async with session.request(method, url, data=form, json=fields, timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as error:  # aiohttp's timeouts derive from it
            raise TimedOut from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{error.__class__.__name__}: {error}") from error


def _chosen(value: ODVInput[float], default: float | None) -> float | None:
    return default if isinstance(value, DefaultValue) else value


def _body(request_data: RequestData | None) -> tuple[aiohttp.FormData | None, dict[str, str] | None]:
    """aiohttp's `data` (a multipart form, when a file is attached) and `json` (the fields otherwise)."""
    if request_data is None:
        return None, None
    if not request_data.contains_files:
        return None, request_data.json_parameters
    form = aiohttp.FormData(request_data.json_parameters)
    for name, (filename, content, mime_type) in request_data.multipart_data.items():
        form.add_field(name, content, filename=filename, content_type=mime_type)
    return form, None
