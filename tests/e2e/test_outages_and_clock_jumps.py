"""The wall clock jumping during an outage or around it (set back two hours, or ahead as a machine resumes
from suspend): the turn keeps the time it had, a lobby joined or a match started as the outage's end sets
the games back keeps its time, the log tells the jump and the outage's length apart, and an idle match's
hour counts from the bot's start once when a give-back the database cut short gives the set-back again."""

from __future__ import annotations

import logging

import pytest

from bot.storage import GameRecord, GameStatus
from bot.tg.callback_data import Action
from bot.tg.outages import PROBE_SECONDS
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import Bot, World, press_action
from tests.e2e.locked_database import locked_once_returned
from tests.e2e.matches import deal, gather, use_quick_rules
from tests.e2e.outages import PEOPLE, dealt, status, turn_deadline
from tests.e2e.telegram_cut_off import (
    JUMP,
    cut_telegram,
    poll_fails,
    telegram_back,
    telegram_out_then_the_clock_jumps,
)
from tests.fake_bot_api import Chat, FakeTelegram


async def _the_turn_kept_its_time(bot: Bot, group: Chat) -> None:
    """Once Telegram is back, the turn still has most of its 60 s, and does not run out at the next tick."""
    await bot.settle()
    assert await turn_deadline(bot, group) - int(bot.clock() * 1000) > 30_000
    await bot.tick(STARTUP_GRACE_SECONDS + 1)
    assert (await bot.game(group))[1].state.afk == {}


async def test_a_clock_set_back_during_an_outage_is_taken_away_from_a_turn_once(
    world: World, fake: FakeTelegram
) -> None:
    """The wall clock was set back two hours while Telegram was out of reach (nothing read it meanwhile): the
    turn keeps the time it had. Before: the outage's end took the two hours away (its length, less than 0),
    and the first reading of the clock after it saw the jump and took them away again: the turn's deadline
    two hours past, it ran out at once."""
    async with world.running() as bot:
        group, _ = await dealt(world, fake, bot)
        await telegram_out_then_the_clock_jumps(bot)
        await telegram_back(bot)
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
        await telegram_out_then_the_clock_jumps(bot)
        press_action(fake, bob, lobby, Action.JOIN)
        await _back_as_a_slow_set_back_begins(bot, monkeypatch)
        await bot.tick(STARTUP_GRACE_SECONDS + 1)
        assert await status(bot, group) is GameStatus.LOBBY
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
    await telegram_back(bot)
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
        await telegram_out_then_the_clock_jumps(bot)
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
        await dealt(world, fake, bot)
        await telegram_out_then_the_clock_jumps(bot)
        await telegram_back(bot)
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
        group, _ = await dealt(world, fake, bot)
        await telegram_out_then_the_clock_jumps(bot, JUMP)
        await telegram_back(bot)
        await _the_turn_kept_its_time(bot, group)


async def test_a_clock_jumped_ahead_just_before_an_outage_leaves_the_turn_its_time(
    world: World, fake: FakeTelegram
) -> None:
    """(review of session 50) A machine resumed from suspend: the wall clock two hours ahead, and the bot's
    first call after it fails, before anything read the clock. The turn keeps the time it had. Before: the
    outage began on the clock as it read after the jump, and the jump, seen only during the outage, was
    counted neither as a jump (an outage's end gives its time) nor in the outage: the turn ran out at once."""
    async with world.running() as bot:
        group, _ = await dealt(world, fake, bot)
        bot.clock.jump(JUMP)
        cut_telegram(fake)
        for _ in range(3):
            await poll_fails(bot)
            await bot.tick(5)
        await telegram_back(bot)
        await _the_turn_kept_its_time(bot, group)


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
            await telegram_out_then_the_clock_jumps(bot)
            await telegram_back(bot)
            await bot.deliver()
        await bot.tick(PROBE_SECONDS)  # its probe finds the database back
        await bot.tick(25 * 60)
        warned = [m for m in fake.bot_messages_in(groups[0]) + fake.bot_messages_in(groups[1]) if m.text]
        assert not [m.text for m in warned if m.text.startswith("⏳")]
