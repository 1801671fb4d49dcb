"""Updates from simulated people: long polling, callback queries, the flood limits, a real Application."""

import asyncio

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import BadRequest, Conflict, RetryAfter
from telegram.ext import (
    AIORateLimiter,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
)

from bot.tg.send import retry_after_seconds
from tests.fake_bot_api import (
    FakeClock,
    FakeTelegram,
    FloodLimits,
    asgi_request,
    base_url,
    serve_fake_bot_api,
)

JOIN = InlineKeyboardMarkup([[InlineKeyboardButton("Join", callback_data="join:1")]])


async def test_updates_are_confirmed_by_offset_and_limited(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    for n in range(3):
        fake.user_starts_bot(alice, f"p{n}")
    first = await bot.get_updates(limit=2)
    assert [u.message.text for u in first] == ["/start p0", "/start p1"]  # type: ignore[union-attr]
    again = await bot.get_updates(offset=first[-1].update_id + 1)
    assert [u.message.text for u in again] == ["/start p2"]  # type: ignore[union-attr]
    assert await bot.get_updates(offset=again[-1].update_id + 1, timeout=0) == ()


async def test_commands_get_bot_command_entities(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    fake.user_sends(alice, group, "/new@uno_test_bot now")
    [update] = await bot.get_updates()
    message = update.message
    assert message is not None
    assert message.parse_entities(["bot_command"]).popitem()[1] == "/new@uno_test_bot"


async def test_a_long_poll_wakes_up_when_an_update_arrives(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    poll = asyncio.create_task(bot.get_updates(timeout=30))
    await fake.wait_for_poller()
    fake.user_starts_bot(alice)
    updates = await asyncio.wait_for(poll, 10)
    assert [u.message.text for u in updates] == ["/start"]  # type: ignore[union-attr]


async def test_a_second_poller_ends_the_first_with_conflict(bot: Bot, fake: FakeTelegram) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=30))
    await fake.wait_for_poller()
    second = asyncio.create_task(bot.get_updates(timeout=0))
    with pytest.raises(Conflict, match="terminated by other getUpdates request"):
        await first
    assert await second == ()


async def test_allowed_updates_filter_what_is_delivered(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    sent = await bot.send_message(alice.id, "pick", reply_markup=JOIN)
    fake.user_sends(alice, fake.private_chat(alice), "hello")
    fake.user_presses(alice, fake.messages_in(fake.private_chat(alice))[0], "Join")
    assert sent.message_id == 1
    updates = await bot.get_updates(allowed_updates=["callback_query"])
    assert [u.callback_query.data for u in updates] == ["join:1"]  # type: ignore[union-attr]


async def test_callback_queries_are_answered_once_and_in_time(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    table = await bot.send_message(group.id, "table", reply_markup=JOIN)
    press = fake.user_presses(alice, fake.last_bot_message(group), "join:1")
    [update] = await bot.get_updates()
    assert update.callback_query is not None and update.callback_query.message.message_id == table.message_id
    await update.callback_query.answer("Not your turn", show_alert=True)
    assert (press.answered, press.answer_text, press.show_alert) == (True, "Not your turn", True)
    with pytest.raises(
        BadRequest, match="Query is too old and response timeout expired or query id is invalid"
    ):
        await bot.answer_callback_query(press.id)
    for url in ("https://example.org/", "https://t.me/someone_else_bot?start=x"):
        refused = fake.user_presses(alice, fake.last_bot_message(group), "Join")
        with pytest.raises(BadRequest, match=r"(?i)url_invalid"):
            await bot.answer_callback_query(refused.id, url=url)
    late = fake.user_presses(alice, fake.last_bot_message(group), "Join")
    clock.advance(fake.callback_answer_timeout + 1)
    with pytest.raises(BadRequest, match="Query is too old"):
        await bot.answer_callback_query(late.id)
    assert not late.answered


async def test_presses_of_old_keyboards_and_forged_data(bot: Bot, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob")
    hand = await bot.send_message(alice.id, "hand", reply_markup=JOIN)
    await bot.edit_message_reply_markup(alice.id, hand.message_id, reply_markup=None)
    stored = fake.last_bot_message(fake.private_chat(alice))
    with pytest.raises(LookupError):
        fake.user_presses(alice, stored, "Join")  # the button is gone from the message
    fake.user_presses_data(alice, stored, "join:1")  # but an old screen may still send it
    with pytest.raises(LookupError):
        fake.user_presses_data(bob, stored, "join:1")  # nobody presses in another's private chat
    [update] = await bot.get_updates()
    assert update.callback_query is not None and update.callback_query.data == "join:1"


async def test_anonymous_admins_post_as_the_group(bot: Bot, fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice], supergroup=True)
    fake.make_admin(alice, group, anonymous=True)
    fake.user_sends(alice, group, "/new")
    [update] = await bot.get_updates()
    assert update.message is not None and update.message.sender_chat is not None
    assert update.message.sender_chat.id == group.id
    assert update.message.from_user is not None and update.message.from_user.username == "GroupAnonymousBot"


async def test_a_linked_channel_comments_under_its_own_post(bot: Bot, fake: FakeTelegram) -> None:
    """A member of the discussion group writing as its linked channel, in the comments of one of its posts:
    the channel is the sender_chat, the message is in the post's thread, as is the bot's answer to it."""
    group = fake.add_group("News chat", supergroup=True)
    news = fake.add_channel("News", with_bot=False)
    post = fake.linked_channel_posts(news, group, "Game night!")
    comment = fake.channel_sends(news, group, "/join", reply_to=post)
    *_, update = await bot.get_updates()
    sent = update.message
    assert sent is not None and sent.sender_chat is not None and sent.sender_chat.id == news.id
    assert sent.from_user is not None and sent.from_user.username == "Channel_Bot"
    assert sent.message_thread_id == post.message_id and not sent.is_topic_message
    assert sent.reply_to_message is not None and sent.reply_to_message.is_automatic_forward
    answer = await bot.send_message(group.id, "hi", reply_to_message_id=comment.message_id)
    assert answer.message_thread_id == post.message_id


async def test_privacy_mode_hides_plain_group_chatter(clock: FakeClock) -> None:
    fake = FakeTelegram(clock=clock, group_privacy=True)
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    fake.user_sends(alice, group, "just talking")
    fake.user_sends(alice, group, "/play")
    assert [u["message"]["text"] for u in fake.pending_updates] == ["/play"]


async def test_group_writes_beyond_20_a_minute_get_429(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    table = await bot.send_message(group.id, "0")
    for n in range(1, 20):
        clock.advance(1)
        await bot.edit_message_text(str(n), group.id, table.message_id)
    with pytest.raises(RetryAfter) as raised:
        await bot.send_message(group.id, "one too many")
    assert retry_after_seconds(raised.value) == 41  # the first write leaves the window at t=60
    assert fake.calls[-1].response["parameters"] == {"retry_after": 41}
    clock.advance(41)
    await bot.send_message(group.id, "fine again")
    assert fake.too_many_requests_count == 1


async def test_private_chats_allow_a_small_burst_then_one_per_second(
    bot: Bot, fake: FakeTelegram, clock: FakeClock
) -> None:
    alice, bob = fake.add_user("Alice", started_bot=True), fake.add_user("Bob", started_bot=True)
    for n in range(3):
        await bot.send_message(alice.id, f"hand {n}")
    with pytest.raises(RetryAfter):
        await bot.send_message(alice.id, "too fast")
    await bot.send_message(bob.id, "other chats have their own budget")
    clock.advance(1)
    await bot.send_message(alice.id, "after a second")


async def test_more_than_30_writes_a_second_across_chats_get_429(bot: Bot, fake: FakeTelegram) -> None:
    users = [fake.add_user(f"P{n}", started_bot=True) for n in range(31)]
    for user in users[:30]:
        await bot.send_message(user.id, "your hand")
    with pytest.raises(RetryAfter):
        await bot.send_message(users[30].id, "your hand")
    assert fake.calls[-1].response["parameters"] == {"retry_after": 1}


async def test_limits_are_configurable(clock: FakeClock) -> None:
    fake = FakeTelegram(clock=clock, flood_limits=FloodLimits(group_writes=2, group_window=10))
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    async with Bot(fake.token, base_url=base_url("http://fake"), request=asgi_request(fake)) as bot:
        await bot.send_message(group.id, "1")
        await bot.send_message(group.id, "2")
        with pytest.raises(RetryAfter):
            await bot.send_message(group.id, "3")


async def test_long_polling_delivers_updates_to_an_application(fake: FakeTelegram) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    created, answered = asyncio.Event(), asyncio.Event()

    async def new_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        await context.bot.send_message(update.effective_chat.id, "Game created", reply_markup=JOIN)
        created.set()

    async def join(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.callback_query is not None
        await update.callback_query.answer("Joined")
        answered.set()

    app = (
        ApplicationBuilder()
        .token(fake.token)
        .base_url(base_url("http://fake"))
        .request(asgi_request(fake))
        .get_updates_request(asgi_request(fake))
        .rate_limiter(AIORateLimiter())  # as in production
        .build()
    )
    app.add_handler(CommandHandler("new", new_game))
    app.add_handler(CallbackQueryHandler(join))
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(timeout=5)
        fake.user_sends(alice, group, "/new@uno_test_bot")
        await asyncio.wait_for(created.wait(), 10)
        press = fake.user_presses(alice, fake.last_bot_message(group), "Join")
        await asyncio.wait_for(answered.wait(), 10)
        await app.updater.stop()
        await app.stop()
    assert press.answer_text == "Joined"
    assert fake.last_bot_message(group).text == "Game created"


def test_served_on_localhost_for_end_to_end_runs() -> None:
    fake = FakeTelegram()
    alice = fake.add_user("Alice")

    async def scenario(url: str) -> list[str]:
        async with Bot(fake.token, base_url=base_url(url)) as bot:
            poll = asyncio.create_task(bot.get_updates(timeout=10))
            await fake.wait_for_poller()
            fake.user_starts_bot(alice, "deep")
            return [u.message.text for u in await poll]  # type: ignore[union-attr]

    with serve_fake_bot_api(fake) as served:
        assert served.url.startswith("http://127.0.0.1:")
        assert asyncio.run(scenario(served.url)) == ["/start deep"]
