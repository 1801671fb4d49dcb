"""A catch window and the table /table posts anew: the new message's landing starts the window's time
again, it costs no edit as it is taken up, and the countdown no longer edits the old table, a second
/table queued behind a refused first included."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.engine.rules import Rules
from bot.tg.callback_data import Action
from bot.tg.repeats import REPOST_MS
from bot.tg.table_edits import SETTLE_SECONDS
from tests.e2e.flood_waits import alice_left_with_one_card_uncalled, let_pass, play_landed
from tests.e2e.harness import World, buttons, held_at_the_game, standing_still
from tests.e2e.matches import screen_queued
from tests.fake_bot_api import ApiCall, FakeTelegram
from tests.fake_bot_api.errors import bad_request, too_many_requests
from tests.rules_in_play.table import Table, playing


async def test_a_catch_window_a_new_table_message_shows_late_gets_its_time_from_when_it_lands(
    world: World, fake: FakeTelegram
) -> None:
    """The play's edit showing Catch! waits 8 s (429) of a 15 s window, and Bob asks for the table with
    /table: it goes in a new message as Telegram lets the bot write again, and the edit after it waits 10 s
    more. Only that edit's landing was followed, after the window had closed: the group had 7 s to catch
    Alice, and a press 14 s after the new message showed the window came "too late". Now the new message's
    landing starts the window's time again: before it is taken up as the game's table, whose edit (drawn as
    the message went out, so landing at once) would start it a moment later (session 55: the take-up held,
    or this test no longer catches that bug)."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=15)) as table:
        alice, bob, _ = table.people
        bot = table.bot
        await bot.tick(REPOST_MS / 1000)  # the deal's table is no longer the message just above
        await alice_left_with_one_card_uncalled(table, fake, 8)
        fake.fail_next("editMessageText", too_many_requests(10), chat_id=table.group.id)

        async def started_again() -> bool:
            deadline = (await table.state()).catch_deadline
            return deadline is not None and deadline >= _new_messages(table)[-1][0] * 1000 + 15_000

        async def started_as_it_landed() -> None:
            await standing_still(started_again, "the window started again as the new message landed")

        landed, board_id = await _table_asked_for_anew(table, started_as_it_landed)
        board = table.table_message()
        assert board.message_id == board_id
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await let_pass(bot, landed + 14 - bot.clock())
        # started again once: the take-up's edit, drawn before the restart, landing after it, told the window
        # as not seen and the edit after it (at +10) started it once more (25 s, not 15)
        assert (await table.state()).catch_deadline == landed * 1000 + 15_000
        caught = await table.press_data(bob, catch, board)
        assert not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3


async def _table_asked_for_anew(
    table: Table, before_it_is_taken_up: Callable[[], Awaitable[None]] | None = None
) -> tuple[float, int]:
    """Bob asks for the table with /table while the play's edit waits for the group (429): the new message is
    queued, virtual time standing still until then (the handler reaches the pacer after database work, on
    real time: the wait running out meanwhile let the play's edit go before the message meant to replace
    it), then goes out as the group's window lets it, and is taken up, virtual time standing still again
    (and the take-up held at the database until `before_it_is_taken_up` is done). When it landed, and its
    id."""
    bot = table.bot
    sends = len(_new_messages(table))
    with held_at_the_game(bot, "set_table_message") as (taking_up, go):
        table.fake.user_sends(table.people[1], table.group, "/table")
        asked = await bot.handed()  # the handler waits for the new message: virtual time goes on meanwhile
        await screen_queued(bot, table.group)
        while len(_new_messages(table)) == sends:
            await let_pass(bot, 1)
        await asyncio.wait_for(taking_up.wait(), 10)
        if before_it_is_taken_up is not None:
            await before_it_is_taken_up()
        go.set()

        async def taken_up() -> bool:
            return all(handling.done() for handling in asked)

        await standing_still(taken_up, "the new table message taken up")
    await asyncio.gather(*asked)
    return _new_messages(table)[sends]


def _new_messages(table: Table) -> list[tuple[float, int]]:
    """When each of the bot's messages in the group landed, and its id."""
    chat = str(table.group.id)
    calls = table.fake.calls_to("sendMessage")
    return [
        (call.time, call.response["result"]["message_id"])
        for call in calls
        if call.ok and str(call.params.get("chat_id")) == chat
    ]


