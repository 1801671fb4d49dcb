"""Outages mid-match: Telegram out of reach (every Bot API call fails), the database out of reach (its SQLite
file locked by another program). Nobody could see the table or press meanwhile: the turn gets the time it had
when the outage began, nobody misses a turn (nor is removed for missing turns) while the bot was cut off, the
presses Telegram kept count, and the timers run again within seconds once the bot is back."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable

import pytest
from telegram import Update
from telegram.error import NetworkError

from bot.engine.rules import Rules
from bot.service import Place
from bot.storage import GameRecord, GameStatus
from bot.tg import app
from bot.tg.app import DOWNTIME_KEY, OUTAGES_KEY
from bot.tg.callback_data import Action
from bot.tg.outages import LONG_MS, PROBE_SECONDS, Outages
from bot.tg.paced_writes import MAX_TRANSIENT_RETRIES
from bot.tg.timers import REMIND_BEFORE_MS, STARTUP_GRACE_SECONDS
from tests.e2e.cut_short import second_give_back_hangs
from tests.e2e.harness import Bot, World, choices, hand_message, press, press_action
from tests.e2e.locked_database import database_locked, locked_once_returned, running_written_down_refused
from tests.e2e.matches import deal, gather, use_quick_rules, whose_turn
from tests.fake_bot_api import ApiError, Chat, FakeTelegram, Fault, Faults, User
from tests.rules_in_play.table import playing
from tests.sql_statements import statements_run

PEOPLE = ("Alice", "Bob")
OUTAGES = (30, 180)  # seconds: a blip users notice, and a long one
NOT_SAVED = "⚠️ Couldn't save that just now. Please try again in a moment."
NOT_READ = "⚠️ I can't reach my game records just now. Please try again in a moment."
SETTLED = 30  # seconds for every paced and settling write to go out
JUMP = 2 * 60 * 60  # seconds the wall clock jumps
NBSP = "\u00a0"  # between a number and its unit


async def _dealt(
    world: World, fake: FakeTelegram, bot: Bot, title: str = "Friends", language: str | None = None
) -> tuple[Chat, list[User]]:
    """A match dealt in `title` (its people's Telegram in `language`, and the chat's, if given)."""
    people = [fake.add_user(name, language_code=language or "en") for name in PEOPLE]
    group = fake.add_group(title, members=people)
    await use_quick_rules(world, group, language=language)
    await deal(bot, fake, group, people)
    return group, people


async def _press_refused_while_locked(
    world: World, fake: FakeTelegram, bot: Bot, locked_for: int = 0
) -> tuple[Chat, list[User]]:
    """A match dealt, its turn's press refused while the database is locked (for `locked_for` seconds more),
    then the lock released: the bot has not tried the database since."""
    group, people = await _dealt(world, fake, bot)
    on_turn = await whose_turn(bot, group, people)
    with database_locked(world.database_url):
        message = hand_message(fake, on_turn)
        refused = press(fake, on_turn, message, choices(message)[0])
        await bot.deliver()
        if locked_for:
            await bot.tick(locked_for)
    assert refused.answer_text == NOT_SAVED
    return group, people


async def _turn_deadline(bot: Bot, group: Chat) -> int:
    _, doc = await bot.game(group)
    assert doc.state.turn_deadline is not None
    return doc.state.turn_deadline


def _table_text(fake: FakeTelegram, group: Chat) -> str:
    """The group's table message as people read it now."""
    return next(m for m in reversed(fake.bot_messages_in(group)) if m.buttons).text or ""


def _cut_telegram(fake: FakeTelegram) -> None:
    """Every Bot API call answers 502, start-up's too."""
    fake.faults = Faults(rate=1.0, kinds=(Fault.SERVER,), spared=frozenset())


async def _poll_fails(bot: Bot) -> None:
    """What the bot's polling meets while Telegram is out of reach."""
    with pytest.raises(NetworkError):
        await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))


async def _telegram_out(bot: Bot, seconds: int) -> None:
    """Telegram out of reach for `seconds` while the bot keeps polling (and its timers run); then its
    polling gets through again."""
    _cut_telegram(bot.fake)
    for _ in range(0, seconds, 5):
        await _poll_fails(bot)
        await bot.tick(5)
    await _telegram_back(bot)
    await bot.deliver()


async def _telegram_back(bot: Bot) -> None:
    """Telegram within reach again: the bot's polling gets through."""
    bot.fake.faults = None
    await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))


async def _the_turn_kept_its_time(bot: Bot, group: Chat) -> None:
    """Once Telegram is back, the turn still has most of its 60 s, and does not run out at the next tick."""
    await bot.settle()
    assert await _turn_deadline(bot, group) - int(bot.clock() * 1000) > 30_000
    await bot.tick(STARTUP_GRACE_SECONDS + 1)
    assert (await bot.game(group))[1].state.afk == {}


async def _telegram_out_then_the_clock_jumps(bot: Bot, jump: int = -JUMP) -> None:
    """Telegram out of reach for 15 s, then the wall clock jumps `jump` seconds (nothing reads it meanwhile);
    Telegram is still out of reach."""
    _cut_telegram(bot.fake)
    for _ in range(3):
        await _poll_fails(bot)
        await bot.tick(5)
    bot.clock.jump(jump)


