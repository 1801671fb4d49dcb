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
        ("en", "🟨 Skip", "▶ 🟩 Reverse", "Top card: 🟩 Reverse · green"),
        ("ru", "🟨 Пропуск", "▶ 🟩 Разворот", "Сверху: 🟩 Разворот · зелёный"),
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


@pytest.mark.parametrize(
    ("language", "rows"),
    [
        ("en", ["▶️ Alice: 1 card", "▫️ Bob: 2 cards", "▫️ Carol: 5 cards", "▫️ Dan: 21 cards"]),
        ("ru", ["▶️ Alice: 1 карта", "▫️ Bob: 2 карты", "▫️ Carol: 5 карт", "▫️ Dan: 21 карта"]),
    ],
    ids=["en", "ru"],
)
async def test_the_table_counts_each_players_cards_in_words(
    world: World, fake: FakeTelegram, language: str, rows: list[str]
) -> None:
    """A row read "Alice: 8 🂠 · 0 points": aloud "8, playing card back" (and in Russian nothing at all)."""
    dan = [f"R{number}" for number in range(1, 10)] + [f"Y{number}" for number in range(2, 10)]
    hands = {"Alice": ["Y1"], "Bob": ["B1", "B5"], "Carol": ["G1", "G2", "G4", "G5", "G6"], "Dan": dan}
    names = ("Alice", "Bob", "Carol", "Dan")
    async with playing(world, fake, Rules(), names=names, language=language) as table:
        await table.arrange({**hands, "Dan": [*dan, "B2", "B3", "B4", "B6"]}, top="G3", turn=table.people[0])
        players = [line for line in table.text().splitlines() if line.startswith(("▶️", "▫️"))]
        counts = [row.split(" · ")[0].replace(" 🔑", "") for row in players]
        assert counts == rows, players
