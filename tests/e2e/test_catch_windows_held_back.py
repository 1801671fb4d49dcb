"""A catch window whose table Telegram holds back from the group (a flood wait, 429): it gets its time from
when the table shows it, across a restart too, is not tried every second meanwhile, and the computers wait
for it; one shown at once or a little late keeps its deadline, and its closing edit goes ahead of other
topics' tables."""

from __future__ import annotations

import pytest

from bot.engine.rules import Rules
from bot.service.computer import CATCH_THOUGHT, computers_catch
from bot.tg.callback_data import Action
from bot.tg.pacing import Render
from bot.tg.timers import COMPUTER_DELAY_SECONDS
from tests.e2e.flood_waits import (
    alice_left_with_one_card_uncalled,
    group_edits,
    handled_not_settled,
    let_pass,
    play_landed,
    timeouts_tried,
)
from tests.e2e.harness import World, buttons, press, reaching_the_game_late, standing_still
from tests.e2e.matches import fill_the_groups_window
from tests.e2e.restarted import again
from tests.fake_bot_api import FakeTelegram, User
from tests.fake_bot_api.errors import too_many_requests
from tests.rules_in_play.table import Table, playing


async def _started_again(table: Table, played: int | None) -> None:
    """The catch window that closed at `played` is open again, with its time from now: as its table landed,
    virtual time going on while the database works (real time) ran the old deadline out."""

    async def started_again() -> bool:
        return (await table.state()).catch_deadline not in (played, None)

    await standing_still(started_again, "the window started again")


@pytest.mark.parametrize(
    ("window", "flood_wait"), [(15, 8), (10, 15)], ids=["held_most_of_it", "held_past_it"]
)
async def test_a_catch_window_a_flood_wait_kept_from_the_group_gets_its_time_from_when_it_shows(
    world: World, fake: FakeTelegram, window: int, flood_wait: int
) -> None:
    """Telegram makes the bot wait 8 s before it may edit the table to show Catch! (429), with 15 s a window:
    the group had 7 s at most to catch Alice, and a press 14 s after the table showed it came "too late".
    Held 15 s of 10 (a forum's two games in a flood, session 54), the window ran out before the group ever
    saw it, and Alice kept her one card uncaught. Now the window lasts its time from when the table shows
    it."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=window)) as table:
        alice, bob, _ = table.people
        bot = table.bot
        before = await alice_left_with_one_card_uncalled(table, fake, flood_wait)
        played = (await table.state()).catch_deadline
        landed = await play_landed(table, before)
        await _started_again(table, played)
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await let_pass(bot, landed + window - 1 - bot.clock())
        assert bot.clock() < landed + window
        caught = await table.press_data(bob, catch, board)
        assert not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3


async def _7_s_into_the_window_unshown(before: Table) -> None:
    """7 s of the catch window pass, its table not shown (a 30 s flood wait): the bot is stopped next."""
    await let_pass(before.bot, 7)
    assert "Catch!" not in (before.table_message().text or "")


async def _caught_after_the_restart(world: World, before: Table, target: User) -> None:
    """The bot starts again 1 s after it stopped 7 s into `target`'s 10 s catch window: 4 s after the start-up
    redraw, another's Catch! on it catches them."""
    world.clock.advance(1)
    async with world.running() as bot:
        table = again(before, bot)
        await bot.tick(4)  # 12 s since the play
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        catcher = next(user for user in table.people if user is not target)
        caught = await table.press_data(catcher, catch, board)
        assert not caught.show_alert
        assert len((await table.state()).hands[target.id]) == 3


async def test_a_catch_window_a_flood_kept_from_the_group_until_a_restart_gets_its_time_from_when_it_shows(
    world: World, fake: FakeTelegram
) -> None:
    """The table showing Catch! still waits for Telegram (429) when the bot restarts, 7 s into a 10 s window:
    the restarted bot took the window as shown before, so its start-up redraw, landing 8 s in, left the group
    2 s, and a Catch! 4 s after it was "too late" (a forum's three games in a flood, session 55). Now it gets
    its time from when the start-up redraw shows it, as a window whose table lands late without a restart."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=10)) as before:
        await alice_left_with_one_card_uncalled(before, fake, flood_wait=30)
        await _7_s_into_the_window_unshown(before)
    await _caught_after_the_restart(world, before, before.people[0])


async def test_a_catch_window_started_again_past_its_end_and_unshown_until_a_restart_gets_its_time_then(
    world: World, fake: FakeTelegram
) -> None:
    """The table lands 15 s late of 10: drawn past the window's end, it shows no Catch!, and the window
    started again as it landed waits for another edit, which a busy group makes wait 30 s; the bot restarts
    7 s into it. Its landing had stored the window as seen, and that survived the start again: the restarted
    bot took the new window as shown, left the group 3 s of it after the start-up redraw, and a Catch! 4 s
    after it was "too late". The window started again is news until its table lands, as one just opened is."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=10)) as before:
        group, held = str(before.group.id), []

        async def busy_after_the_first_edit(method: str, chat_id: str | None) -> None:
            landed = len(group_edits(before)) > edits
            if method == "editMessageText" and chat_id == group and landed and not held:
                held.append(method)
                raise too_many_requests(30)

        edits = await alice_left_with_one_card_uncalled(before, fake, 15)
        fake.transit = busy_after_the_first_edit
        played = (await before.state()).catch_deadline
        await play_landed(before, edits)
        await _started_again(before, played)
        await _7_s_into_the_window_unshown(before)
        assert held
    await _caught_after_the_restart(world, before, before.people[0])


