"""The bot down (a deploy, a crash) gives the games back the time nobody could see a table or press, as an
outage does (bot.tg.downtime): a turn, a catch window, the pause between rounds keep the time they had left;
a restart too short to matter (under 10 s) gives none, the start-up grace covers it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy.exc import OperationalError

from bot.engine.rules import Rules
from bot.service import GameService, lobby
from bot.storage import Database
from bot.storage.last_alive import Alive
from bot.tg.app import DOWNTIME_KEY
from bot.tg.callback_data import Action
from bot.tg.downtime import ALIVE_SECONDS
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import Bot, World, press, press_action
from tests.e2e.locked_database import locked_once_returned
from tests.e2e.matches import deal, gather, use_quick_rules
from tests.e2e.restarted import again
from tests.fake_bot_api import Chat, FakeTelegram
from tests.rules_in_play.table import Table, playing


async def _turn_deadline(table: Table) -> int:
    deadline = (await table.state()).turn_deadline
    assert deadline is not None
    return deadline


async def _turn_left(table: Table) -> int:
    """The ms left of the turn, by the bot's clock."""
    return await _turn_deadline(table) - _ms(table.bot.clock())


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


async def test_a_turn_keeps_the_time_it_had_left_when_the_bot_was_down_70_s(
    world: World, fake: FakeTelegram
) -> None:
    """Alice's turn has 50-odd seconds left as the bot stops for 70 s: after start-up it still has them, and
    she is not struck for a missed turn (it ran out 10 s after start-up, a strike toward her removal)."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        deadline = await _turn_deadline(before)
    left = deadline - _ms(world.clock())  # as the bot stopped
    assert left > 45_000
    world.clock.advance(70)
    async with world.running() as bot:
        table = again(before, bot)
        assert await _turn_deadline(table) == deadline + 70_000  # moved by the time the bot was down
        assert "⏸ I was offline for 70 s: every turn got its time back." in table.text()
        left = await _turn_left(table)
        await bot.tick(STARTUP_GRACE_SECONDS)
        await bot.tick(left / 1000 - STARTUP_GRACE_SECONDS - 1)
        state = await table.state()
        assert state.turn == alice.id and alice.id not in state.afk
        await bot.tick(2)  # the turn's own time is up
        assert (await table.state()).afk.get(alice.id) == 1


async def test_a_restart_of_5_s_gives_no_time_back(world: World, fake: FakeTelegram) -> None:
    """The start-up grace (no deadline fires in the first 10 s) covers a short restart: the turn's deadline
    stays where it was."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        deadline = await _turn_deadline(before)
    world.clock.advance(5)
    async with world.running() as bot:
        table = again(before, bot)
        assert await _turn_deadline(table) == deadline
        assert "⏸" not in table.text()


