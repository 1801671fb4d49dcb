"""What a screen reader (TalkBack, VoiceOver) says: it reads each button and line aloud, an emoji by its name
("🟥": "red square") and any other symbol by its Unicode name, which says nothing of the game."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from tests.e2e.harness import World
from tests.fake_bot_api import FakeTelegram
from tests.rules_in_play.table import playing


@pytest.mark.parametrize(
    ("language", "skip", "reverse", "top"),
    [
        ("en", "🟨 Skip", "▶ 🟩 Reverse", "Top card: 🟩 Reverse · colour 🟩 green"),
        ("ru", "🟨 Пропуск", "▶ 🟩 Разворот", "Сверху: 🟩 Разворот · цвет 🟩 зелёный"),
    ],
    ids=["en", "ru"],
)
async def test_skip_and_reverse_cards_are_named_in_words(
    world: World, fake: FakeTelegram, language: str, skip: str, reverse: str, top: str
) -> None:
    """The hand's buttons read "🟨 ⊘" and "▶ 🟩 ⇄", aloud "yellow square, circled division slash" and "play,
    green square, right arrow over left arrow"; the table said "Top card: 🟩 ⇄". They name the card now."""
    async with playing(world, fake, Rules(), language=language) as table:
        alice, _bob, _carol = table.people
        await table.arrange({"Alice": ["YS", "GR", "G5"], "Bob": ["B1", "B5"]}, top="G3", turn=alice)
        labels = [label for row in table.hand(alice).button_texts for label in row]
        assert skip in labels and reverse in labels, labels
        await table.play(alice, "GR")
        assert table.text().splitlines()[1] == top
        assert not any(symbol in table.text() for symbol in "⊘⇄"), table.text()
