"""What the group learns of a card a player drew on their turn: its count, never whether it fits. A card
that does not fit passes the turn at once; one that fits leaves the choice to play it or pass, and a table
that showed that wait, or told it afterwards, said the card fitted."""

from __future__ import annotations

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing

HANDS = {"Alice": ["B9", "Y1"], "Bob": ["G1", "G2"], "Carol": ["G3", "G4"]}


async def test_a_turn_that_ran_out_after_a_fitting_draw_reads_as_any_missed_turn(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange(HANDS, top="R3", turn=alice, draw_next=["R7"])  # the card drawn fits
        await table.press(alice, Action.DRAW)
        await table.bot.tick(61)  # her time runs out before she plays it or passes
        recent = table.text().split("Recent:\n")[1].splitlines()
        assert recent[-1] == "• ⏱ Alice ran out of time: draws 1 card and passes.", recent
