"""The table at the bottom of the group for each round: a round's result is posted below the table, so the
next deal posts the table anew below it, silently, and the old one goes, as /table posts it anew. The group
keeps as many messages as before: the old table's place is taken by the new one."""

from __future__ import annotations

import asyncio

from telegram import Update

from bot.engine.rules import Rules
from bot.engine.scoring import ROUND_PAUSE_MS
from bot.tg.send import ATTEMPTS
from tests.e2e.harness import World, press
from tests.e2e.matches import fill_the_groups_window
from tests.fake_bot_api import FakeTelegram, Message
from tests.fake_bot_api.errors import ApiError
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing

SETTLED = 60  # seconds for every paced write (a full group window too) to go out


async def _alice_wins_a_round(table: Table, last: bool = False) -> None:
    """Alice goes out with 🟥 1 (`last`: the match's last round); the next deal comes after the pause."""
    alice = table.people[0]
    if last:
        await table.head_start({alice.id: 499})
    await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
    await table.play(alice, "R1")


def _group(table: Table) -> list[Message]:
    return table.fake.bot_messages_in(table.group)


async def _dealt(table: Table) -> Message:
    """The pause passes and the next round is dealt: the game's table message then."""
    await table.bot.tick(ROUND_PAUSE_MS / 1000)
    await table.bot.tick(SETTLED)
    record, _ = await table.bot.game(table.group)
    assert record.table_message_id is not None
    return table.fake.messages[(table.group.id, record.table_message_id)]


async def test_each_rounds_table_is_posted_below_the_last_rounds_result_and_the_old_one_goes(
    world: World, fake: FakeTelegram
) -> None:
    """From round 2 on the live table, with its UNO!/Catch!/Slap! buttons, sat above the results: one
    message up after round 1, two after round 2. A match of three rounds left 5 messages in the group (the
    lobby turned dealer's draw, the table, two rounds' results, the match's end), and leaves 5 now."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        first = table.table_message()
        for round_no in (1, 2):
            await _alice_wins_a_round(table)
            result = _group(table)[-1]
            assert spaced(result.text or "").startswith(f"🏁 Round {round_no}: Alice"), result.text
            dealt = await _dealt(table)
            assert _group(table)[-1] is dealt and _group(table)[-2] is result
            assert dealt.silent  # the next mover's hand rings, as a round's result does not
        group = table.group.id
        assert (group, first.message_id) not in fake.messages
        await _alice_wins_a_round(table, last=True)
        await table.bot.tick(SETTLED)
        left = _group(table)
        assert len(left) == 5, [message.text for message in left]
        assert (left[-1].text or "").startswith("🏆") and left[-2].message_id == dealt.message_id
        deletions = [call for call in fake.calls_to("deleteMessage") if int(call.params["chat_id"]) == group]
        assert len(deletions) == 2 and all(call.status == 200 for call in deletions)


async def test_a_rounds_result_goes_out_after_the_table_shows_the_play_that_ended_it(
    world: World, fake: FakeTelegram
) -> None:
    """The table's edit showing Alice's last card settles for a moment; the result posted meanwhile went
    out first, and for that moment the group read "Alice wins" under a table still waiting for her move."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        shown = table.table_message()
        await _alice_wins_a_round(table)
        await table.bot.tick(SETTLED)
        written = [
            (call.method, call.params.get("message_id"), call.params.get("text") or "")
            for call in fake.calls
            if call.method in ("sendMessage", "editMessageText")
            and int(call.params["chat_id"]) == table.group.id
        ]
        result = next(
            n for n, (method, _, text) in enumerate(written) if method == "sendMessage" and "🏁" in text
        )
        table_edits = [
            n
            for n, (method, message_id, _) in enumerate(written)
            if method == "editMessageText" and int(message_id) == shown.message_id
        ]
        assert table_edits and max(table_edits) < result