async def test_a_window_shown_before_does_not_make_the_next_one_count_as_shown_across_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's catch window is shown and runs out; Bob's, next, waits for Telegram when the bot restarts: it
    too gets its time from when the start-up redraw shows it (what the group saw was Alice's)."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=10)) as before:
        bob = before.people[1]
        await before.arrange({"Alice": ["R5", "B9"], "Bob": ["R6", "Y2"]}, top="R3", turn=before.people[0])
        await before.play(before.people[0], "R5")
        assert "Catch!" in (before.table_message().text or "")
        await before.bot.tick(11)  # Alice's window runs out unused
        fake.fail_next("editMessageText", too_many_requests(30), chat_id=before.group.id)
        data = await before.card_button(bob, "R6")
        assert data is not None
        press(fake, bob, before.hand(bob), data)
        await handled_not_settled(before.bot)
        await before.bot.published(before.group)
        await _7_s_into_the_window_unshown(before)
    await _caught_after_the_restart(world, before, bob)


async def test_a_catch_window_waiting_for_its_table_is_not_tried_every_second(
    world: World, fake: FakeTelegram
) -> None:
    """The table shows Catch! 15 s late of 10 (a flood wait): from the window's end until the table landed,
    its deadline job found it waiting and came back a second later, a unit of work (the single writer's
    lock) each time, in exactly the busy groups that wait. It waits for the table's landing instead."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=10)) as table:
        bot = table.bot
        with timeouts_tried(bot) as tried:
            before = await alice_left_with_one_card_uncalled(table, fake, 15)
            played = (await table.state()).catch_deadline
            landed = await play_landed(table, before)
            await _started_again(table, played)
        assert played is not None and landed > played / 1000 + 3
        assert tried == []


async def test_a_computer_next_waits_for_a_catch_window_whose_table_lands_after_its_end(
    world: World, fake: FakeTelegram
) -> None:
    """The table shows Catch! 15 s late of 10, a computer next after Alice: it moved as the window's seconds
    ran out, which closed the window before the group ever saw it. It waits for the table, as the window
    does, which then has its time."""
    rules = Rules().changed(uno_window_seconds=10)
    async with playing(world, fake, rules, names=("Alice",), computers=1) as table:
        alice = table.people[0]
        computer = next(player for player in (await table.state()).players if player != alice.id)
        before = await alice_left_with_one_card_uncalled(table, fake, 15, next_player=computer)
        played = (await table.state()).catch_deadline
        await play_landed(table, before)
        await _started_again(table, played)
        state = await table.state()
        assert state.catchable == [alice.id] and state.turn == computer


async def test_computers_wait_for_the_table_showing_a_window_started_again_after_its_end(
    world: World, fake: FakeTelegram
) -> None:
    """The table lands 15 s late of 10: drawn past the window's end, it shows no Catch!, and the window
    starting again as it landed takes another edit, which a busy group makes wait 8 s more. The computer
    next caught Alice (or moved on, closing the window) a few seconds after the first edit, before the group
    saw Catch!. It waits for the edit showing it."""
    rules = Rules().changed(uno_window_seconds=10)
    async with playing(world, fake, rules, names=("Alice",), computers=1) as table:
        alice = table.people[0]
        computer = next(player for player in (await table.state()).players if player != alice.id)
        group, held = str(table.group.id), []

        async def busy_after_the_first_edit(method: str, chat_id: str | None) -> None:
            landed = len(group_edits(table)) > before
            if method == "editMessageText" and chat_id == group and landed and not held:
                held.append(method)
                raise too_many_requests(8)

        before = await alice_left_with_one_card_uncalled(table, fake, 15, next_player=computer)
        fake.transit = busy_after_the_first_edit
        played = (await table.state()).catch_deadline
        await play_landed(table, before)
        await _started_again(table, played)
        assert not any(data.action is Action.CATCH for _, data in buttons(table.table_message()))
        await play_landed(table, before + 1)
        assert held and any(data.action is Action.CATCH for _, data in buttons(table.table_message()))
        state = await table.state()
        assert state.catchable == [alice.id] and len(state.hands[alice.id]) == 1


async def test_a_catch_window_shown_at_once_or_a_little_late_keeps_its_deadline(
    world: World, fake: FakeTelegram
) -> None:
    """The table shows Catch! at once, or 3 s late in a busy group, of 20 s: the window keeps the deadline
    the play set, and the group's table costs no edit more than it did: the play's, the countdown's (every
    5 s shown) and the window's end."""
    for flood_wait in (0, 3):
        async with playing(world, fake, Rules().changed(uno_window_seconds=20)) as table:
            bot = table.bot
            edits = await alice_left_with_one_card_uncalled(table, fake, flood_wait)
            deadline = (await table.state()).catch_deadline
            assert deadline is not None
            await play_landed(table, edits)
            await let_pass(bot, 1)
            assert (await table.state()).catch_deadline == deadline
            await let_pass(bot, deadline / 1000 - bot.clock() + 1)
            state = await table.state()
            assert state.catch_deadline is None and state.catchable == []
            assert len(group_edits(table)) - edits <= 5  # (the pacer may take two into one)


