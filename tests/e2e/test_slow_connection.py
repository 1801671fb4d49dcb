"""A player on a slow or flaky connection: presses that come twice, late, or too late to be answered."""

from __future__ import annotations

import asyncio
import logging

import pytest
from telegram import Update

from bot.engine.rules import Rules
from tests.e2e.harness import Bot, World, press
from tests.fake_bot_api import FakeTelegram
from tests.fake_bot_api.errors import QUERY_TOO_OLD
from tests.rules_in_play.table import Table, playing

HANDS = {"Alice": ["R1", "R2", "G3"], "Bob": ["R6", "G7", "B8"], "Carol": ["B1", "B2", "Y3"]}
STALE = "This button is out of date. Use the newest message."


async def _at_once(bot: Bot) -> None:
    """The pending updates, fetched in one batch and handled together, as polling does."""
    updates = await bot.app.bot.get_updates(offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES)
    bot.offset = updates[-1].update_id + 1
    await bot.clock.run(asyncio.gather(*(bot.app.process_update(update) for update in updates)))
    await bot.settle()


async def _alices_turn(table: Table) -> None:
    await table.arrange(HANDS, top="R5", turn=table.people[0])


@pytest.mark.parametrize("together", [True, False], ids=["a double tap", "a resend after the first counted"])
async def test_a_press_that_comes_twice_counts_once_and_the_second_says_nothing(
    world: World, fake: FakeTelegram, together: bool
) -> None:
    """A client resends a press it got no answer for, and a double tap sends two: the second read "This
    button is out of date" in an alert although the card it asked for was played."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await _alices_turn(table)
        shown = table.hand(alice)
        card = await table.card_button(alice, "R1")
        assert card is not None
        first = press(fake, alice, shown, card)
        if not together:
            await table.deliver()
        again = press(fake, alice, shown, card)
        await _at_once(table.bot)
        for query in (first, again):
            assert query.answered and not query.show_alert and query.answer_text is None
        assert await table.codes(alice) == ["G3", "R2"]
        assert (await table.state()).actor == table.people[1].id


async def test_another_card_tapped_on_the_same_old_hand_is_refused(world: World, fake: FakeTelegram) -> None:
    """Two cards tapped before the first answer came: the first is played, the second not (it was chosen on
    a hand that has changed since), and its player reads why."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await _alices_turn(table)
        shown = table.hand(alice)
        one, two = await table.card_button(alice, "R1"), await table.card_button(alice, "R2")
        assert one is not None and two is not None
        played = press(fake, alice, shown, one)
        refused = press(fake, alice, shown, two)
        await _at_once(table.bot)
        assert not played.show_alert
        assert refused.show_alert and refused.answer_text == STALE
        assert await table.codes(alice) == ["G3", "R2"]


async def test_a_press_that_reaches_the_bot_too_late_to_be_answered_still_counts(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram refuses to answer a press after its window ("query is too old"): the move counts all the
    same, the refusal is no failure in the log, and the screens say what happened."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await _alices_turn(table)
        late = press(fake, alice, table.hand(alice), await table.card_button(alice, "R1"))
        table.bot.clock.advance(fake.callback_answer_timeout + 5)
        with caplog.at_level(logging.WARNING):
            await table.deliver()
        assert not late.answered  # Telegram refused the answer
        refused = [c for c in fake.calls_to("answerCallbackQuery") if not c.ok]
        assert [c.response["description"] for c in refused] == [f"Bad Request: {QUERY_TOO_OLD}"]
        assert caplog.records == []
        assert await table.codes(alice) == ["G3", "R2"]
        assert "Alice plays 🟥 1." in table.text()
        assert "Your turn" in (table.hand(bob).text or "")