async def test_a_table_posted_anew_in_a_catch_window_costs_no_edit_as_it_is_taken_up(
    world: World, fake: FakeTelegram
) -> None:
    """Bob asks for the table with /table while the Catch! window is open, and the new message waits 3 s for
    the group's window (429): it was drawn when asked for, so it said "Catch! ⏱ 15 s" as it landed, and the
    edit taking it up, in the same second, said 12 s: a group edit (of about 20 a minute) spent on that. Now
    it is drawn as it goes out, and the next edit of it is the window's countdown."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=15)) as table:
        bot = table.bot
        await bot.tick(REPOST_MS / 1000)  # the deal's table is no longer the message just above
        await alice_left_with_one_card_uncalled(table, fake, 3)
        landed, board_id = await _table_asked_for_anew(table)
        await let_pass(bot, 1)  # (the countdown's next edit is 2 s after it: 10 s left)
        board = (str(table.group.id), str(board_id))
        edits = [
            c
            for c in fake.calls_to("editMessageText")
            if (c.params["chat_id"], c.params["message_id"]) == board
        ]
        assert [call.time for call in edits if call.time < landed + 1] == []
        deadline = (await table.state()).catch_deadline
        assert deadline is not None
        left = round(deadline / 1000 - landed)
        assert f"Catch! ⏱\xa0{left}\xa0s" in (table.table_message().text or "")


async def test_a_catch_windows_countdown_no_longer_edits_the_table_posted_over_by_table(
    world: World, fake: FakeTelegram
) -> None:
    """Bob asks for the table with /table while the Catch! window counts down, and Telegram holds the bot's
    new messages in the group back 12 s (slow mode): the countdown went on editing the old table, out of
    sight (hence the /table) and deleted once the new one is in, a group write each time for nobody. The new
    message is drawn as it goes out, and the old one gets no edit after the /table."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=20)) as table:
        bot = table.bot
        await bot.tick(REPOST_MS / 1000)  # the deal's table is no longer the message just above
        await play_landed(table, await alice_left_with_one_card_uncalled(table, fake, 0))
        old = table.table_message().message_id
        edited = len(_edits_of(table, old))
        fake.fail_next("sendMessage", too_many_requests(12), chat_id=table.group.id)
        asked = bot.clock()
        landed, new = await _table_asked_for_anew(table)
        assert new != old and landed >= asked + 12  # two countdown steps (every 5 s) meanwhile
        await let_pass(bot, 3)
        assert len(_edits_of(table, old)) == edited


def _edits_of(table: Table, message_id: int) -> list[ApiCall]:
    """The edits of the group's message `message_id` that landed."""
    board = (str(table.group.id), str(message_id))
    calls = table.fake.calls_to("editMessageText")
    return [c for c in calls if c.ok and (str(c.params["chat_id"]), str(c.params["message_id"])) == board]


async def test_a_second_table_queued_behind_a_refused_first_keeps_the_countdown_off_the_old_table(
    world: World, fake: FakeTelegram
) -> None:
    """In a supergroup, /table again once the group talked on while the first's new message waited (429)
    queues a second. The first refused, its end took the second's place as on its way, and the countdown went
    back to editing the old table, out of sight and deleted once the second is in: past the refusal's redraw
    of it (the game as it is then), the old table gets no edit."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=30), supergroup=True) as table:
        bot, group = table.bot, table.group
        alice, bob, carol = table.people
        await bot.tick(REPOST_MS / 1000)  # the deal's table is no longer the message just above
        await play_landed(table, await alice_left_with_one_card_uncalled(table, fake, 0))
        old = table.table_message().message_id
        sends = len(_new_messages(table))
        fake.fail_next("sendMessage", too_many_requests(12), chat_id=group.id)
        fake.fail_next("sendMessage", bad_request("Bad Request: not enough rights"), chat_id=group.id)
        fake.fail_next("sendMessage", too_many_requests(12), chat_id=group.id)  # two countdown steps
        fake.user_sends(bob, group, "/table")
        asked = await bot.handed()
        await screen_queued(bot, group)
        for word in range(6):  # the first /table scrolls away
            fake.user_sends(carol, group, f"chatter {word}")
        fake.user_sends(alice, group, "/table")
        asked += await bot.handed()
        while not all(handling.done() for handling in asked):
            await let_pass(bot, 1)
        [(_, new)] = _new_messages(table)[sends:]
        assert table.table_message().message_id == new and (group.id, old) not in fake.messages
        [refused] = [call.time for call in fake.calls_to("sendMessage") if call.status == 400]
        assert [c.time for c in _edits_of(table, old) if c.time > refused + SETTLE_SECONDS] == []
