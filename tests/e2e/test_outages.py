"""Outages mid-match: Telegram out of reach (every Bot API call fails), the database out of reach (its SQLite
file locked by another program). Nobody could see the table or press meanwhile: the turn gets the time it had
when the outage began, nobody misses a turn (nor is removed for missing turns) while the bot was cut off, the
presses Telegram kept count, and the timers run again within seconds once the bot is back; the table says why
the game stood still; what a database outage refuses is answered (nothing saved, or the records out of reach)
and logged in a line; a bot stopped as the database comes back leaves nothing running. Timers due meanwhile
and blips: test_timers_through_outages; the clock jumping: test_outages_and_clock_jumps; a give-back cut
short: test_time_owed_after_outages."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.engine.rules import Rules
from bot.tg import app
from bot.tg.app import OUTAGES_KEY
from bot.tg.outages import Outages
from tests.e2e.harness import Bot, World, choices, hand_message, press
from tests.e2e.locked_database import database_locked
from tests.e2e.matches import whose_turn
from tests.e2e.outages import NBSP, dealt, table_text, turn_deadline
from tests.e2e.telegram_cut_off import (
    cut_telegram,
    poll_fails,
    telegram_back,
    telegram_out,
)
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.rules_in_play.table import playing

OUTAGES = (30, 180)  # seconds: a blip users notice, and a long one
NOT_SAVED = "⚠️ Couldn't save that just now. Please try again in a moment."
NOT_READ = "⚠️ I can't reach my game records just now. Please try again in a moment."


async def _press_refused_while_locked(
    world: World, fake: FakeTelegram, bot: Bot, locked_for: int = 0
) -> tuple[Chat, list[User]]:
    """A match dealt, its turn's press refused while the database is locked (for `locked_for` seconds more),
    then the lock released: the bot has not tried the database since."""
    group, people = await dealt(world, fake, bot)
    on_turn = await whose_turn(bot, group, people)
    with database_locked(world.database_url):
        message = hand_message(fake, on_turn)
        refused = press(fake, on_turn, message, choices(message)[0])
        await bot.deliver()
        if locked_for:
            await bot.tick(locked_for)
    assert refused.answer_text == NOT_SAVED
    return group, people


@pytest.mark.parametrize("seconds", OUTAGES)
async def test_a_turn_keeps_its_time_through_a_telegram_outage(
    world: World, fake: FakeTelegram, seconds: int
) -> None:
    """Before: the turn ran out while nobody could see it ("Alice missed her turn"), turn after turn; three
    minutes removed both players for missing their turns and ended the match with no winner."""
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        await bot.tick(50)  # 10 s of the turn's 60 left
        on_turn = await whose_turn(bot, group, people)
        deadline = await turn_deadline(bot, group)
        await telegram_out(bot, seconds)
        await bot.tick(1)
        _, doc = await bot.game(group)
        assert doc.state.afk == {} and len(doc.state.players) == 2
        assert await whose_turn(bot, group, people) == on_turn
        assert await turn_deadline(bot, group) >= deadline + seconds * 1000  # the time lost, given back
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
        group, people = await dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        _, before = await bot.game(group)
        cut_telegram(fake)
        await poll_fails(bot)
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
        group, people = await dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        deadline = await turn_deadline(bot, group)
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
        assert await turn_deadline(bot, group) >= deadline + seconds * 1000
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
        await telegram_out(table.bot, seconds)
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
        await telegram_out(table.bot, 180)
        await table.bot.settle()
        assert "⏸" not in table.text()


async def test_a_russian_table_says_the_game_records_were_out_of_reach(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """The database locked for half a minute (from the press it refused to the probe that found it back
    35 s later): the Russian group's table tells it, in Russian."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot, "Друзья", language="ru")
        on_turn = await whose_turn(bot, group, people)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
            for _ in range(6):
                await bot.tick(5)
        await bot.tick(5)
        told = f"⏸ Записи об играх были недоступны 35{NBSP}с: потерянное время на ход возвращено."  # noqa: RUF001
        assert told in table_text(fake, group).splitlines()


async def test_telegram_back_while_the_database_is_still_out_ends_no_outage(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Both were out of reach and Telegram came back first: the outage goes on until the database is back
    too, and then the turn gets back the time it lost and its timer runs again."""
    world = sqlite_world
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot)
        await bot.tick(50)
        on_turn = await whose_turn(bot, group, people)
        deadline = await turn_deadline(bot, group)
        with database_locked(world.database_url):
            message = hand_message(fake, on_turn)
            press(fake, on_turn, message, choices(message)[0])
            await bot.deliver()
            cut_telegram(fake)
            await poll_fails(bot)
            await bot.tick(15)
            await telegram_back(bot)
            await bot.tick(15)
        await bot.tick(5)
        assert await turn_deadline(bot, group) >= deadline + 30_000
        told = "⏸ I couldn't reach Telegram or my game records for"
        assert any(line.startswith(told) for line in table_text(fake, group).splitlines())
        await bot.tick(60)
        assert (await bot.game(group))[1].state.afk == {on_turn.id: 1}


async def test_a_russian_player_is_told_in_russian_that_nothing_was_saved(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    world = sqlite_world
    async with world.running() as bot:
        group, people = await dealt(world, fake, bot, "Друзья", language="ru")
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
        group, (alice, bob) = await dealt(world, fake, bot)
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
        _, (_, bob) = await dealt(world, fake, bot)
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
        group, people = await dealt(world, fake, bot)
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