@pytest.mark.parametrize("jump", [3600, -3600], ids=["set ahead", "set back"])
async def test_a_clock_set_ahead_or_back_while_the_bot_was_down_leaves_the_turn_its_time(
    world: World, fake: FakeTelegram, jump: int
) -> None:
    """The deadlines are on the wall clock: set an hour ahead while the bot was down, the turn gets that hour
    back too (once: the bot's first look at the clock does not see it as a jump again); set back, the turn
    would have lasted an hour longer."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        deadline = await _turn_deadline(before)
    world.clock.advance(70)
    world.clock.jump(jump)
    async with world.running() as bot:
        table = again(before, bot)
        assert await _turn_deadline(table) == deadline + 70_000 + jump * 1000
        await bot.tick(STARTUP_GRACE_SECONDS)  # the first timer's job sees no jump either
        assert await _turn_deadline(table) == deadline + 70_000 + jump * 1000


async def test_a_turn_begun_just_before_a_crash_is_set_back_with_the_clock_set_back_while_down(
    world: World, fake: FakeTelegram
) -> None:
    """Alice played 2 s after the bot last wrote down that it runs, and the bot crashed then (before its next
    write); the clock was set back an hour while it was down. Bob's turn, begun after the moment written down
    but before the crash, has its minute at most, not an hour more: the crash can have come up to
    ALIVE_SECONDS after that moment, the clock set back or not."""
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange({"Alice": ["R5", "R6"], "Bob": ["Y1", "Y2"]}, top="R3", turn=alice)
        await before.bot.tick(2)
        await before.play(alice, "R5")
        assert (await before.state()).turn == bob.id
        before.bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(70)
    world.clock.jump(-3600)
    async with world.running() as bot:
        assert await _turn_left(again(before, bot)) <= Rules().turn_seconds * 1000


async def test_a_crash_just_after_the_bot_wrote_that_it_runs_gives_back_all_but_those_seconds(
    world: World, fake: FakeTelegram
) -> None:
    """The bot wrote down that it runs and crashed at once; it was down 14 s. For all it knows it crashed up
    to ALIVE_SECONDS later, so it gives 9 s back: those 5 s are the crash's cost, not all 14 s (the 9 s were
    taken for a restart too short to give any back), and its table says it was offline "at least" 9 s, all
    it knows (it said "for 9 s")."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        await before.arrange({"Alice": ["Y1", "Y2"]}, top="R3", turn=alice)
        deadline = await _turn_deadline(before)
        await before.bot.app.bot_data[DOWNTIME_KEY].start(before.bot.timers)  # the write, now
        before.bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(14)
    async with world.running() as bot:
        table = again(before, bot)
        assert await _turn_deadline(table) == deadline + 14_000 - ALIVE_SECONDS * 1000
        assert "⏸ I was offline for at least 9 s: every turn got its time back." in table.text()


