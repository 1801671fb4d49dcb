"""Timers due while the bot was cut off from Telegram or its database: a catch window and a slow turn's
redraw wait for the outage's end; a blip (too short to give time back) holds a deadline due in it until
Telegram answers, a press it kept counting first; one chat's failing writes are no outage; an idle lobby's or
match's minutes stand still meanwhile (a lobby's, too, when the clock is set back after); a game gone as the
games resume leaves the others to resume."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import pytest
from telegram import Update

from bot.engine.rules import Rules
from bot.storage import GameRecord, GameStatus
from bot.tg.callback_data import Action
from bot.tg.outages import LONG_MS, PROBE_SECONDS
from bot.tg.paced_writes import MAX_TRANSIENT_RETRIES
from bot.tg.timers import REMIND_BEFORE_MS, STARTUP_GRACE_SECONDS
from tests.e2e.harness import Bot, World, choices, hand_message, press
from tests.e2e.locked_database import database_locked
from tests.e2e.matches import deal, gather, use_quick_rules, whose_turn
from tests.e2e.outages import PEOPLE, dealt, status, turn_deadline
from tests.e2e.telegram_cut_off import (
    JUMP,
    cut_telegram,
    poll_fails,
    telegram_back,
    telegram_out,
)
from tests.fake_bot_api import ApiError, FakeTelegram
from tests.narrow_phone import spaced
from tests.rules_in_play.table import playing
from tests.sql_statements import statements_run

SETTLED = 30  # seconds for every paced and settling write to go out


async def test_a_catch_window_open_when_telegram_went_out_of_reach_stays_open_as_long_after(
    world: World, fake: FakeTelegram
) -> None:
    """Alice forgot UNO! and Telegram went out of reach: nobody saw the Catch! button meanwhile. Before: the
    window closed at its deadline during the outage, and Bob's Catch! afterwards missed."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R5")  # no UNO! call: the catch window opens
        board = table.table_message()
        await telegram_out(table.bot, 30)
        caught = await table.press(bob, Action.CATCH, board)
        assert caught.answered and not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3


