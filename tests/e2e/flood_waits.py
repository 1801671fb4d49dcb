"""What the tests of the clocks under Telegram's flood waits (429) share: updates handled with their
publishing left to run on as virtual time passes, time let pass with the timers firing, the service's
timeouts counted, Alice left with one card uncalled as the table's edit showing Catch! waits, and when the
group's edits landed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.tg.table_edits import SETTLE_SECONDS
from tests.e2e.harness import Bot, press
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import too_many_requests
from tests.rules_in_play.table import Table


async def handled_not_settled(bot: Bot) -> None:
    """The bot handles the pending updates; what they publish runs on only as virtual time passes."""
    for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):
        bot.offset = update.update_id + 1
        await bot.clock.run(bot.app.process_update(update))


async def let_pass(bot: Bot, seconds: float) -> None:
    """`seconds` of virtual time, the timers firing when due (the pacer's waits run meanwhile)."""
    for _ in range(int(seconds)):
        await bot.clock.pass_time(1)
        await bot.timers.run_due()


@contextmanager
def timeouts_tried(bot: Bot) -> Iterator[list[float]]:
    """When the service's `timeout` (a unit of work, under the single writer's lock) was called meanwhile."""
    tried: list[float] = []
    timeout = bot.rt.service.timeout

    async def counted(*args: Any, **kwargs: Any) -> Any:
        tried.append(bot.clock())
        return await timeout(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(bot.rt.service, "timeout", counted)
        yield tried


async def alice_left_with_one_card_uncalled(
    table: Table, fake: FakeTelegram, flood_wait: int, next_player: str | int = "Bob"
) -> int:
    """Alice plays down to one card without calling UNO! (`next_player` after her: a name, or a computer's
    id) while Telegram makes the bot wait `flood_wait` seconds (0: not at all) before it may edit the table
    showing Catch! (429), the play published before virtual time goes on (else a loaded machine asked for
    that edit seconds late); how many group edits came before."""
    alice = table.people[0]
    await table.arrange({"Alice": ["R5", "B9"], next_player: ["Y1", "Y2", "Y3"]}, top="R3", turn=alice)
    await table.bot.tick(SETTLE_SECONDS)  # the table shows the arranged game: the flood wait is the play's
    if flood_wait:
        fake.fail_next("editMessageText", too_many_requests(flood_wait), chat_id=table.group.id)
    data = await table.card_button(alice, "R5")
    assert data is not None
    before = len(group_edits(table))
    press(fake, alice, table.hand(alice), data)
    await handled_not_settled(table.bot)
    await table.bot.published(table.group)
    return before


def group_edits(table: Table) -> list[float]:
    """When each edit of a group message landed."""
    chat = str(table.group.id)
    calls = table.fake.calls_to("editMessageText")
    return [call.time for call in calls if call.ok and str(call.params.get("chat_id")) == chat]


async def play_landed(table: Table, before: int) -> float:
    """When the play's table edit landed (`before`: the group edits before it), time passing until then."""
    while len(group_edits(table)) == before:
        await let_pass(table.bot, 1)
    return group_edits(table)[before]