async def test_a_catch_pressed_while_the_bot_was_down_counts_in_the_windows_time(
    world: World, fake: FakeTelegram
) -> None:
    """Alice played her second-to-last card without calling UNO!; with seconds of the window left the bot
    stops for 70 s, and Bob presses Catch! meanwhile: the window had its time given back, so it counts."""
    hands = {"Alice": ["R5", "B9"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
    async with playing(world, fake, Rules()) as before:
        alice, bob, _ = before.people
        await before.arrange(hands, top="R3", turn=alice)
        await before.play(alice, "R5")
        board = before.table_message()
        catch_deadline = (await before.state()).catch_deadline
    assert catch_deadline is not None and catch_deadline > _ms(world.clock())  # as the bot stopped
    press_action(fake, bob, board, Action.CATCH)
    world.clock.advance(70)
    async with world.running() as bot:
        await bot.deliver()  # (too old by now to be answered)
        assert len((await again(before, bot).state()).hands[alice.id]) == 3


async def test_the_pause_between_rounds_keeps_its_seconds_after_a_restart(
    world: World, fake: FakeTelegram
) -> None:
    """A round ended as the bot stopped for 70 s: the pause before the next deal gets that time back, as its
    table says (it said "every turn got its time back", with nobody's turn), and the next round is dealt
    once the start-up grace is over (its 5 s are within it)."""
    async with playing(world, fake, Rules()) as before:
        alice = before.people[0]
        hands = {"Alice": ["R5"], "Bob": ["Y1", "Y2"], "Carol": ["G1", "G2"]}
        await before.arrange(hands, top="R3", turn=alice)
        last_card = await before.card_button(alice, "R5")
        assert last_card is not None
        press(fake, alice, before.hand(alice), last_card)
        await before.bot.handle_pending()  # it stops while the round's results go out
        state = await before.state()
        before_round = state.round_no
        assert state.round_over and state.next_round_deadline is not None
    assert state.next_round_deadline > _ms(world.clock())  # as the bot stopped
    world.clock.advance(70)
    async with world.running() as bot:
        table = again(before, bot)
        assert (await table.state()).next_round_deadline == state.next_round_deadline + 70_000
        await bot.settle()
        told = "⏸ I was offline for 70 s: the pause before the next round got its time back."
        assert told in table.text().splitlines()
        await bot.tick(STARTUP_GRACE_SECONDS)
        state = await table.state()
        assert not state.round_over and state.round_no == before_round + 1


async def test_the_bot_writes_down_that_it_runs_every_few_seconds_and_as_it_stops(
    world: World, fake: FakeTelegram
) -> None:
    """A fresh database has no such moment (nothing to give back: the bot starts as ever); then the bot
    writes one at start-up, every ALIVE_SECONDS, and as it stops."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    assert await _last_alive(world) is None
    async with world.running(alive=True) as bot:
        await gather(bot, fake, group, [alice, bob])
        assert "Join" in str(fake.last_bot_message(group).button_texts)
        started = await _last_alive(world)
        await bot.tick(ALIVE_SECONDS)
        alive = await _last_alive(world)
        assert started is not None and alive == Alive(started.at + timedelta(seconds=ALIVE_SECONDS), False)
        await bot.tick(2)
        stopped_at = datetime.fromtimestamp(bot.clock(), UTC)
    assert await _last_alive(world) == Alive(stopped_at, stopped=True)


async def _last_alive(world: World) -> Alive | None:
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            return await uow.last_alive.get()
    finally:
        await database.dispose()


@pytest.mark.parametrize(
    ("played", "down", "more"), [(0, 70, 30), (50, 20, 30)], ids=["the time since lost", "given twice"]
)
async def test_a_start_up_cut_short_after_one_games_time_back_gives_each_game_the_downtime_once(
    sqlite_world: World, fake: FakeTelegram, played: int, down: int, more: int
) -> None:
    """The turns had run `played` s of their minute as the bot went down for `down` s; as it started, the
    database went out of reach once the first of two matches had those seconds back, and the start-up
    failed. Down `more` s after, the next start gives each match the whole downtime once. Before: the
    moment the bot last ran was still the one before the first downtime, and the first match was given the
    whole downtime again (a turn begun long enough before it), or nothing of it (one whose deadline, moved,
    no longer read as set before the bot went down): the other's `more` s lost."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [await _dealt_in(world, fake, bot, title) for title in ("Friends", "Neighbours")]
        await bot.tick(played)
        deadlines = [await _deadline_in(bot, group) for group in groups]
    world.clock.advance(down)
    with (
        locked_once_returned(GameService, "give_time_back", world.database_url),
        pytest.raises(OperationalError, match="locked"),
    ):
        async with world.running():
            pass
    world.clock.advance(more)
    async with world.running() as bot:
        after = [await _deadline_in(bot, group) for group in groups]
    assert [a - b for a, b in zip(after, deadlines, strict=True)] == [(down + more) * 1000] * 2


async def test_a_start_up_cut_short_after_one_lobbys_time_back_gives_each_lobby_the_downtime_once(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Two lobbies had stood idle 5 of their 10 minutes as the bot went down for 70 s; the start-up failed
    once the first had those seconds back (its idle minutes begun later). Down 30 s more, the next start moves
    each lobby's idle minutes on by the whole downtime once: not the first's 70 s twice, which kept it open
    longer."""
    world = sqlite_world
    async with world.running() as bot:
        groups = []
        for title in ("Friends", "Neighbours"):
            alice = fake.add_user(f"Alice of {title}")
            groups.append(fake.add_group(title, members=[alice]))
            await gather(bot, fake, groups[-1], [alice])
        await bot.tick(5 * 60)
        began = [lobby.idle_began((await bot.game(group))[1]) for group in groups]
    world.clock.advance(70)
    with (
        locked_once_returned(GameService, "give_time_back", world.database_url),
        pytest.raises(OperationalError, match="locked"),
    ):
        async with world.running():
            pass
    world.clock.advance(30)
    async with world.running() as bot:
        after = [lobby.idle_began((await bot.game(group))[1]) for group in groups]
    assert [a - b for a, b in zip(after, began, strict=True)] == [100_000] * 2


async def _dealt_in(world: World, fake: FakeTelegram, bot: Bot, title: str) -> Chat:
    people = [fake.add_user(f"{name} of {title}") for name in ("Alice", "Bob")]
    group = fake.add_group(title, members=people)
    await use_quick_rules(world, group)
    await deal(bot, fake, group, people)
    return group


async def _deadline_in(bot: Bot, group: Chat) -> int:
    deadline = (await bot.game(group))[1].state.turn_deadline
    assert deadline is not None
    return deadline
