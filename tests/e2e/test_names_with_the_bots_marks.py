"""Names that carry the marks the bot puts beside a name (🔑 the host, ▶️ whose turn, 🔇 who can't get their
cards, 🤖 a computer, "²" a second player of one name) are shown without them: only the bot puts them."""

from __future__ import annotations

import pytest

from tests.e2e.harness import World
from tests.e2e.matches import deal, gather
from tests.fake_bot_api import FakeTelegram
from tests.narrow_phone import spaced

# Bob first: the lobby's first seat is the host, the table's first turn may be anyone's.
NAMES = ("Alice", "▶️ Bob 🔑", "Carol ² 🔇", "🤖 Dave")
SHOWN = ("Alice", "Bob", "Carol 2", "Dave")


def _rows(text: str) -> list[str]:
    """The lines of a lobby or table that name a player."""
    return [line for line in spaced(text).splitlines() if any(shown in line for shown in SHOWN)]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_lobby_shows_one_host_whatever_the_names(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """A member named "▶️ Bob 🔑" read in the lobby as its host, "Carol ² 🔇" as a second Carol who can't get
    her cards, "🤖 Dave" as a computer player."""
    people = [fake.add_user(name, language_code=language) for name in NAMES]
    group = fake.add_group("Friends", members=people)
    async with world.running(default_language=language) as bot:
        await gather(bot, fake, group, people)
        rows = _rows(fake.last_bot_message(group).text or "")
        assert rows == ["1. Alice 🔑", "2. Bob", "3. Carol 2", "4. Dave"], rows


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_table_shows_one_turn_and_one_host_whatever_the_names(
    world: World, fake: FakeTelegram, language: str
) -> None:
    """The table's rows put ▶️ before whose turn it is and 🔑 after its host: "▶️ Bob 🔑" showed two turns and
    two hosts."""
    people = [fake.add_user(name, language_code=language) for name in NAMES]
    group = fake.add_group("Friends", members=people)
    async with world.running(default_language=language) as bot:
        await deal(bot, fake, group, people)
        table = next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons).text or ""
        rows = [row for row in _rows(table) if row.startswith(("▶️", "▫️"))]
        assert len(rows) == len(NAMES), table
        assert sum(row.startswith("▶️") for row in rows) == 1, rows
        assert [row.count("🔑") for row in rows] == [1, 0, 0, 0], rows
        assert not any(mark in row for row in rows for mark in ("🔇", "🤖", "²")), rows
        assert [row.split(" ", 1)[1].split(":")[0].removesuffix(" 🔑") for row in rows] == list(SHOWN), rows
