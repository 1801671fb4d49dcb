"""CPU per Bot API call: PTB's HTTPXRequest against the bot's AiohttpRequest (bot/tg/http.py).

    python -m bench.http_client [--calls 1500]

Both post the same sendMessage body to the in-repo fake Bot API served on 127.0.0.1, one call at a time and
16 in flight, and print the CPU time of the calling thread per call (the fake runs in its own thread, so
its work is not counted) and the wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import time

from telegram.request import BaseRequest, HTTPXRequest, RequestData
from telegram.request._requestparameter import RequestParameter

from bot.tg.http import AiohttpRequest
from tests.fake_bot_api import FakeTelegram, FloodLimits, serve_fake_bot_api

IN_FLIGHT = (1, 16)


async def _measure(
    request: BaseRequest, url: str, body: RequestData, calls: int, in_flight: int
) -> tuple[float, float]:
    """CPU microseconds per call of this thread, and the wall seconds of all calls."""
    slots = asyncio.Semaphore(in_flight)

    async def call() -> None:
        async with slots:
            status, _ = await request.do_request(url, "POST", body)
            assert status == 200, status

    cpu, wall = time.thread_time(), time.perf_counter()
    await asyncio.gather(*(call() for _ in range(calls)))
    return (time.thread_time() - cpu) / calls * 1e6, time.perf_counter() - wall


async def _run(base: str, chat_id: int, calls: int) -> list[str]:
    body = RequestData(
        [RequestParameter("chat_id", chat_id, None), RequestParameter("text", "x" * 200, None)]
    )
    lines = []
    for name, request in (
        ("httpx (PTB's HTTPXRequest)", HTTPXRequest(connection_pool_size=256)),
        ("aiohttp (bot.tg.http.AiohttpRequest)", AiohttpRequest()),
    ):
        await request.initialize()
        try:
            await _measure(request, f"{base}/sendMessage", body, 50, 1)  # warm up: connections, imports
            for in_flight in IN_FLIGHT:
                cpu, wall = await _measure(request, f"{base}/sendMessage", body, calls, in_flight)
                lines.append(
                    f"{name}, {in_flight} in flight: {cpu:.0f} µs CPU a call; {calls} in {wall:.2f} s"
                )
        finally:
            await request.shutdown()
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--calls", type=int, default=1500)
    args = parser.parse_args()
    fake = FakeTelegram(flood_limits=FloodLimits(enabled=False))  # the client is measured, not Telegram
    reader = fake.add_user("Reader", started_bot=True)
    with serve_fake_bot_api(fake) as served:
        print("\n".join(asyncio.run(_run(f"{served.api_url}/bot{fake.token}", reader.id, args.calls))))


if __name__ == "__main__":
    main()
