"""A fake Telegram Bot API for tests (and a local playground): an ASGI app plus a simulated world.

It answers `/bot<token>/<method>` the way Telegram does, including its errors: HTML parse errors, text length,
callback_data bytes, keyboard size, "message is not modified", unknown messages, 403 for users who never
started (or blocked) the bot, kicked bots, migrated groups, expired callback queries and 429 flood limits.

Usage with the real PTB stack, in-process (no socket)::

    fake = FakeTelegram(clock=clock)                 # clock: a callable returning seconds (inject a fake)
    alice = fake.add_user("Alice", language_code="ru")
    group = fake.add_group("Friends", members=[alice])
    async with asgi_bot(fake) as bot:                # a real telegram.Bot
        await bot.send_message(group.id, "<b>hi</b>", parse_mode="HTML")
    fake.user_sends(alice, group, "/new@uno_test_bot")   # becomes a getUpdates update
    query = fake.user_presses(alice, fake.last_bot_message(group), "Join")
    ...; assert query.answered
    fake.messages_in(group), fake.calls_to("sendMessage"), fake.too_many_requests_count

For an Application use `asgi_request(fake)` as `request` and `get_updates_request`, with
`base_url=base_url("http://fake-telegram")`. Served on a real socket (end-to-end, playground)::

    with serve_fake_bot_api(fake) as served:         # served.url = "http://127.0.0.1:<port>"
        ...  # TELEGRAM_API_URL=served.url; the bot calls {url}/bot<token>/<method>

Limits (`FloodLimits`) and the callback-answer timeout are constructor arguments. The fake speaks HTML
parse mode only (the bot uses nothing else); text length counts UTF-16 units after entity parsing.
"""

from .app import create_app
from .clock import FakeClock
from .errors import ApiError
from .flood import FloodLimits
from .model import ApiCall, CallbackQuery, Chat, Member, Message, User
from .server import ServedFake, asgi_bot, asgi_request, base_url, serve_fake_bot_api
from .simulation import FakeTelegram

__all__ = [
    "ApiCall",
    "ApiError",
    "CallbackQuery",
    "Chat",
    "FakeClock",
    "FakeTelegram",
    "FloodLimits",
    "Member",
    "Message",
    "ServedFake",
    "User",
    "asgi_bot",
    "asgi_request",
    "base_url",
    "create_app",
    "serve_fake_bot_api",
]
