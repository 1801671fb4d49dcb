"""The bot's rate limiter: a group's bucket holds its messages, not reads about the group; a 429 is logged;
tests on virtual time go without it."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from telegram.error import RetryAfter
from telegram.ext import ExtBot

from bot.config import Settings
from bot.storage import Database
from bot.tg.app import build_application
from bot.tg.rate_limiter import WriteRateLimiter
from tests.fake_bot_api import FakeClock, FakeTelegram, FloodLimits, asgi_request, base_url
from tests.virtual_wiring import on_virtual_time

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


async def test_a_flood_wait_is_one_warning_naming_the_chat_and_the_method_not_the_text(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A group's table lagged behind a 429 and the log said nothing of it (PTB's own line is left out)."""
    fake = FakeTelegram(clock=FakeClock(), flood_limits=FloodLimits(group_writes=1))  # a minute's wait
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    bot = ExtBot(
        fake.token,
        base_url=base_url("http://fake-telegram"),
        request=asgi_request(fake),
        rate_limiter=WriteRateLimiter(),
    )
    async with bot:
        await bot.send_message(group.id, "the table")
        with caplog.at_level(logging.INFO, logger="bot"), pytest.raises(RetryAfter):
            await bot.send_message(group.id, "the secret cards")
    said = [record.getMessage() for record in caplog.records if record.name.startswith("bot")]
    assert said == [f"Telegram answered 429 to sendMessage (chat {group.id}): retry after 60 s"]


async def test_a_bot_on_virtual_time_goes_without_the_limiter(
    fake: FakeTelegram, clock: FakeClock, database: Database
) -> None:
    """A settings test typing 40 commands into one group waited 3 real seconds a command from the 21st on,
    129 s once: the limiter's buckets leak on the event loop's real time, which the harnesses' virtual time
    does not move. Their Wiring (tests/virtual_wiring.py) leaves it out; Telegram's limits stay on virtual
    time (the fake's FloodLimits, the bot's WritePacer)."""
    settings = Settings(telegram_api_url="http://fake-telegram", default_language="en")
    wiring = on_virtual_time(clock, request=asgi_request(fake), get_updates_request=asgi_request(fake))
    async with build_application(settings, fake.token, database, wiring) as app:
        assert app.bot.rate_limiter is None
