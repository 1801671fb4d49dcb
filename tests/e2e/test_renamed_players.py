"""A player who changes their Telegram name mid-game: its screens show the new name from their next update."""

from __future__ import annotations

from tests.e2e.harness import World
from tests.e2e.matches import gathered, started
from tests.fake_bot_api import FakeTelegram

SETTLED = 30  # seconds for every paced and settling edit to go out


async def test_the_table_shows_a_player_renamed_mid_match(world: World, fake: FakeTelegram) -> None:
    """The table kept "Alice" until the match ended, while the group saw her messages as "Alicia"."""
    async with started(world, fake, ("Alice", "Bob")) as (bot, group, (alice, _)):
        fake.user_renames(alice, "Alicia")
        fake.user_sends(alice, group, "new name, same luck")
        await bot.deliver()
        await bot.tick(SETTLED)
        record, doc = await bot.game(group)
        assert doc.names[alice.id] == "Alicia"
        assert record.table_message_id is not None
        table = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "Alicia 🔑: 7 cards" in table and "Alice" not in table.replace("Alicia", ""), table


async def test_the_lobby_shows_a_player_renamed_while_waiting(world: World, fake: FakeTelegram) -> None:
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, (_, bob)):
        fake.user_renames(bob, "Robert")
        fake.user_sends(bob, group, "/join")  # in already: said so, and the lobby shows his new name
        await bot.deliver()
        await bot.tick(SETTLED)
        record, _ = await bot.game(group)
        assert record.table_message_id is not None  # the lobby's message, until the deal
        lobby = fake.messages[(group.id, record.table_message_id)].text or ""
        assert "2. Robert" in lobby and "Bob" not in lobby, lobby
