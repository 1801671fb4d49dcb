"""What the pacer tests read of the fake Telegram's calls, and a message sent through the pacer: shared by the
tests of pacing (tests/tg/test_pacing*.py, test_paced_retries, test_table_edits)."""

from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Sent
from tests.fake_bot_api import ApiCall, Chat, FakeClock, FakeTelegram

WRITES = ("sendMessage", "editMessageText")


def writes(fake: FakeTelegram, chat: Chat) -> list[ApiCall]:
    return [c for c in fake.calls if c.method in WRITES and str(c.params.get("chat_id")) == str(chat.id)]


def most_writes_in_any_window(calls: list[ApiCall], seconds: float) -> int:
    times = sorted(call.time for call in calls)
    return max((sum(1 for t in times if start <= t < start + seconds) for start in times), default=0)


def clock_of(pacer: WritePacer) -> FakeClock:
    clock = pacer._clock
    assert isinstance(clock, FakeClock)
    return clock


async def send_table(pacer: WritePacer, chat: Chat, text: str) -> int:
    outcome = await clock_of(pacer).run(pacer.send(chat.id, Render(text)))
    assert isinstance(outcome, Sent) and outcome.message_id is not None
    return outcome.message_id
