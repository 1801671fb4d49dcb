"""What "Out after" counts: turns whose time ran out, not turns a Skip or a +2 took (RULES.md §8)."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing

HANDS = {
    "Alice": ["RS", "RS", "R1", "R4", "R8", "B9"],
    "Bob": ["Y1", "Y2"],
    "Carol": ["R2", "R5", "R6", "R7"],
}


@pytest.mark.parametrize(
    ("language", "told"),
    [("en", "• Out after: 2 timeouts"), ("ru", "• Лимит опозданий: 2")],
    ids=["en", "ru"],
)
async def test_out_after_counts_timed_out_turns_not_skipped_ones(
    world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """(audit of 2026-12-05) /rules read "Out after: 2 missed turns" (in Russian "Пропуски подряд", the Skip
    card's own word) beside "⊘ Skip: the next player misses a turn": skipped twice, Bob would think himself
    out. Only turns on which his time ran out count."""
    rules = Rules().changed(turn_seconds=15, afk_limit=2)
    async with playing(world, fake, rules, language=language) as table:
        alice, bob, carol = table.people
        fake.user_sends(carol, table.group, "/rules")
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")
        await table.arrange(HANDS, top="R3", turn=alice)
        for then in ("R2", "R5"):
            await table.play(alice, "RS")  # Bob misses a turn
            await table.play(carol, then)
        await table.play(alice, "R1")
        await table.bot.tick(15)  # Bob's time runs out: the first turn that counts
        assert bob.id in (await table.state()).players
        await table.play(carol, "R6")
        await table.play(alice, "R4")
        await table.bot.tick(15)  # the second
        assert bob.id not in (await table.state()).players
