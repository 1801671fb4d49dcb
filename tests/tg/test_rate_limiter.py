"""The bot's rate limiter: a group's bucket holds its messages, not reads about the group."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.tg.rate_limiter import WriteRateLimiter

GROUP = -100123


async def _call(limiter: WriteRateLimiter, method: str, done: list[str]) -> None:
    async def send(endpoint: str, data: dict[str, Any]) -> bool:
        done.append(endpoint)
        return True

    data = {"chat_id": GROUP}
    await limiter.process_request(send, (method, data), {}, method, data, None)


async def test_a_read_about_a_group_does_not_wait_for_the_groups_message_bucket() -> None:
    limiter = WriteRateLimiter(group_max_rate=1, group_time_period=60)  # one message a minute
    done: list[str] = []
    await _call(limiter, "sendMessage", done)
    held = asyncio.create_task(_call(limiter, "editMessageText", done))  # waits for a minute
    for read in ("getChatMember", "getChatAdministrators", "getChat"):
        await asyncio.wait_for(_call(limiter, read, done), timeout=10)  # a failure, not a hang
    assert done == ["sendMessage", "getChatMember", "getChatAdministrators", "getChat"]
    assert not held.done()
    held.cancel()


async def test_messages_to_a_group_still_share_its_bucket() -> None:
    limiter = WriteRateLimiter(group_max_rate=1, group_time_period=60)
    done: list[str] = []
    await _call(limiter, "sendMessage", done)
    held = asyncio.create_task(_call(limiter, "deleteMessage", done))
    await asyncio.sleep(0.05)
    assert done == ["sendMessage"] and not held.done()
    held.cancel()