async def test_a_slow_turns_redraw_due_while_the_database_is_out_of_reach_waits_for_it(
    sqlite_world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """The database was locked as the turn's 20 s redraw came due, nothing else tried it meanwhile: the redraw
    waits for the outage's end (a short one: the turn runs on). Before: its read failed, logged as a
    background task's failure (an ERROR with its traceback) for a known condition; a debug line without
    the traceback still tells what failed (session 51: nothing did, so a real bug met then left no trace)."""
    world = sqlite_world
    caplog.set_level(logging.DEBUG, logger="bot.tg.timers")
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        redraw_due = (await turn_deadline(bot, group) - REMIND_BEFORE_MS) / 1000 - bot.clock()
        with database_locked(world.database_url):
            await bot.tick(redraw_due + 1)
        await bot.tick(5)
        assert [record.levelno for record in caplog.records if record.levelno >= logging.ERROR] == []
        failed = [
            r.getMessage() for r in caplog.records if "a redraw failed during an outage" in r.getMessage()
        ]
        assert len(failed) == 1 and "locked" in failed[0], failed
        _, doc = await bot.game(group)
        assert doc.state.actor == on_turn.id and doc.state.afk == {}


async def test_a_slow_turns_redraw_due_during_a_short_telegram_outage_comes_after_it(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 5 s as the turn's 20 s redraw came due (too short an outage to redraw
    every screen at its end): once it is back, the turn player's hand is redrawn, as the redraw would have.
    Before: its writes were given up during the outage, and it never came."""
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        redraw_due = (await turn_deadline(bot, group) - REMIND_BEFORE_MS) / 1000 - bot.clock()
        await bot.tick(redraw_due - 2)
        cut_telegram(fake)
        await poll_fails(bot)
        await bot.tick(5)
        await telegram_back(bot)
        back = len(fake.calls)
        await bot.tick(3)
        edits = [call for call in fake.calls[back:] if call.method == "editMessageText"]
        assert [call for call in edits if int(call.params["chat_id"]) == on_turn.id]
        assert (await bot.game(group))[1].state.actor == on_turn.id


async def test_a_catch_windows_countdown_due_while_the_database_is_out_of_reach_waits_for_it(
    sqlite_world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Alice forgot UNO!, and the database was locked as the window's countdown came due: the countdown waits
    for the outage's end, and Bob's Catch! afterwards counts. Before: its read failed, logged as an ERROR."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(sqlite_world, fake, Rules()) as table:
        alice, bob, _ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.play(alice, "R5")  # no UNO! call: the catch window opens
        board = table.table_message()
        with database_locked(sqlite_world.database_url):  # from its first countdown's redraw, 5 s in
            for _ in range(4):
                await table.bot.tick(5)
        await table.bot.tick(5)  # back: the window gets back the time it was out of reach
        assert [record.levelno for record in caplog.records if record.levelno >= logging.ERROR] == []
        caught = await table.press(bob, Action.CATCH, board)
        assert caught.answered and not caught.show_alert
        assert len((await table.state()).hands[alice.id]) == 3


async def test_one_chats_failing_writes_are_no_outage(world: World, fake: FakeTelegram) -> None:
    """Telegram answers the group's round result with a 502 after a second, for all its retries, while
    nothing else is called: that chat's trouble, not Telegram out of reach. Before: the failures, seconds
    apart, read as an outage of 10 s or more ("Telegram is back after 12.5 s"): the match was given time
    back and every screen redrawn, the result the group was owed posted at once."""
    hands = {"Alice": ["R1"], "Bob": ["B1", "B2"], "Carol": ["G3", "G4"]}
    async with playing(world, fake, Rules()) as table:
        alice, *_ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await table.bot.tick(SETTLED)
        group = str(table.group.id)

        async def slow_gateway(method: str, chat_id: str | None) -> None:
            if method == "sendMessage" and chat_id == group:
                await table.bot.clock.sleep(1)

        fake.transit = slow_gateway
        bad_gateway = ApiError(502, "Bad Gateway")
        fake.fail_next("sendMessage", bad_gateway, MAX_TRANSIENT_RETRIES + 1, table.group.id)
        await table.play(alice, "R1")  # her last card: the round's result is posted (and refused)
        await table.bot.tick(SETTLED)
        assert not [
            m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in spaced(m.text or "")
        ]


async def test_a_blip_that_held_nothing_back_reads_no_game(world: World, fake: FakeTelegram) -> None:
    """One poll answered 502, the next one through: no deadline came due, no computer waited meanwhile, so
    its end has nothing to do. Before: the end of every such blip re-read every active game to arm its
    timers again."""
    async with world.running() as bot:
        await dealt(world, fake, bot)
        await dealt(world, fake, bot, "Neighbours")
        with statements_run(bot.rt.database) as statements:
            cut_telegram(fake)
            await poll_fails(bot)
            await telegram_back(bot)
            await bot.settle()
        assert statements == []


async def test_a_deadline_that_came_due_during_a_blip_acts_after_it(world: World, fake: FakeTelegram) -> None:
    """The turn ran out while Telegram was out of reach for a few seconds (too short to give time back): its
    timeout waited, and acts once Telegram answers again, after the grace a press Telegram kept has."""
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        left = await turn_deadline(bot, group) / 1000 - bot.clock()
        await bot.tick(left - 1)
        cut_telegram(fake)
        await poll_fails(bot)
        await bot.tick(2)  # the turn's deadline passes, held
        assert (await bot.game(group))[1].state.afk == {}
        await telegram_back(bot)
        # The blip's end arms the held deadline again in the background: a read of the game, which on
        # PostgreSQL (a socket) may outlast the call, and `tick` runs only the jobs armed before it.
        await bot.settle()
        await bot.tick(STARTUP_GRACE_SECONDS - 1)
        assert (await bot.game(group))[1].state.afk == {}
        await bot.tick(1)
        assert (await bot.game(group))[1].state.afk == {on_turn.id: 1}


async def _polled_first_the_timers_ahead(bot: Bot) -> None:
    """Telegram's first answer after the blip is polling's, carrying the press it kept; the blip's end arms
    the held deadline again, and its job gets the loop before the press is handled (the worst order)."""
    updates = await bot.clock.run(
        bot.app.bot.get_updates(offset=bot.offset, timeout=0, allowed_updates=Update.ALL_TYPES)
    )
    await bot.settle()
    await bot.timers.run_due()
    for update in updates:
        bot.offset = update.update_id + 1
        await bot.clock.run(bot.app.process_update(update))
    await bot.settle()


async def _probed_first(bot: Bot) -> None:
    """Another call finds Telegram back first (the probe's, 5 s after the first failure); polling, which waits
    longer after each failed call (1 s, then 1.5 s, 2.25 s...), fetches the press it kept a second later."""
    await bot.tick(PROBE_SECONDS - 2)
    await bot.tick(1)
    await bot.deliver()


@pytest.mark.parametrize("back", [_polled_first_the_timers_ahead, _probed_first], ids=["polled", "probed"])
async def test_a_press_made_before_the_deadline_in_a_blip_counts_though_the_deadline_passed_meanwhile(
    world: World, fake: FakeTelegram, back: Callable[[Bot], Awaitable[None]]
) -> None:
    """A player presses a second before their turn's end while Telegram is out of reach for a few seconds (too
    short to give time back); Telegram keeps the press. The blip's end re-arms the held deadline: the press
    counts, and the timeout does not act over it, whichever runs first. Before: the timeout fired as soon as
    Telegram answered, and the press, handled after it (fetched a second later when another call found
    Telegram back first), was refused."""
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        await bot.tick(await turn_deadline(bot, group) / 1000 - bot.clock() - 1)
        cut_telegram(fake)
        await poll_fails(bot)
        message = hand_message(fake, on_turn)
        press(fake, on_turn, message, choices(message)[0])
        await bot.tick(2)  # the turn's deadline passes, held
        fake.faults = None
        await back(bot)
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        _, after = await bot.game(group)
        assert after.state.afk == {}
        assert len(after.state.hands[on_turn.id]) < len(before.state.hands[on_turn.id])  # she played


async def test_one_failed_call_long_before_the_next_is_a_blip_not_an_outage_that_long(
    world: World, fake: FakeTelegram
) -> None:
    """A poll failed, and the bot made no call for a minute (its probe not run yet): the next call's answer
    ends an outage that lasted no longer than the probe would have taken to find Telegram back, not the
    minute; a blip gives the turn no time back."""
    async with world.running() as bot:
        group, _ = await dealt(world, fake, bot)
        deadline = await turn_deadline(bot, group)
        cut_telegram(fake)
        await poll_fails(bot)
        fake.faults = None
        bot.clock.advance(60)
        await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))
        await bot.settle()
        assert await turn_deadline(bot, group) == deadline


@pytest.mark.parametrize(
    ("polls", "every"), [(3, 4.5), (2, 5.0)], ids=["13.5 s", "10 s, the shortest long one"]
)
async def test_a_deadline_due_while_the_games_get_their_time_back_waits_for_it(
    world: World, fake: FakeTelegram, polls: int, every: float
) -> None:
    """Telegram was out of reach for 13 s and came back 2 s before the turn's end: the turn's timer fired
    before the game had been given back the 13 s, and Alice missed a turn nobody could see. An outage of
    LONG_MS exactly is a long one: its time is given back, and the deadlines wait for it too."""
    async with world.running() as bot:
        group, _ = await dealt(world, fake, bot)
        deadline = await turn_deadline(bot, group)
        await bot.tick(deadline / 1000 - bot.clock() - 15)
        cut_telegram(fake)
        for _ in range(polls):
            await poll_fails(bot)
            await bot.tick(every)
        assert polls * every * 1000 >= LONG_MS
        fake.faults = None
        # Back: the games get their time back in the background; the turn's old deadline passes before then.
        await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.clock.advance(16 - polls * every)
        await bot.timers.run_due()
        await bot.settle()
        assert (await bot.game(group))[1].state.afk == {}
        assert await turn_deadline(bot, group) > deadline


async def test_an_idle_lobby_does_not_count_an_outage(world: World, fake: FakeTelegram) -> None:
    """Nobody could join while Telegram was out of reach: the lobby's 10 idle minutes stand still meanwhile.
    Before: a lobby idle for 9 minutes closed as soon as a 3-minute outage was over."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in PEOPLE]
        group = fake.add_group("Friends", members=people)
        await gather(bot, fake, group, people[:1])
        await bot.tick(9 * 60)
        await telegram_out(bot, 180)
        await bot.tick(30)
        assert await status(bot, group) is GameStatus.LOBBY
        await bot.tick(60)  # 10 minutes of its own, and the outage's 3: it closes
        assert await status(bot, group) is None


async def test_an_idle_lobby_still_counts_an_outage_after_the_clock_was_set_back(
    world: World, fake: FakeTelegram
) -> None:
    """The lobby's idle minutes wait for the outage's 3 (`idle_since`), then the clock is set back two hours:
    it closes after 10 minutes of its own all the same. Before: the jump moved back its last activity, not
    the outage's end its idle minutes count from, and the lobby stayed open two hours longer."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in PEOPLE]
        group = fake.add_group("Friends", members=people)
        await gather(bot, fake, group, people[:1])
        await bot.tick(5 * 60)
        await telegram_out(bot, 180)
        bot.clock.jump(-JUMP)
        await bot.tick(4 * 60)
        assert await status(bot, group) is GameStatus.LOBBY
        await bot.tick(60)  # 10 minutes of its own, and the outage's 3: its timer sees the jump
        await bot.tick(STARTUP_GRACE_SECONDS + 1)  # (as after an outage)
        assert await status(bot, group) is None


async def test_an_idle_match_does_not_count_an_outage(world: World, fake: FakeTelegram) -> None:
    """No turn timer: a match nobody moves in stops after an hour, but not for the time nobody could move
    because the bot was out of reach. Before: one idle for 59 minutes stopped as soon as a 3-minute outage
    was over."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in PEOPLE]
        group = fake.add_group("Friends", members=people)
        await use_quick_rules(world, group, {"target_score": 100, "turn_seconds": 0})
        await deal(bot, fake, group, people)
        await bot.tick(59 * 60)
        await telegram_out(bot, 180)
        await bot.tick(30)
        assert await status(bot, group) is GameStatus.RUNNING
        await bot.tick(60)  # an hour of its own, and the outage's 3 minutes: it stops
        assert await status(bot, group) is None


async def test_a_game_gone_while_the_games_resume_leaves_the_others_to_resume(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first of the active games was deleted (a lobby nobody saw, discarded) after the outage's end listed
    them and before it gave that one its time back. Before: its refusal ("no_game") ended the whole resume,
    and the other match's turn, whose deadline had come due during the outage, never ran out."""
    async with world.running() as bot:
        await dealt(world, fake, bot, "Neighbours")  # (listed first: the one gone meanwhile)
        group, people = await dealt(world, fake, bot)
        await bot.tick(50)  # 10 s of the turn's 60 left
        on_turn = await whose_turn(bot, group, people)
        listing = bot.rt.service.active_games

        async def listed_then_one_gone() -> list[GameRecord]:
            listed = await listing()
            async with bot.rt.database.unit_of_work() as uow:
                await uow.games.delete(listed[0].id)
            return listed

        monkeypatch.setattr(bot.rt.service, "active_games", listed_then_one_gone)
        await telegram_out(bot, 30)  # its turn's deadline passes meanwhile, held
        await bot.settle()
        await bot.tick(10 + STARTUP_GRACE_SECONDS + 1)
        assert (await bot.game(group))[1].state.afk == {on_turn.id: 1}