async def test_a_rounds_result_held_back_by_the_groups_window_still_goes_above_the_next_table(
    world: World, fake: FakeTelegram
) -> None:
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        alice = table.people[0]
        await table.arrange({"Alice": ["R1"], "Bob": ["B1", "B5"]}, top="R3", turn=alice)
        await fill_the_groups_window(table.bot, table.group)
        bot, played = table.bot, await table.card_button(alice, "R1")
        assert played is not None
        press(fake, alice, table.hand(alice), played)
        updates = await bot.app.bot.get_updates(
            offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES
        )
        bot.offset = updates[-1].update_id + 1
        await asyncio.gather(*(bot.app.process_update(update) for update in updates))  # no time passes
        assert not (_group(table)[-1].text or "").startswith("🏁")  # it waits for the group's window
        bot.clock.advance(ROUND_PAUSE_MS / 1000)
        await bot.timers.run_due()  # the next deal, the result still waiting
        dealt = await _dealt(table)
        result = _group(table)[-2]
        assert spaced(result.text or "").startswith("🏁 Round 1: Alice"), result.text
        assert _group(table)[-1] is dealt


async def test_a_restart_after_the_next_deal_leaves_one_table_below_the_result(
    world: World, fake: FakeTelegram
) -> None:
    """The new table was posted, the old one's deletion did not get through before the bot stopped: the
    next start deletes it."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        old = table.table_message()
        await _alice_wins_a_round(table)
        # (a failure of a moment is tried again: every try fails)
        fake.fail_next("deleteMessage", ApiError(502, "Bad Gateway"), times=ATTEMPTS, chat_id=table.group.id)
        dealt = await _dealt(table)
        assert (table.group.id, old.message_id) in fake.messages
    world.clock.advance(60)
    async with world.running() as bot:
        await bot.tick(SETTLED)
        assert (table.group.id, old.message_id) not in fake.messages
        assert fake.bot_messages_in(table.group)[-1] is dealt


async def test_an_old_table_once_deleted_is_not_deleted_again_by_the_next_start(
    world: World, fake: FakeTelegram
) -> None:
    """The game forgets the old table once it is gone: the next start tried to delete it again, a write
    spent on the group's window for Telegram's "message to delete not found"."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        old = table.table_message()
        await _alice_wins_a_round(table)
        await _dealt(table)
    world.clock.advance(60)
    async with world.running() as bot:
        await bot.tick(SETTLED)
    calls = [call.params for call in fake.calls_to("deleteMessage")]
    deletions = [int(p["message_id"]) for p in calls if int(p["chat_id"]) == table.group.id]
    assert deletions.count(old.message_id) == 1


async def test_a_restart_before_the_next_deals_table_was_posted_posts_it_below_the_result(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused the next deal's new table; the bot stopped before the game's next change: the next
    start posts it below the result and deletes the old one."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        old = table.table_message()
        await _alice_wins_a_round(table)
        result = _group(table)[-1]
        fake.fail_next(
            "sendMessage", ApiError(400, "Bad Request: message text is empty"), chat_id=table.group.id
        )
        await table.bot.tick(ROUND_PAUSE_MS / 1000)
        await table.bot.tick(SETTLED)
        assert _group(table)[-1] is result
    world.clock.advance(60)
    async with world.running() as bot:
        await bot.tick(SETTLED)
        record, _ = await bot.game(table.group)
        left = fake.bot_messages_in(table.group)
        assert (table.group.id, old.message_id) not in fake.messages
        assert left[-2] is result and left[-1].message_id == record.table_message_id


async def test_a_result_and_a_table_a_restart_posts_both_go_in_the_order_of_the_game(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram refused round 1's result and then the next deal's table (the game owes the result): the next
    start posts the result, and the table below it."""
    async with playing(world, fake, Rules(), names=("Alice", "Bob")) as table:
        refused = ApiError(400, "Bad Request: message text is empty")
        fake.fail_next("sendMessage", refused, times=2, chat_id=table.group.id)
        await _alice_wins_a_round(table)
        await table.bot.tick(ROUND_PAUSE_MS / 1000)
        await table.bot.tick(SETTLED)
        assert not any((message.text or "").startswith("🏁") for message in _group(table))
    world.clock.advance(60)
    async with world.running() as bot:
        await bot.tick(SETTLED)
        record, _ = await bot.game(table.group)
        left = fake.bot_messages_in(table.group)
        assert spaced(left[-2].text or "").startswith("🏁 Round 1: Alice"), [message.text for message in left]
        assert left[-1].message_id == record.table_message_id
