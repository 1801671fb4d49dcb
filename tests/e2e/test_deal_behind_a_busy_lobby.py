"""The deal in a group whose window the lobby's joins filled: the first mover is rung in private at once, and
the table, which the group needs to follow the match, goes ahead of the lobby's edit to "started"."""

from __future__ import annotations

from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action, reaching_the_game_late
from tests.e2e.matches import fill_the_groups_window, gathered
from tests.fake_bot_api import FakeTelegram

SLOW_DISK = 61  # seconds of virtual time noting the lobby's message gone takes: the group's window frees


async def test_the_deals_table_goes_ahead_of_the_lobbys_edit_however_long_the_database_takes(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby's edit to "started" was queued, then the database told the game had no table message, and
    only then the table was queued: a slow disk let the group's window free meanwhile, and the lobby's edit
    took the slot before the table was even asked for. Both are queued before the database is written."""
    async with gathered(world, fake, ("Alice", "Bob")) as (bot, group, people):
        lobby = fake.last_bot_message(group)
        await fill_the_groups_window(bot, group)
        since = len(fake.calls)
        with reaching_the_game_late(bot, "set_table_message", SLOW_DISK):
            press_action(fake, people[0], lobby, Action.START)
            await bot.deliver()
        record, _ = await bot.game(group)

        written = [
            (call.method, call.response["result"]["message_id"])
            for call in fake.calls[since:]
            if call.ok
            and call.method in ("sendMessage", "editMessageText")
            and str(call.params["chat_id"]) == str(group.id)
        ]
        assert written == [("sendMessage", record.table_message_id), ("editMessageText", lobby.message_id)]
        assert "has started" in (fake.messages[(group.id, lobby.message_id)].text or "")