@pytest.mark.parametrize("seconds", OUTAGES)
async def test_a_turn_keeps_its_time_through_a_telegram_outage(
    world: World, fake: FakeTelegram, seconds: int
) -> None:
    """Before: the turn ran out while nobody could see it ("Alice missed her turn"), turn after turn; three
    minutes removed both players for missing their turns and ended the match with no winner."""
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        await bot.tick(50)  # 10 s of the turn's 60 left
        on_turn = await whose_turn(bot, group, people)
        deadline = await _turn_deadline(bot, group)
        await _telegram_out(bot, seconds)
        await bot.tick(1)
        _, doc = await bot.game(group)
        assert doc.state.afk == {} and len(doc.state.players) == 2
        assert await whose_turn(bot, group, people) == on_turn
        assert await _turn_deadline(bot, group) >= deadline + seconds * 1000  # the time lost, given back
        message = hand_message(fake, on_turn)  # their hand, playable
        query = press(fake, on_turn, message, choices(message)[0])
        await bot.deliver()
        assert query.answered and not query.show_alert


@pytest.mark.parametrize("seconds", OUTAGES)
async def test_a_press_made_during_a_telegram_outage_counts(
    world: World, fake: FakeTelegram, seconds: int
) -> None:
    """Telegram keeps a press made while the bot could not reach it; the turn must not have run out under
    it meanwhile. Before: the timer took the turn (a card drawn for them), and the press was refused."""
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        _cut_telegram(fake)
        await _poll_fails(bot)
        message = hand_message(fake, on_turn)
        press(fake, on_turn, message, choices(message)[0])
        for _ in range(0, seconds, 5):
            await bot.tick(5)
        fake.faults = None
        await bot.deliver()
        _, after = await bot.game(group)
        assert after.state.afk == {}
        assert after.state.seq > before.state.seq  # (too late for Telegram to take its answer)
        assert len(after.state.hands[on_turn.id]) != len(before.state.hands[on_turn.id])


@pytest.mark.parametrize("seconds", OUTAGES)
async def test_a_turn_keeps_its_time_through_a_database_outage(
    sqlite_world: World, fake: FakeTelegram, seconds: int
) -> None:
    """The player pressed while nothing could be saved: told so, their move not made; once the database is
    back, the turn has the time it had then, and the timers run again at once. Before: the turn ran out as
    soon as a timer got through, after a back-off of up to 5 minutes; the press was answered "Sorry,
    something went wrong on my side"."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        deadline = await _turn_deadline(bot, group)
        left = deadline - int(bot.clock() * 1000)
        _, before = await bot.game(group)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            refused = press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
            assert refused.answer_text == NOT_SAVED
            for _ in range(0, seconds, 5):
                await bot.tick(5)
        await bot.tick(5)
        _, doc = await bot.game(group)
        assert doc.state.afk == {} and doc.state.hands == before.state.hands
        assert await whose_turn(bot, group, people) == on_turn
        assert await _turn_deadline(bot, group) >= deadline + seconds * 1000
        await bot.tick(left / 1000 + 5)  # the timers run again: the turn runs out on time
        _, doc = await bot.game(group)
        assert doc.state.afk == {on_turn.id: 1}


@pytest.mark.parametrize(
    ("seconds", "told"),
    [
        (5, None),
        (30, "⏸ I couldn't reach Telegram for 30 s: every turn got its time back."),
        (180, "⏸ I couldn't reach Telegram for 3 min: every turn got its time back."),
    ],
    ids=["a blip", "30 s", "3 min"],
)
async def test_the_table_says_why_the_game_stood_still_until_the_next_move(
    world: World, fake: FakeTelegram, seconds: int, told: str | None
) -> None:
    """After a long outage (not a blip, which gives no time back), the table redrawn with the turn's time
    back says why the game stood still, until the next move. Before: nobody was told why (a press had just
    spun)."""
    hands = {"Alice": ["R5", "B9", "G7"], "Bob": ["Y1", "R2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as table:
        alice, *_ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _telegram_out(table.bot, seconds)
        await table.bot.settle()
        shown = [line for line in table.text().splitlines() if line.startswith("⏸")]
        assert shown == ([told] if told else [])
        await table.play(alice, "R5")
        await table.bot.settle()
        assert "⏸" not in table.text()


async def test_a_match_without_a_turn_timer_is_not_told_its_turns_got_their_time_back(
    world: World, fake: FakeTelegram
) -> None:
    """No turn timer: after a long outage the table does not say "every turn got its time back", which no
    turn had to lose (the idle hour is moved on quietly)."""
    hands = {"Alice": ["R5", "B9", "G7"], "Bob": ["Y1", "R2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules(turn_seconds=0)) as table:
        alice, *_ = table.people
        await table.arrange(hands, top="R3", turn=alice)
        await _telegram_out(table.bot, 180)
        await table.bot.settle()
        assert "⏸" not in table.text()


async def test_a_russian_table_says_the_game_records_were_out_of_reach(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """The database locked for half a minute (from the press it refused to the probe that found it back
    35 s later): the Russian group's table tells it, in Russian."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot, "Друзья", language="ru")
        on_turn = await whose_turn(bot, group, people)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
            for _ in range(6):
                await bot.tick(5)
        await bot.tick(5)
        told = f"⏸ Записи об играх были недоступны 35{NBSP}с: потерянное время на ход возвращено."  # noqa: RUF001
        assert told in _table_text(fake, group).splitlines()


