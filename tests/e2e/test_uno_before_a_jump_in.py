"""An UNO! call right before its caller's jump-in shares the jump-in's line on the table."""

from __future__ import annotations

import pytest

from bot.engine.rules import JumpIn, Rules
from bot.tg.callback_data import Action
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "• ⚡ Bob calls UNO! and jumps in with 🟥 +2!"),
        ("ru", "• ⚡ Bob кричит «УНО!» и вмешивается картой 🟥 +2!"),  # noqa: RUF001
    ],
)
async def test_a_call_right_before_a_jump_in_takes_one_of_the_recent_lines(
    world: World, fake: FakeTelegram, language: str, said: str
) -> None:
    """Bob, facing Alice's +2 with two cards, calls UNO! and jumps in with his own identical +2: the table's
    five recent lines gave two to it, "📣 Bob: UNO!" and "⚡ Bob jumps in with 🟥 +2!", where a call right
    before a card played on the turn shares its line ("Bob calls UNO! and plays 🟩 3.")."""
    async with playing(world, fake, Rules(jump_in=JumpIn.ON), language=language) as table:
        alice, bob, _carol = table.people
        await table.arrange({"Alice": ["R+2", "B9", "G1"], "Bob": ["R+2", "B5"]}, top="R3", turn=alice)
        await table.play(alice, "R+2")
        before = table.text().split("\n\n")[-1].splitlines()[1:]
        await table.press(bob, Action.UNO)
        await table.play(bob, "R+2")
        recent = table.text().split("\n\n")[-1].splitlines()[1:]
        assert recent == [*before, said][-5:], recent
