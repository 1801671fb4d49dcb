"""A game of two: what /rules tells a newcomer is what the cards then do (RULES.md §3, "Two players")."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


@pytest.mark.parametrize(
    ("language", "told", "narrated"),
    [
        (
            "en",
            "Reverse: play goes the other way (between two players, it works as a Skip).",
            "Bob misses a turn",
        ),
        (
            "ru",
            "«Разворот»: игра идёт в другую сторону (если игроков двое, действует как «Пропуск»).",
            "Bob пропускает ход",
        ),
    ],
    ids=["en", "ru"],
)
async def test_rules_say_a_reverse_between_two_is_a_skip(
    world: World, fake: FakeTelegram, language: str, told: str, narrated: str
) -> None:
    """(audit of 2026-12-05) /rules said only "⇄ Reverse: play goes the other way"; between two players the
    one who plays it moves again, which a newcomer's first game of two showed without a word of warning."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob"), language=language) as table:
        alice, bob = table.people
        fake.user_sends(bob, table.group, "/rules")
        await table.deliver()
        assert told in (fake.last_bot_message(table.group).text or "")
        await table.arrange({"Alice": ["RR", "R5", "B9"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await table.play(alice, "RR")
        assert (await table.state()).turn == alice.id  # Bob's turn is skipped
        assert narrated in table.text()
