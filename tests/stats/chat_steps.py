"""What the tests of /top, /stats and /forgetme through the real Application share: matches stored for a
chat's players (a computer among them), a command sent and a button pressed a few seconds apart, as
people do, and the bot's answer read as a phone shows it."""

from dataclasses import replace

from bot.storage import Database
from tests.fake_bot_api import FakeClock, FakeTelegram, Message
from tests.fake_bot_api import User as FakeUser
from tests.narrow_phone import spaced
from tests.stats.conftest import Bot
from tests.stats.factory import MatchWriter, Seat

COMPUTER = -5


async def play(
    database: Database, users: list[FakeUser], chat_id: int, *matches: list[Seat], **kw: object
) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, {user.id: user.first_name for user in users})
        writer.names[COMPUTER] = "Computer Carl"
        for seats in matches:
            await writer.match(chat_id, seats, **kw)  # type: ignore[arg-type]


def pause(fake: FakeTelegram) -> None:
    """People take a few seconds between actions (the fake's flood limits follow its clock)."""
    assert isinstance(fake.clock, FakeClock)
    fake.clock.advance(5)


async def command(
    bot: Bot, fake: FakeTelegram, user: FakeUser, chat: object, text: str, **kw: object
) -> Message:
    pause(fake)
    fake.user_sends(user, chat, text, **kw)  # type: ignore[arg-type]
    assert await bot.handle_updates() >= 1
    return as_read(fake.last_bot_message(chat))  # type: ignore[arg-type]


async def press(bot: Bot, fake: FakeTelegram, user: FakeUser, message: Message, button: str) -> Message:
    pause(fake)
    query = fake.user_presses(user, message, button)
    await bot.handle_updates()
    assert query.answered
    return as_read(fake.messages[(message.chat.id, message.message_id)])


def as_read(message: Message) -> Message:
    """A copy of the bot's message, its text `spaced`: these tests read what it says (where a board's and a
    card's lines may wrap: tests/stats/test_figures_on_a_phone.py)."""
    return replace(message, text=None if message.text is None else spaced(message.text))