async def test_a_closed_catch_window_leaves_the_table_before_the_other_topics_screens_waiting(
    world: World, fake: FakeTelegram
) -> None:
    """A flooded forum: the group takes a write every 3 s, and other topics' tables wait for it as Alice's
    catch window closes. The edit taking Catch! off her table waited behind them (3 s each): the button stayed
    2-6 s after the window closed. It goes ahead of them."""
    async with playing(world, fake, Rules().changed(turn_seconds=0, uno_window_seconds=10)) as table:
        bot, group = table.bot, table.group
        pacer = bot.rt.pacer
        assert pacer is not None
        await fill_the_groups_window(bot, group)
        others = [m.message_id for m in fake.bot_messages_in(group) if (m.text or "").startswith("note")][:3]
        await play_landed(table, await alice_left_with_one_card_uncalled(table, fake, 0))
        deadline = (await table.state()).catch_deadline
        assert deadline is not None
        await let_pass(bot, deadline / 1000 - bot.clock() - 2)
        for n, other in enumerate(others):  # the other topics' tables (their games' moves)
            pacer.edit(group.id, other, Render(f"room {n}: a move"))
        board = table.table_message().message_id

        async def closing_queued() -> bool:
            return board in pacer._chats[group.id].pending_edits

        while bot.clock() < deadline / 1000:
            await let_pass(bot, 1)
        await standing_still(closing_queued, "the window's closing edit queued")
        await bot.clock.run(pacer.drain())
        edited = [
            int(c.params["message_id"])
            for c in fake.calls_to("editMessageText")
            if c.ok and str(c.params["chat_id"]) == str(group.id) and c.time >= deadline / 1000
        ]
        assert edited[:1] == [board]  # then the other topics' (without it: 3 s and 6 s later)
        assert not any(data.action is Action.CATCH for _, data in buttons(table.table_message()))


async def test_computers_catch_no_sooner_than_people_could_once_the_table_shows_the_window(
    world: World, fake: FakeTelegram
) -> None:
    """The table shows Catch! 5 s late of 30 (a busy group; the window keeps its deadline): a computer caught
    Alice 1.8-4.2 s after her play, before the group could see she was catchable. Its thinking now starts
    when the table shows the window."""
    rules = Rules().changed(uno_window_seconds=30)
    async with playing(world, fake, rules, names=("Alice", "Bob"), computers=2) as table:
        alice, _ = table.people
        bot = table.bot
        for _ in range(12):  # computers catch in some windows only (decided by the window's deadline)
            before = await alice_left_with_one_card_uncalled(table, fake, 5)
            if computers_catch(await table.state()):
                break
            await let_pass(bot, 32)
        else:
            raise AssertionError("computers caught in no window")
        landed = await play_landed(table, before)
        await let_pass(bot, landed + COMPUTER_DELAY_SECONDS * 0.6 * CATCH_THOUGHT - 0.5 - bot.clock())
        assert len((await table.state()).hands[alice.id]) == 1
        await let_pass(bot, landed + COMPUTER_DELAY_SECONDS * 1.4 * CATCH_THOUGHT + 1 - bot.clock())
        assert len((await table.state()).hands[alice.id]) == 3


async def test_a_catch_window_shown_just_before_its_end_gets_its_time_though_its_restart_comes_after_it(
    world: World, fake: FakeTelegram
) -> None:
    """The table shows Catch! 15 s late of 16 (a flood wait), and the window's restart reaches the game 2 s
    later: it found the window run out, so the group had 1 s to catch Alice. The restart goes by when the
    table landed, not by when the database got to it."""
    async with playing(world, fake, Rules().changed(uno_window_seconds=16)) as table:
        alice, bob, _ = table.people
        bot = table.bot
        with reaching_the_game_late(bot, "catch_told_late", 2):
            before = await alice_left_with_one_card_uncalled(table, fake, 15)
            landed = await play_landed(table, before)

            async def started_again() -> bool:
                deadline = (await table.state()).catch_deadline
                return deadline is not None and deadline >= landed * 1000 + 16_000

            await standing_still(started_again, "the window started again")
        board = table.table_message()
        catch = next(data for _, data in buttons(board) if data.action is Action.CATCH)
        await let_pass(bot, landed + 15 - bot.clock())
        caught = await table.press_data(bob, catch, board)
        assert not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3
