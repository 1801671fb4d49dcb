"""Changes of one game are shown in the order they were committed, however long a press's answer takes: a
busy bot (a loaded machine, a slow network) may still be answering a press when the next change is saved."""

from __future__ import annotations

import asyncio

from bot.engine.rules import Rules
from tests.e2e.harness import World, press
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


async def test_a_kick_saved_while_a_press_is_answered_is_not_drawn_over_by_that_press(
    world: World, fake: FakeTelegram
) -> None:
    """Bob played a card, and Alice kicked him while the answer to his press was on its way: his hand said
    he was removed, then the play's redraw, published once the answer had gone, put his cards and buttons
    back over it (a monkey run under load found the kicked player's hand so at the end)."""
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        bot = table.bot
        await table.arrange(
            {"Alice": ["R1", "G2"], "Bob": ["R6", "G7", "B8"], "Carol": ["B1", "Y2"]}, top="R3", turn=bob
        )
        on_its_way, arrives = asyncio.Event(), asyncio.Event()

        async def hold_the_answer(method: str, chat_id: str | None) -> None:
            if method == "answerCallbackQuery" and not on_its_way.is_set():
                on_its_way.set()
                await arrives.wait()

        fake.transit = hold_the_answer
        card = await table.card_button(bob, "R6")
        assert card is not None
        press(fake, bob, table.hand(bob), card)
        pressed = asyncio.ensure_future(bot.handle_pending())  # saved, then answered: held
        await asyncio.wait_for(on_its_way.wait(), 5)
        fake.user_sends(alice, table.group, "/kick Bob")
        await bot.handle_pending()
        arrives.set()
        await bot.clock.run(pressed)
        await bot.settle()
        assert bob.id not in (await table.state()).players
        shown = table.hand(bob)
        assert (shown.text or "").endswith("Alice removed you from this game.")
        assert not shown.buttons
