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
        assert recent[-1] == "• ⏱ Alice ran out of time — draws 1 card and passes.", recent


async def test_while_a_player_weighs_a_card_that_fits_the_table_shows_no_draw(
    world: World, fake: FakeTelegram
) -> None:
    """The table read "• Alice draws 1 card." with her turn still on for as long as she weighed the card,
    which a card that does not fit never does: it shows the game as before her draw until she plays or
    passes, and then the draw with the move that ended it."""
    async with playing(world, fake, Rules()) as table:
        alice = table.people[0]
        await table.arrange(HANDS, top="R3", turn=alice, draw_next=["R7"])
        await table.bot.tick(6)  # the table settles
        before = table.text()
        await table.press(alice, Action.DRAW)
        await table.bot.tick(6)  # longer than the table waits for her choice
        assert table.text() == before
        await table.press(alice, Action.PASS)
        recent = table.text().split("Recent:\n")[1].splitlines()
        assert recent[-1] == "• Alice draws 1 card and passes.", recent
        assert "Alice 🔑: 3 cards" in table.text()
