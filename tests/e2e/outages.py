"""A match dealt for the outage tests (test_outages, test_timers_through_outages,
test_outages_and_clock_jumps, test_time_owed_after_outages), and what they read of it: its turn's deadline,
its table, its status. Telegram cut off and back: tests/e2e/telegram_cut_off.py."""

from __future__ import annotations

from bot.service import Place
from bot.storage import GameStatus
from tests.e2e.harness import Bot, World
from tests.e2e.matches import deal, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, User

PEOPLE = ("Alice", "Bob")
NBSP = "\u00a0"  # between a number and its unit


async def dealt(
    world: World, fake: FakeTelegram, bot: Bot, title: str = "Friends", language: str | None = None
) -> tuple[Chat, list[User]]:
    """A match dealt in `title` (its people's Telegram in `language`, and the chat's, if given)."""
    people = [fake.add_user(name, language_code=language or "en") for name in PEOPLE]
    group = fake.add_group(title, members=people)
    await use_quick_rules(world, group, language=language)
    await deal(bot, fake, group, people)
    return group, people


async def turn_deadline(bot: Bot, group: Chat) -> int:
    _, doc = await bot.game(group)
    assert doc.state.turn_deadline is not None
    return doc.state.turn_deadline


def table_text(fake: FakeTelegram, group: Chat) -> str:
    """The group's table message as people read it now."""
    return next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons).text or ""


async def status(bot: Bot, group: Chat) -> GameStatus | None:
    """The status of the group's active game (None: none is open)."""
    found = await bot.rt.service.find(Place(group.id))
    return None if found is None else found[0].status
