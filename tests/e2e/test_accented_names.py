"""A name's accents come from a phone either joined to their letters ("ü", one character) or after them ("u"
and U+0308): every phone shows both alike, so the bot reads both alike."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.matches import gather
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced

JOINED, APART = "J\u00fcrgen", "Ju\u0308rgen"


async def test_two_players_whose_names_read_alike_whatever_the_accents_are_told_apart(
    world: World, fake: FakeTelegram
) -> None:
    """Two Jürgens, one name typed with "ü" as one character, the other with "u" and an accent: the lobby
    listed two "Jürgen" and no "²", so neither could tell which seat was theirs."""
    people = [fake.add_user(JOINED), fake.add_user(APART)]
    group = fake.add_group("Freunde", members=people)
    async with world.running() as bot:
        await gather(bot, fake, group, people)
        rows = spaced(fake.last_bot_message(group).text or "").splitlines()
        assert [f"1. {JOINED} 🔑", f"2. {APART} ²"] == [row for row in rows if "rgen" in row], rows
