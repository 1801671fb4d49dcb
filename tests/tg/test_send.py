"""Safe sends: Telegram's failures become typed outcomes; callback answers survive 429 and 5xx."""

import warnings

import pytest
from telegram import Bot
from telegram.error import RetryAfter
from telegram.warnings import PTBDeprecationWarning

from bot.tg.raw_writes import edit_message_text, send_message
from bot.tg.send import (
    ChatMoved,
    Rejected,
    Sent,
    Unreachable,
    answer_callback_query,
    deliver,
    may_not_post,
    retry_after_seconds,
)
from tests.fake_bot_api import ApiError, FakeClock, FakeTelegram
from tests.fake_bot_api.errors import bad_request, too_many_requests


class RecordingSleep:
    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.clock.advance(seconds)


@pytest.fixture
def sleep(clock: FakeClock) -> RecordingSleep:
    return RecordingSleep(clock)


@pytest.mark.parametrize("opt_in", ["1", ""])
def test_retry_after_is_read_in_seconds_with_or_without_ptb_timedelta(
    monkeypatch: pytest.MonkeyPatch, opt_in: str
) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", opt_in)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)  # PTB's own constructor warns without opt-in
        error = RetryAfter(7)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert retry_after_seconds(error) == 7.0


async def test_callback_answers_are_retried_after_429_and_5xx(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep, caplog: pytest.LogCaptureFixture
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    await bot.send_message(
        alice.id, "hand", reply_markup={"inline_keyboard": [[{"text": "7", "callback_data": "p"}]]}
    )
    press = fake.user_presses(alice, fake.last_bot_message(fake.private_chat(alice)), "7")
    fake.fail_next("answerCallbackQuery", too_many_requests(3))
    fake.fail_next("answerCallbackQuery", ApiError(502, "Bad Gateway"))
    outcome = await answer_callback_query(bot, press.id, "Played", sleep=sleep)
    assert outcome == Sent()
    assert (press.answered, press.answer_text) == (True, "Played")
    assert sleep.waits == [3, 0.5]
    assert [call.status for call in fake.calls_to("answerCallbackQuery")] == [429, 502, 200]
    # The log said "Telegram write to 0 failed": no chat has the id 0.
    assert [r.getMessage() for r in caplog.records if r.name == "bot.tg.send"] == [
        "Telegram answer to a press failed (Bad Gateway); retrying"
    ]


async def test_a_stale_callback_answer_is_a_rejection_not_a_crash(bot: Bot, sleep: RecordingSleep) -> None:
    outcome = await answer_callback_query(bot, "123", sleep=sleep)
    assert isinstance(outcome, Rejected) and "too old" in outcome.reason.lower()
    assert sleep.waits == []


async def test_flood_waits_longer_than_the_limit_give_up(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    fake.fail_next("sendMessage", too_many_requests(300))
    outcome = await deliver(alice.id, lambda: bot.send_message(alice.id, "hi"), sleep, max_wait=60)
    assert isinstance(outcome, Rejected) and sleep.waits == []


async def test_failures_are_classified(bot: Bot, fake: FakeTelegram, sleep: RecordingSleep) -> None:
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    unreachable = await deliver(alice.id, lambda: bot.send_message(alice.id, "hi"), sleep)
    assert unreachable == Unreachable(alice.id, "Forbidden: bot can't initiate conversation with a user")

    sent = await deliver(group.id, lambda: send_message(bot, group.id, "table", None), sleep)
    assert isinstance(sent, Sent) and sent.message_id is not None
    message_id = sent.message_id
    same = await deliver(group.id, lambda: edit_message_text(bot, group.id, message_id, "table", None), sleep)
    assert same == Sent()  # "message is not modified" means the screen is right

    gone = await deliver(group.id, lambda: bot.edit_message_text("x", group.id, 999), sleep)
    assert gone == Rejected("Message to edit not found")

    supergroup = fake.migrate_to_supergroup(group)
    moved = await deliver(group.id, lambda: bot.send_message(group.id, "hi"), sleep)
    assert moved == ChatMoved(group.id, supergroup.id)
    assert sleep.waits == []


async def test_network_failures_back_off_longer_each_time_until_the_write_is_given_up(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    for _ in range(4):
        fake.fail_next("sendMessage", ApiError(502, "Bad Gateway"))
    outcome = await deliver(alice.id, lambda: bot.send_message(alice.id, "hi"), sleep)
    assert isinstance(outcome, Rejected) and outcome.reason.startswith("gave up after 4 attempts")
    assert sleep.waits[:3] == [0.5, 1.0, 2.0]  # (a fourth wait, after the last try, is needless)
    assert [call.status for call in fake.calls_to("sendMessage")] == [502] * 4


async def test_a_flood_wait_of_just_the_limit_is_waited_out(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep
) -> None:
    alice = fake.add_user("Alice", started_bot=True)
    fake.fail_next("sendMessage", too_many_requests(60))
    outcome = await deliver(alice.id, lambda: bot.send_message(alice.id, "hi"), sleep, max_wait=60)
    assert isinstance(outcome, Sent) and sleep.waits == [60]


async def test_a_press_is_not_answered_after_a_flood_wait_longer_than_telegram_takes_answers(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep
) -> None:
    """Telegram refuses an answer to a press after some 10-15 s: waiting out a 429 of 30 s is in vain."""
    alice = fake.add_user("Alice", started_bot=True)
    await bot.send_message(
        alice.id, "hand", reply_markup={"inline_keyboard": [[{"text": "7", "callback_data": "p"}]]}
    )
    press = fake.user_presses(alice, fake.last_bot_message(fake.private_chat(alice)), "7")
    fake.fail_next("answerCallbackQuery", too_many_requests(30))
    outcome = await answer_callback_query(bot, press.id, "Played", sleep=sleep)
    assert isinstance(outcome, Rejected) and sleep.waits == []


@pytest.mark.parametrize(
    "reason", ["not enough rights to send text messages to the chat", "CHAT_WRITE_FORBIDDEN", "TOPIC_CLOSED"]
)
async def test_a_group_the_bot_may_not_post_in_is_told_apart(
    bot: Bot, fake: FakeTelegram, sleep: RecordingSleep, reason: str
) -> None:
    group = fake.add_group("Friends", members=[fake.add_user("Alice")])
    fake.fail_next("sendMessage", bad_request(reason))
    outcome = await deliver(group.id, lambda: bot.send_message(group.id, "hi"), sleep)
    assert may_not_post(outcome), outcome