async def test_telegram_back_while_the_database_is_still_out_ends_no_outage(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Both were out of reach and Telegram came back first: the outage goes on until the database is back
    too, and then the turn gets back the time it lost and its timer runs again."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        deadline = await _turn_deadline(bot, group)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
            _cut_telegram(fake)
            await _poll_fails(bot)
            await bot.tick(15)
            await _telegram_back(bot)
            await bot.tick(15)
        await bot.tick(5)
        assert await _turn_deadline(bot, group) >= deadline + 30_000
        told = "⏸ I couldn't reach Telegram or my game records for"
        assert any(line.startswith(told) for line in _table_text(fake, group).splitlines())
        await bot.tick(60)
        assert (await bot.game(group))[1].state.afk == {on_turn.id: 1}


async def test_a_russian_player_is_told_in_russian_that_nothing_was_saved(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot, "Друзья", language="ru")
        on_turn = await whose_turn(bot, group, people)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            refused = press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
        assert refused.answer_text == "⚠️ Сейчас не получилось это сохранить. Попробуйте ещё раз чуть позже."


async def test_a_command_that_only_reads_is_told_the_game_records_are_out_of_reach(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """/table in the group saves nothing: while the database is locked it is told the game records can't be
    reached, and /leave, which saves, that nothing was saved. Before: every command was told "Couldn't save
    that just now", a read too."""
    world = sqlite_world
    async with world.running() as bot:
        group, (alice, bob) = await _dealt(world, fake, bot)
        with database_locked(world.database_url):
            fake.user_sends(alice, group, "/table")
            fake.user_sends(bob, group, "/leave")
            await bot.deliver()
        told = [message.text for message in fake.bot_messages_in(group)]
        assert told[-2:] == [NOT_READ, NOT_SAVED]


async def test_stats_and_top_answer_while_another_program_writes(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """/stats and /top only read, their figures in a session beside the writer (`Database.reading`): their
    language, read in a unit of work, which waits for the writer, left them "I can't reach my game records"
    while another program held the SQLite file's write lock."""
    world = sqlite_world
    async with world.running() as bot:
        _, (_, bob) = await _dealt(world, fake, bot)
        private = fake.private_chat(bob)
        with database_locked(world.database_url):
            fake.user_sends(bob, private, "/stats")
            await bot.deliver()
            stats = fake.last_bot_message(private).text
            fake.user_sends(bob, private, "/top")
            await bot.deliver()
            top = fake.last_bot_message(private).text
        assert (stats or "").startswith("You haven't finished a match yet."), stats
        assert (top or "").startswith("🌍 Global leaderboard"), top


@pytest.mark.parametrize("command", ["/rules", "/help", "/privacy"])
async def test_every_command_that_saves_no_game_data_is_told_the_game_records_are_out_of_reach(
    sqlite_world: World, fake: FakeTelegram, command: str
) -> None:
    """As /table and /stats: nothing of them was to be saved, so not "Couldn't save that just now"."""
    world = sqlite_world
    async with world.running() as bot:
        bob = fake.add_user("Bob")
        fake.user_starts_bot(bob)
        await bot.deliver()
        with database_locked(world.database_url):
            fake.user_sends(bob, fake.private_chat(bob), command)
            await bot.deliver()
        assert fake.last_bot_message(fake.private_chat(bob)).text == NOT_READ


async def test_what_a_database_outage_refuses_is_logged_in_one_warning_line_each(
    sqlite_world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Each press and command refused meanwhile ("nothing was saved, try again") is a known condition, the
    outage itself logged as it began: a warning line each. Before: each logged an ERROR with ~150 lines of
    traceback (only the stderr handler's filter made one line of it), and a group answer's deletion that could
    not be written down logged its SQL with a link to SQLAlchemy's error page."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        caplog.clear()
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            refused = press(fake, on_turn, message, choices(message)[0])
            fake.user_sends(people[0], group, "/table")
            await bot.deliver()
        assert refused.answer_text == NOT_SAVED
        told = [record for record in caplog.records if record.levelno >= logging.WARNING]
        assert [record.levelno for record in told] == [logging.WARNING] * len(told)
        assert all(record.exc_info is None and "\n" not in record.getMessage() for record in told)
        refusals = [record.getMessage() for record in told if record.name == "bot.tg.app"]
        assert [line.split(" (", 1)[0] for line in refusals] == [
            f"update {bot.offset - 2}",
            f"update {bot.offset - 1}",
        ]
        assert all(") failed: the database is locked" in line for line in refusals)


async def test_a_bot_stopped_before_it_saw_the_database_back_leaves_nothing_running(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """The database's lock was released, and the bot stopped before it tried the database again: its last
    writes at shutdown found it back, which ended the outage and began resuming the games while the database
    closed. That work outlived the bot: it opened a connection as the pool was disposed, and was cut off when
    the event loop closed, its statement left to aiosqlite's thread, which then answered a closed loop ("Event
    loop is closed", an intermittent PytestUnhandledThreadExceptionWarning in full test runs)."""
    world = sqlite_world
    async with world.running() as bot:
        await _press_refused_while_locked(world, fake, bot)
    assert asyncio.all_tasks() == {asyncio.current_task()}


async def test_a_database_outage_ending_as_the_bot_stops_arms_no_timer(
    sqlite_world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database's lock was released before the bot stopped, and a command still queued then found it
    back: that ended the outage, which gave the games their time back and armed their timers again on the
    scheduler `stop` had just closed, deadlines firing while the bot stopped (the next start re-arms them)."""
    # The grace outlasts what stopping does: the virtual clock jumps while the database works in its thread.
    monkeypatch.setattr(app, "SHUTDOWN_GRACE_SECONDS", 3600.0)
    world = sqlite_world
    async with world.running() as bot:
        group, people = await _press_refused_while_locked(world, fake, bot, OUTAGES[0])  # time given back
        fake.user_sends(people[0], group, "/table")
        await bot.app.start()
        for update in await bot.app.bot.get_updates(offset=bot.offset, timeout=0):  # what the poller does
            await bot.app.update_queue.put(update)
        await world.clock.run(bot.app.stop())  # PTB's stop handles the queued command
        outages: Outages = bot.app.bot_data[OUTAGES_KEY]
        assert not outages.holding  # the command reached the database: the outage is over
        assert bot.timers.waiting == 0


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
        await _telegram_out(table.bot, 30)
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
        group, people = await _dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        redraw_due = (await _turn_deadline(bot, group) - REMIND_BEFORE_MS) / 1000 - bot.clock()
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
        group, people = await _dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        redraw_due = (await _turn_deadline(bot, group) - REMIND_BEFORE_MS) / 1000 - bot.clock()
        await bot.tick(redraw_due - 2)
        _cut_telegram(fake)
        await _poll_fails(bot)
        await bot.tick(5)
        await _telegram_back(bot)
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
        assert not [m for m in fake.bot_messages_in(table.group) if "Round 1: Alice wins!" in (m.text or "")]


async def test_a_blip_that_held_nothing_back_reads_no_game(world: World, fake: FakeTelegram) -> None:
    """One poll answered 502, the next one through: no deadline came due, no computer waited meanwhile, so
    its end has nothing to do. Before: the end of every such blip re-read every active game to arm its
    timers again."""
    async with world.running() as bot:
        await _dealt(world, fake, bot)
        await _dealt(world, fake, bot, "Neighbours")
        with statements_run(bot.rt.database) as statements:
            _cut_telegram(fake)
            await _poll_fails(bot)
            await _telegram_back(bot)
            await bot.settle()
        assert statements == []


async def test_a_deadline_that_came_due_during_a_blip_acts_after_it(world: World, fake: FakeTelegram) -> None:
    """The turn ran out while Telegram was out of reach for a few seconds (too short to give time back): its
    timeout waited, and acts once Telegram answers again, after the grace a press Telegram kept has."""
    async with world.running() as bot:
        group, people = await _dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        left = await _turn_deadline(bot, group) / 1000 - bot.clock()
        await bot.tick(left - 1)
        _cut_telegram(fake)
        await _poll_fails(bot)
        await bot.tick(2)  # the turn's deadline passes, held
        assert (await bot.game(group))[1].state.afk == {}
        await _telegram_back(bot)
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
        group, people = await _dealt(world, fake, bot)
        on_turn = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        await bot.tick(await _turn_deadline(bot, group) / 1000 - bot.clock() - 1)
        _cut_telegram(fake)
        await _poll_fails(bot)
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
        group, _ = await _dealt(world, fake, bot)
        deadline = await _turn_deadline(bot, group)
        _cut_telegram(fake)
        await _poll_fails(bot)
        fake.faults = None
        bot.clock.advance(60)
        await bot.clock.run(bot.app.bot.get_updates(offset=bot.offset, timeout=0))
        await bot.settle()
        assert await _turn_deadline(bot, group) == deadline


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
        group, _ = await _dealt(world, fake, bot)
        deadline = await _turn_deadline(bot, group)
        await bot.tick(deadline / 1000 - bot.clock() - 15)
        _cut_telegram(fake)
        for _ in range(polls):
            await _poll_fails(bot)
            await bot.tick(every)
        assert polls * every * 1000 >= LONG_MS
        fake.faults = None
        # Back: the games get their time back in the background; the turn's old deadline passes before then.
        await bot.app.bot.get_updates(offset=bot.offset, timeout=0)
        bot.clock.advance(16 - polls * every)
        await bot.timers.run_due()
        await bot.settle()
        assert (await bot.game(group))[1].state.afk == {}
        assert await _turn_deadline(bot, group) > deadline


async def _status(bot: Bot, group: Chat) -> GameStatus | None:
    """The status of the group's active game (None: none is open)."""
    found = await bot.rt.service.find(Place(group.id))
    return None if found is None else found[0].status


async def test_an_idle_lobby_does_not_count_an_outage(world: World, fake: FakeTelegram) -> None:
    """Nobody could join while Telegram was out of reach: the lobby's 10 idle minutes stand still meanwhile.
    Before: a lobby idle for 9 minutes closed as soon as a 3-minute outage was over."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in PEOPLE]
        group = fake.add_group("Friends", members=people)
        await gather(bot, fake, group, people[:1])
        await bot.tick(9 * 60)
        await _telegram_out(bot, 180)
        await bot.tick(30)
        assert await _status(bot, group) is GameStatus.LOBBY
        await bot.tick(60)  # 10 minutes of its own, and the outage's 3: it closes
        assert await _status(bot, group) is None


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
        await _telegram_out(bot, 180)
        bot.clock.jump(-JUMP)
        await bot.tick(4 * 60)
        assert await _status(bot, group) is GameStatus.LOBBY
        await bot.tick(60)  # 10 minutes of its own, and the outage's 3: its timer sees the jump
        await bot.tick(STARTUP_GRACE_SECONDS + 1)  # (as after an outage)
        assert await _status(bot, group) is None


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
        await _telegram_out(bot, 180)
        await bot.tick(30)
        assert await _status(bot, group) is GameStatus.RUNNING
        await bot.tick(60)  # an hour of its own, and the outage's 3 minutes: it stops
        assert await _status(bot, group) is None


async def test_a_game_gone_while_the_games_resume_leaves_the_others_to_resume(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first of the active games was deleted (a lobby nobody saw, discarded) after the outage's end listed
    them and before it gave that one its time back. Before: its refusal ("no_game") ended the whole resume,
    and the other match's turn, whose deadline had come due during the outage, never ran out."""
    async with world.running() as bot:
        await _dealt(world, fake, bot, "Neighbours")  # (listed first: the one gone meanwhile)
        group, people = await _dealt(world, fake, bot)
        await bot.tick(50)  # 10 s of the turn's 60 left
        on_turn = await whose_turn(bot, group, people)
        listing = bot.rt.service.active_games

        async def listed_then_one_gone() -> list[GameRecord]:
            listed = await listing()
            async with bot.rt.database.unit_of_work() as uow:
                await uow.games.delete(listed[0].id)
            return listed

        monkeypatch.setattr(bot.rt.service, "active_games", listed_then_one_gone)
        await _telegram_out(bot, 30)  # its turn's deadline passes meanwhile, held
        await bot.settle()
        await bot.tick(10 + STARTUP_GRACE_SECONDS + 1)
        assert (await bot.game(group))[1].state.afk == {on_turn.id: 1}


async def test_a_clock_set_back_during_an_outage_is_taken_away_from_a_turn_once(
    world: World, fake: FakeTelegram
) -> None:
    """The wall clock was set back two hours while Telegram was out of reach (nothing read it meanwhile): the
    turn keeps the time it had. Before: the outage's end took the two hours away (its length, less than 0),
    and the first reading of the clock after it saw the jump and took them away again: the turn's deadline
    two hours past, it ran out at once."""
    async with world.running() as bot:
        group, _ = await _dealt(world, fake, bot)
        await _telegram_out_then_the_clock_jumps(bot)
        await _telegram_back(bot)
        await _the_turn_kept_its_time(bot, group)


async def test_a_lobby_joined_while_the_clock_set_back_during_an_outage_is_applied_stays_open(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wall clock was set back two hours while Telegram was out of reach, and Bob pressed Join meanwhile
    (Telegram kept it). Before: the outage's end set the games back in the background while his press was
    handled, and the lobby's activity, his join as the clock now read, was set back two hours with it: the
    lobby closed at once."""
    async with world.running() as bot:
        alice, bob = (fake.add_user(name) for name in PEOPLE)
        group = fake.add_group("Friends", members=[alice, bob])
        await gather(bot, fake, group, [alice])
        lobby = fake.last_bot_message(group)
        fake.user_starts_bot(bob)
        await bot.deliver()
        await _telegram_out_then_the_clock_jumps(bot)
        press_action(fake, bob, lobby, Action.JOIN)
        await _back_as_a_slow_set_back_begins(bot, monkeypatch)
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        assert await _status(bot, group) is GameStatus.LOBBY
        _, doc = await bot.game(group)
        assert bob.id in doc.players


async def _back_as_a_slow_set_back_begins(bot: Bot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Telegram back, and the press it kept handled while the outage's end still sets the games back (their
    listing takes a second)."""
    listing = bot.rt.service.active_games

    async def slowly_listed() -> list[GameRecord]:
        await bot.clock.sleep(1)
        return await listing()

    monkeypatch.setattr(bot.rt.service, "active_games", slowly_listed)
    await _telegram_back(bot)
    await bot.deliver()


async def test_a_match_started_as_an_outage_the_clock_was_set_back_during_ends_has_its_first_turns_time(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wall clock was set back two hours while Telegram was out of reach, and Alice pressed Start
    meanwhile (Telegram kept it). The outage's end sets the games back in the background: her press waits for
    it, or the match, dealt on the clock as it now reads, would be set back with the others, its first turn
    run out two hours ago."""
    async with world.running() as bot:
        people = [fake.add_user(name) for name in PEOPLE]
        group = fake.add_group("Friends", members=people)
        await use_quick_rules(world, group)
        await gather(bot, fake, group, people)
        lobby = fake.last_bot_message(group)
        await _telegram_out_then_the_clock_jumps(bot)
        press_action(fake, people[0], lobby, Action.START)
        await _back_as_a_slow_set_back_begins(bot, monkeypatch)
        await bot.tick(10)
        _, doc = await bot.game(group)
        assert doc.state.afk == {} and doc.state.turn_deadline is not None
        assert 40_000 <= doc.state.turn_deadline - int(bot.clock() * 1000) <= 50_000


async def test_an_outage_the_clock_was_set_back_during_is_logged_as_long_as_it_lasted(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Telegram out of reach for 15 s, the wall clock set back two hours meanwhile: the log tells the outage's
    length and the jump apart. Before: "Telegram is back after -7185.0 s", and "-7185 s given back"."""
    caplog.set_level(logging.INFO, logger="bot.tg")
    async with world.running() as bot:
        await _dealt(world, fake, bot)
        await _telegram_out_then_the_clock_jumps(bot)
        await _telegram_back(bot)
        await bot.settle()
    lines = [record.getMessage() for record in caplog.records]
    assert "The clock jumped 7200 s back" in lines
    assert "Telegram is back after 15.0 s" in lines
    assert "1 games resumed, 7185 s taken away" in lines


async def test_a_clock_jumped_ahead_as_an_outage_ends_leaves_the_turn_its_time(
    world: World, fake: FakeTelegram
) -> None:
    """Telegram out of reach for 15 s, the wall clock jumped two hours ahead just before it was back: the turn
    keeps the time it had. Before: the outage's length, read on the wall clock, ended at its last failed call:
    the jump after it was given back to no deadline, and the turn ran out at once."""
    async with world.running() as bot:
        group, _ = await _dealt(world, fake, bot)
        await _telegram_out_then_the_clock_jumps(bot, JUMP)
        await _telegram_back(bot)
        await _the_turn_kept_its_time(bot, group)


async def test_a_clock_jumped_ahead_just_before_an_outage_leaves_the_turn_its_time(
    world: World, fake: FakeTelegram
) -> None:
    """(review of session 50) A machine resumed from suspend: the wall clock two hours ahead, and the bot's
    first call after it fails, before anything read the clock. The turn keeps the time it had. Before: the
    outage began on the clock as it read after the jump, and the jump, seen only during the outage, was
    counted neither as a jump (an outage's end gives its time) nor in the outage: the turn ran out at once."""
    async with world.running() as bot:
        group, _ = await _dealt(world, fake, bot)
        bot.clock.jump(JUMP)
        _cut_telegram(fake)
        for _ in range(3):
            await _poll_fails(bot)
            await bot.tick(5)
        await _telegram_back(bot)
        await _the_turn_kept_its_time(bot, group)


async def test_a_crash_just_after_an_outage_gave_the_time_back_does_not_give_it_again(
    world: World, fake: FakeTelegram
) -> None:
    """The bot writes down that it runs every few seconds, but not while an outage holds the games: a crash
    within those seconds of the outage's end left the moment before it as the last written down, and the
    next start gave the turn the outage's time a second time (here 30 s more than the bot was down)."""
    async with world.running(alive=True) as bot:
        group, _ = await _dealt(world, fake, bot)
        await bot.tick(40)  # 20 s of the turn's 60 left
        await _telegram_out(bot, 30)
        await bot.settle()
        given = await _turn_deadline(bot, group)
        bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(70)
    async with world.running() as bot:
        assert await _turn_deadline(bot, group) <= given + 70_000


async def test_a_stop_while_an_outages_end_gives_the_games_its_time_leaves_it_to_the_next_start(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram was out of reach for 30 s, and the bot stopped as its end had given the first of two matches
    those seconds back (the second's give-back still under way). Down 70 s, the next start gives each match
    the 100 s once. Before: the stop wrote down that the bot ran until then, and the second match never got
    the outage's 30 s."""
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        second_under_way = second_give_back_hangs(bot, monkeypatch)
        _cut_telegram(fake)
        for _ in range(6):
            await _poll_fails(bot)
            await bot.tick(5)
        await _telegram_back(bot)
        await bot.clock.run(second_under_way.wait())
    world.clock.advance(70)
    async with world.running() as bot:
        after = [await _turn_deadline(bot, group) for group in groups]
    assert [a - b for a, b in zip(after, deadlines, strict=True)] == [100_000, 100_000]


async def test_the_database_out_of_reach_as_an_outages_end_gives_the_games_its_time_leaves_it_to_the_next_end(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 30 s; as its end had given the first of two matches those seconds back,
    the database went out of reach for 20 s. That one's end gives each match the whole time since Telegram
    went, once. Before: the second match never got Telegram's 30 s."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
            await bot.tick(20)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        given = [await _turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
    assert given == [55_000, 55_000]  # Telegram's 30 s, and the database's 25 until that probe


async def test_a_short_outage_after_an_outages_give_back_was_cut_short_holds_the_deadlines_until_it_is_given(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for half a minute; as its end had given the first of two matches that time
    back, the database went out of reach for 5 s, and the second match's turn came due just after. The short
    outage's end gives the whole time since Telegram went, and the deadlines wait for it as a long one's do.
    Before: they waited for a long outage's end only, and the second turn ran out before it got its time."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        await bot.tick(await _turn_deadline(bot, groups[1]) / 1000 - bot.clock() - 41)
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
        await bot.tick(PROBE_SECONDS + 5)  # its probe finds it back, then the second turn's old deadline
        given = [await _turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
        assert (await bot.game(groups[1]))[1].state.afk == {}
    # Telegram's 30 s, and the database's 5 (the slow turns' redraws due meanwhile wait for Telegram's end:
    # their writes failing 3.5 s after the last poll's made it 33.5 s)
    assert given == [35_000, 35_000]


async def test_an_outages_time_owed_is_given_though_the_clock_was_set_back_during_the_next(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 30 s; as its end had given the first of two matches those seconds back,
    the database went out of reach for 5 s, and the wall clock was set back two hours meanwhile. Its end
    takes the two hours away from each match, and gives the second Telegram's 30 s too. Before: it took them
    away alone, and the second match never got Telegram's time."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await _turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
    assert given == [35_000 - JUMP * 1000] * 2  # Telegram's 30 s, the database's 5, less the two hours


async def _telegram_out_then_set_back(bot: Bot) -> None:
    await _telegram_out(bot, 30)
    bot.clock.jump(-JUMP)


async def _set_back_alone(bot: Bot) -> None:
    bot.clock.jump(-JUMP)
    outages: Outages = bot.app.bot_data[OUTAGES_KEY]
    outages.now()  # the bot's next read of the clock sees it
    await bot.settle()  # the first match set back, then the database goes


@pytest.mark.parametrize(
    ("first", "given_ms"),
    [(_telegram_out_then_set_back, 40_000), (_set_back_alone, 10_000)],
    ids=["after-telegrams-outage", "alone"],
)
async def test_two_clock_set_backs_while_an_outages_time_is_owed_move_each_match_back_by_both(
    sqlite_world: World, fake: FakeTelegram, first: Callable[[Bot], Awaitable[None]], given_ms: int
) -> None:
    """The wall clock set back two hours, after Telegram was out of reach for 30 s or alone, its give-back cut
    short by the database (it had set the first match back), and set back an hour more while the database's
    next end was cut short in turn: the database's last end moves each match back by both set-backs, and
    gives the second match Telegram's 30 s (if it was out). Before: the second match went back by the hour
    alone (its turn two hours longer), the first not by the hour (its turn an hour longer); a set-back alone
    began the time owed without being kept as one."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await first(bot)
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await bot.tick(PROBE_SECONDS)  # its probe finds it back: the first match given, then it goes
            bot.clock.jump(-JUMP // 2)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await _turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
    # (Telegram's 30 s,) the database's 5 s twice, less the two hours and the hour
    assert given == [given_ms - JUMP * 1500] * 2, [g + JUMP * 1500 for g in given]


async def test_a_match_set_back_again_in_a_span_it_had_tells_the_time_it_got_back(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """As above, Telegram out first; the database's end after the two hours' set-back gives the first match
    its time (and sets it back), then the database is out 20 s more, and at its end out again before any match
    is given, the clock set back an hour meanwhile. The first match, given those 20 s (and a probe's 5) and
    set back the hour at the last end, says 25 s. Before: the figure told was its time owed with the hour in
    it (below 0), and it said nothing (session 56)."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out_then_set_back(bot)
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await bot.tick(PROBE_SECONDS)  # its probe finds it back: the first match given, then it goes
            await bot.tick(20)
        with locked_once_returned(bot.rt.service, "active_games", world.database_url):
            await bot.tick(PROBE_SECONDS)  # found back, and out again before a match is given
            bot.clock.jump(-JUMP // 2)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        told = "⏸ I couldn't reach Telegram or my game records for {}{}s: every turn got its time back."
        assert told.format(25, NBSP) in _table_text(fake, groups[0])  # the 20 s and a probe's 5
        assert told.format(55, NBSP) in _table_text(fake, groups[1])  # and Telegram's 30 s


async def test_an_outages_time_owed_longer_than_a_set_back_during_the_next_still_moves_the_match_clock_back(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """As above, Telegram out of reach for 5 minutes and the clock set back a minute: the database's end gives
    each match the 5 minutes and its 5 s, less the minute, and moves the matches' clocks back the minute.
    (Given as one span with the time owed, more time given than taken must not leave the set-back untold to
    a match's clock: a minute ahead, the next move's turn would last a minute longer.)"""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 300)
            bot.clock.jump(-60)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await _turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
        clocks = [(await bot.game(group))[1].state.clock for group in groups]
        assert given == [245_000] * 2 and max(clocks) <= int(bot.clock() * 1000), (given, clocks)


async def test_an_outages_time_owed_given_as_the_clock_is_set_back_edits_each_screen_once(
    sqlite_world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """As above: the end that takes the two hours away and gives Telegram's 30 s still owed redraws every
    table and hand once. Before: the games were resumed once for each, and the second match's turn player
    saw their hand edited twice ("in 30 s", then "in 60 s")."""
    caplog.set_level(logging.INFO, logger="bot.tg.runtime")
    world = sqlite_world
    async with world.running() as bot:
        for title in ("Friends", "Neighbours"):
            await _dealt(world, fake, bot, title)
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)  # (every write fails until its end: nothing was edited yet)
            bot.clock.jump(-JUMP)
        before = len(fake.calls)
        caplog.clear()
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        edited = [call for call in fake.calls[before:] if call.method == "editMessageText"]
        edits = Counter((call.params["chat_id"], call.params["message_id"]) for call in edited)
    # two tables and the turn players' hands (the others' read as they did, the deal's heading kept: no edit)
    assert len(edits) == 4 and set(edits.values()) == {1}
    assert sum(int(chat_id) < 0 for chat_id, _ in edits) == 2
    redrawn = [r.getMessage() for r in caplog.records if r.getMessage().startswith("Screens redrawn")]
    assert redrawn == ["Screens redrawn: 2 games (active or just ended)"]


async def test_an_idle_matchs_hour_counts_from_the_bots_start_after_a_set_back_given_again(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """No turn timer: a match nobody moves in is warned 50 minutes after its last move, or after the bot's
    start (here 30 minutes later). The clock set back two hours during an outage whose end was cut short by
    the database (it had set the first of two matches back), the database's end gives the set-back again: the
    bot's start moves back the two hours once, and neither group is warned 25 minutes after the start.
    Before: the start moved back twice, and both idle hours counted from the deal."""
    world = sqlite_world
    groups = []
    async with world.running() as bot:
        for title in ("Friends", "Neighbours"):
            people = [fake.add_user(name) for name in PEOPLE]
            groups.append(fake.add_group(title, members=people))
            await use_quick_rules(world, groups[-1], {"target_score": 100, "turn_seconds": 0})
            await deal(bot, fake, groups[-1], people)
    world.clock.advance(30 * 60)
    async with world.running() as bot:
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out_then_the_clock_jumps(bot)
            await _telegram_back(bot)
            await bot.deliver()
        await bot.tick(PROBE_SECONDS)  # its probe finds the database back
        await bot.tick(25 * 60)
        warned = [m for m in fake.bot_messages_in(groups[0]) + fake.bot_messages_in(groups[1]) if m.text]
        assert not [m.text for m in warned if m.text.startswith("⏳")]


async def test_an_outages_time_given_though_the_bot_could_not_write_down_that_it_runs_is_not_given_again(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 30 s; its end gave the turn its time, but the database refused the write
    that the bot runs from then (no outage: a full disk, say). The turn ran on 30 s; then Telegram was out of
    reach for 15 s: the turn gets those 15 s. Before: the refused write left the first outage's time owed, and
    the second's end gave it again from its beginning: the 30 s the turn ran too."""
    world = sqlite_world
    async with world.running() as bot:
        group, _ = await _dealt(world, fake, bot)
        await bot.tick(10)
        with running_written_down_refused(world.database_url):
            await _telegram_out(bot, 30)
            await bot.settle()
            given = await _turn_deadline(bot, group)
            await bot.tick(30)
            began = bot.clock()
            await _telegram_out(bot, 15)  # (15 s, or a few more as the writes it failed settle)
            lasted = round((bot.clock() - began) * 1000)
            await bot.settle()
            assert 15_000 <= await _turn_deadline(bot, group) - given <= lasted


@pytest.mark.parametrize(
    ("language", "told"),
    [
        ("en", f"⏸ I couldn't reach Telegram for 30{NBSP}s: every turn got its time back."),
        ("ru", f"⏸ Telegram был недоступен 30{NBSP}с: потерянное время на ход возвращено."),  # noqa: RUF001
    ],
)
async def test_an_outages_time_owed_is_told_as_what_was_out_of_reach_then(
    sqlite_world: World, fake: FakeTelegram, language: str, told: str
) -> None:
    """As above (Telegram out of reach for 30 s, its give-back cut short by the database, the clock set back
    meanwhile): the second match, given Telegram's time at the database's end, says Telegram was out of reach.
    Before: it said the game records were, the database's end telling every time it gave as its own."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title, language))[0] for title in ("Friends", "Neighbours")]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        assert told in _table_text(fake, groups[1])


async def test_an_outages_time_owed_given_with_the_next_ones_is_told_as_both_out_of_reach(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram out of reach for 30 s, the database for 20 s as its end gave the first of two matches its
    time: the second, given the whole 55 s at the database's end, says both were out of reach. Before: it said
    the game records were, for the 55 s. The first, given the database's 25 s then, says 25 s (session 54).
    Before: it said 55 s, the whole time since Telegram went."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
            await bot.tick(20)
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        told = "⏸ I couldn't reach Telegram or my game records for {}{}s: every turn got its time back."
        assert told.format(55, NBSP) in _table_text(fake, groups[1])
        assert told.format(25, NBSP) in _table_text(fake, groups[0])


async def test_a_set_back_with_an_outages_time_owed_cut_short_by_a_crash_moves_each_game_back(
    sqlite_world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above (Telegram's 30 s owed to the second of two matches, the clock set back two hours during the
    database's outage); the bot crashed as the database's end had set the first match back, the second's
    still under way, and starts 70 s later: each match is moved back the two hours, and has Telegram's 30 s
    and the 70 s down. Before: the set-back's start written down was the time owed's, on the new clock, and
    the next start never set the second back (its turn two hours longer); then, the set-back's start was
    written over the time owed's beginning, and the second match lost Telegram's 30 s."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await _dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await _turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await _telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        second_under_way = second_give_back_hangs(bot, monkeypatch)
        await bot.game(groups[0])  # (the database found back)
        await bot.clock.run(second_under_way.wait())
        bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(70)
    async with world.running() as bot:
        after = [await _turn_deadline(bot, group) for group in groups]
    moved = [a - d + JUMP * 1000 for a, d in zip(after, deadlines, strict=True)]
    assert moved[0] == moved[1] and 100_000 <= moved[0] < 100_000 + LONG_MS, moved
