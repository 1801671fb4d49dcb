"""A self-hoster upgrades with a match running: the database an old version left (its schema and the rows
it wrote, the game document without any field kept since) is migrated at start-up and the match goes on."""

from __future__ import annotations

import json
from pathlib import Path

from alembic import command

from bot.storage.migrate import upgrade_to_head
from bot.tg.callback_data import Action
from tests.e2e.harness import World, buttons
from tests.fake_bot_api import FakeClock, FakeTelegram
from tests.rules_in_play.table import Table
from tests.schema import insert_rows, migrate

# Written by the bot at revision stats01 (the version before 0002): Alice, Bob and Carol play in "Friends";
# Alice has just played a Wild Draw Four on a red 3 and is choosing its colour, Bob is next to answer it.
SAVED = Path(__file__).parent / "data" / "match_saved_at_stats01.json"


async def test_a_match_saved_by_an_old_version_goes_on_after_the_upgrade(
    database_url: str, fake: FakeTelegram, clock: FakeClock
) -> None:
    saved = json.loads(SAVED.read_text(encoding="utf-8"))
    await migrate(database_url, command.upgrade, saved["revision"])
    await insert_rows(database_url, saved["tables"])
    people = [fake.add_user(name, started_bot=True) for name in ("Alice", "Bob", "Carol")]
    group = fake.add_group("Friends", members=people)
    assert [user.id for user in people] == [row["id"] for row in saved["tables"]["users"]]
    assert group.id == saved["tables"]["chats"][0]["id"]
    alice, bob, carol = people
    clock.advance(5)  # the bot was down for the upgrade

    await upgrade_to_head(database_url)  # what `python -m bot` does before it starts
    async with World(fake, clock, database_url).running() as bot:
        table = Table(bot, fake, group, people)
        # Start-up redrew the screens: the table and Alice's hand read the colour choice the old bot left.
        assert "Alice chooses a colour\nPenalty for Bob: 4 cards\n" in table.text()
        assert await table.codes(alice) == ["B2", "G6"]
        colours = [data for _, data in buttons(table.hand(alice)) if data.action is Action.COLOUR]
        assert len(colours) == 4

        chosen = await table.press_data(alice, colours[1])
        assert chosen.answered and not chosen.show_alert
        assert {Action.ACCEPT, Action.CHALLENGE} <= table.actions(bob)
        taken = await table.press(bob, Action.ACCEPT)
        assert taken.answered and not taken.show_alert

        state = await table.state()
        assert (len(state.hands[bob.id]), state.turn) == (6, carol.id)
        assert "Carol" in table.text()
