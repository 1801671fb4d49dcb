"""/stats read on a narrow phone (session 47): as the boards' lines did before session 46, the card's ran to
38-68 characters ("Trend: ▲ +130 over the last 10 rated matches ▃▃▅▃▅▂▆▂▆▁▇", «Поимки: поймано соперников —
345, поймали соперники — 278») and wrapped wherever they came to, a figure torn from its label. Each figure
now has a short line of its own, next to its label; only a note in italics is prose, which wraps as any
paragraph does."""

from __future__ import annotations

import pytest

from bot.storage import Database
from tests.fake_bot_api import FakeTelegram, Message
from tests.fake_bot_api import User as FakeUser
from tests.fake_bot_api.html_text import utf16_len
from tests.narrow_phone import NARROW_LINE, width
from tests.stats.chat_steps import COMPUTER, command, play
from tests.stats.conftest import Bot
from tests.stats.factory import Seat


def _lines_too_wide(card: Message) -> list[str]:
    """The card's lines wider than a narrow phone's, but for notes in italics."""
    text = card.text or ""
    italics = [
        (entity["offset"], entity["offset"] + entity["length"])
        for entity in card.entities
        if entity["type"] == "italic"
    ]
    too_wide, start = [], 0
    for line in text.split("\n"):
        end = start + utf16_len(line)
        in_italics = any(low <= start and end <= high for low, high in italics)
        if not in_italics and width(line) > NARROW_LINE:
            too_wide.append(line)
        start = end + 1
    return too_wide


async def _long_history(database: Database, people: list[FakeUser], chat_id: int) -> None:
    """The first of `people` (the second their usual opponent, the third a newcomer) after 38 matches of
    heavy figures, every kind of line on the card among them: rated ones won and lost, some with a
    computer player, practice against the computer alone."""
    veteran, rival, newcomer = (user.id for user in people)
    heavy = {"rounds_won": 31, "uno_calls": 41, "catches_made": 12, "catches_suffered": 9}
    won = Seat(veteran, 1, 4321, challenges_won=3, challenges_lost=1, **heavy)
    lost = Seat(veteran, 2, challenges_won=1, challenges_lost=3, **heavy)
    rated = [[won, Seat(rival, 2)] if turn % 3 else [Seat(rival, 1, 999), lost] for turn in range(30)]
    computer = Seat(COMPUTER, 3, is_bot=True)
    with_computer = [[won, Seat(rival, 2), computer]] * 8
    practice = [[won, Seat(COMPUTER, 2, is_bot=True)]] * 5
    beginner = [[Seat(newcomer, 1, 2345, **heavy), Seat(rival, 2)]] * 3
    await play(database, people, chat_id, *rated, *with_computer, *practice, *beginner)


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_long_historys_card_fits_a_narrow_phone(
    bot: Bot, fake: FakeTelegram, database: Database, language: str
) -> None:
    names = ["Анастасия Константинопольская", "Bob", "Carol"]
    people = [fake.add_user(name, language_code=language) for name in names]
    group = fake.add_group("Friends", members=people)
    await _long_history(database, people, group.id)

    veteran = await command(bot, fake, people[0], group, "/stats")
    newcomer = await command(bot, fake, people[2], group, "/stats")  # a provisional rating, explained
    assert (veteran.text or "").count("\n") >= 14 and (newcomer.text or "").count("\n") >= 8
    assert _lines_too_wide(veteran) == [] and _lines_too_wide(newcomer) == []
