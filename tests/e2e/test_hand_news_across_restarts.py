"""A hand's line telling why its cards changed, or why its turn went (bot.tg.hand_news), is kept in memory
only: a restart's redraw of every hand dropped it. It is read back from the game's recent moves, so each hand
reads after a restart as it did before."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from bot.engine.rules import JumpIn, Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def _swap(table: Table) -> None:
    alice = table.people[0]
    hands = {"Alice": ["R7", "R0", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2", "G3", "G4"]}
    await table.arrange(hands, top="R3", turn=alice)
    await table.play(alice, "R7")
    swap = next(data for text, data in buttons(table.hand(alice)) if text.startswith("🔀 Carol"))
    await table.press_data(alice, swap)


async def _downpour(table: Table) -> None:
    alice = table.people[0]
    hands = {"Alice": ["D2", "Y8", "Y9"], "Bob": ["Y1", "Y2", "R5"], "Carol": ["G1", "G2"]}
    await table.arrange(hands, top="R3", turn=alice)
    await table.play(alice, "D2")
    await table.press(alice, Action.COLOUR)


async def _new_round(table: Table) -> None:
    alice = table.people[0]
    await table.arrange({"Alice": ["R5"], "Bob": ["R7", "G2"], "Carol": ["G1", "G2"]}, top="R3", turn=alice)
    await table.play(alice, "R5")
    while (await table.state()).round_no == 1:
        await table.bot.tick(5)  # the next deal


async def _jump_in(table: Table) -> None:
    alice, bob, _ = table.people
    hands = {"Alice": ["R1", "G2", "B3"], "Bob": ["R5", "G7", "B8"], "Carol": ["Y5", "G4", "B9"]}
    await table.arrange(hands, top="R5", turn=alice)
    await table.play(bob, "R5")


async def _jump_in_on_a_draw_two(table: Table) -> None:
    alice, _, carol = table.people
    hands = {"Alice": ["R+2", "G2", "B3"], "Bob": ["Y5", "G7"], "Carol": ["R+2", "G4", "B9"]}
    await table.arrange(hands, top="R5", turn=alice)
    await table.play(alice, "R+2")  # Bob's to take
    await table.play(carol, "R+2")  # passed on to Alice


async def _timed_out(table: Table) -> None:
    alice = table.people[0]
    hands = {"Alice": ["B9", "G8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    await table.arrange(hands, top="R3", turn=alice, draw_next=["Y4"])
    deadline = (await table.state()).turn_deadline
    assert deadline is not None
    await table.bot.tick(deadline / 1000 - table.bot.clock() + 1)


async def _drew_and_passed(table: Table) -> None:
    alice = table.people[0]
    hands = {"Alice": ["B9", "G8"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    await table.arrange(hands, top="R3", turn=alice, draw_next=["Y4"])
    await table.press(alice, Action.DRAW)


@pytest.mark.parametrize(
    ("rules", "news", "move"),
    [
        (Rules().changed(seven_zero=True), "🔄 Alice swapped hands with you.", _swap),
        (Rules().changed(deck="h2o"), "🌧 Downpour from Alice: you took 2 cards.", _downpour),
        (Rules(), "🎴 Round 2: new cards.", _new_round),
        (Rules(jump_in=JumpIn.ON), "⚡ Bob jumped in on your turn with an identical card.", _jump_in),
        (
            Rules(jump_in=JumpIn.ON),
            "⚡ Carol jumped in on your turn with an identical card, so you take no penalty.",
            _jump_in_on_a_draw_two,
        ),
        (Rules().changed(afk_limit=3), "⏱ Your time ran out: you took 1 card.", _timed_out),
        (Rules(), "📥 You drew a card that didn't fit: your turn passed.", _drew_and_passed),
    ],
    ids=[
        "a 7's swap",
        "a Downpour",
        "a new round",
        "a jump-in",
        "a jump-in on a +2",
        "a timeout",
        "a draw that did not fit",
    ],
)
async def test_a_hand_says_after_a_restart_what_it_said_before(
    world: World, fake: FakeTelegram, rules: Rules, news: str, move: Callable[[Table], Awaitable[None]]
) -> None:
    async with playing(world, fake, rules) as before:
        await move(before)
        await before.bot.settle()
        shown = {user.first_name: spaced(before.hand(user).text or "") for user in before.people}
        assert any(f"\n{news}" in text for text in shown.values()), shown
    world.clock.advance(5)
    async with world.running() as bot:
        await bot.settle()
        after = Table(bot, fake, before.group, before.people)
        assert {user.first_name: spaced(after.hand(user).text or "") for user in after.people} == shown
