"""A fake Telegram Bot API for tests (and a local playground): an ASGI app plus a simulated world.

It answers `/bot<token>/<method>` the way Telegram does, including its errors: HTML parse errors, text length,
callback_data bytes, keyboard size, "message is not modified", unknown messages, 403 for users who never
started (or blocked) the bot, kicked bots, migrated groups, expired callback queries and 429 flood limits
(per group 20 writes in a rolling minute, per private chat about 1/s after a burst of 3, 30/s bot-wide).

Usage with the real PTB stack, in-process (no socket)::

    clock = FakeClock()                              # virtual time; `FakeTelegram()` alone uses time.time
    fake = FakeTelegram(clock=clock)
    alice = fake.add_user("Alice", language_code="ru")          # started_bot=False: sends to her get 403
    group = fake.add_group("Friends", members=[alice])          # supergroup=, forum=, creator=, bot_is_admin=
    async with asgi_bot(fake) as bot:                # a real telegram.Bot
        await bot.send_message(group.id, "<b>hi</b>", parse_mode="HTML")
    fake.user_sends(alice, group, "/new@uno_test_bot")          # becomes a getUpdates update
    fake.user_starts_bot(alice, "join_42")                      # /start join_42 in private
    query = fake.user_presses(alice, fake.last_bot_message(group), "Join")   # button text or data
    ...; assert query.answered and query.answer_text == "..."
    fake.messages_in(group), fake.bot_messages_in(group), message.text / .button_texts
    fake.calls, fake.calls_to("sendMessage"), fake.too_many_requests_count
    fake.fail_next("answerCallbackQuery", ApiError(502, "Bad Gateway"))     # fault injection
    fake.faults = Faults(rate=0.05)      # chaos: 429 with retry_after, 5xx, slow answers, dropped connections
    fake.time_tags = False               # a Bot API server older than 9.5: <tg-time> is refused

More people-actions: user_presses_data (stale or forged payloads), user_blocks_bot, make_admin(anonymous=),
add_topic, close_topic and hide_general (only admins post there then), turn_topics (a forum's topics off: one
chat, no thread for a topic), kick_bot_from_group, add_bot_to_group, migrate_to_supergroup, join_group,
user_forwards, linked_channel_posts (a channel's post and its automatic forward into the discussion group,
which a comment answers: user_sends(reply_to=)), add_other_bot and bot_sends (what Telegram passes on of
another bot's messages), sweep_bot_messages (an anti-spam bot deleting the bot's messages as they arrive),
set_slow_mode (a supergroup's slow mode: a new message of a bot that is no admin within its delay is held, the
request open, when it may go within 10 s, else refused with 429), turn_members_messages (a group's "Send
messages" permission off: a bot that is no admin may not send, untold, its edits go on), hold_back_updates and
hand_over_late (updates that reach the bot late, after later ones, each with the date Telegram gave it).

For an Application use `asgi_request(fake)` as `request` and `get_updates_request`, with
`base_url=base_url("http://fake-telegram")`. Served on a real socket (end-to-end, playground)::

    with serve_fake_bot_api(fake) as served:         # served.url = "http://127.0.0.1:<port>"
        ...  # TELEGRAM_API_URL=served.url; the bot calls {url}/bot<token>/<method>
        await fake.wait_for_poller()                 # sync point: a getUpdates call is waiting

Limits (`FloodLimits`), the callback-answer window (10 s, strict) and `group_privacy` are constructor args.
The fake speaks HTML parse mode only (the bot uses nothing else); text length counts UTF-16 code units after
entity parsing. Long polling waits in real time (use timeout=0 to get updates at once); everything else
(message dates, flood windows, callback expiry, the call log) follows the injected clock, and a message slow
mode holds waits on it (a FakeClock's `sleep`; `sleep=` for another clock).
"""

from .app import create_app
from .clock import FakeClock
from .errors import ApiError
from .faults import Fault, Faults
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
    "Fault",
    "Faults",
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
