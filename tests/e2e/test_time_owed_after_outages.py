"""An outage's time owed when the give-back at its end is cut short (the bot stopped or crashed, the database
out of reach, the wall clock set back meanwhile): each match gets it once, at the next end or start, moved
back by every set-back, and its table tells what was out of reach; a time given that the bot could not write
down is not given again."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable

import pytest

from bot.tg.app import DOWNTIME_KEY, OUTAGES_KEY
from bot.tg.outages import LONG_MS, PROBE_SECONDS, Outages
from tests.e2e.cut_short import second_give_back_hangs
from tests.e2e.harness import Bot, World
from tests.e2e.locked_database import locked_once_returned, running_written_down_refused
from tests.e2e.outages import NBSP, dealt, table_text, turn_deadline
from tests.e2e.telegram_cut_off import (
    JUMP,
    cut_telegram,
    poll_fails,
    telegram_back,
    telegram_out,
)
from tests.fake_bot_api import FakeTelegram


async def test_a_crash_just_after_an_outage_gave_the_time_back_does_not_give_it_again(
    world: World, fake: FakeTelegram
) -> None:
    """The bot writes down that it runs every few seconds, but not while an outage holds the games: a crash
    within those seconds of the outage's end left the moment before it as the last written down, and the
    next start gave the turn the outage's time a second time (here 30 s more than the bot was down)."""
    async with world.running(alive=True) as bot:
        group, _ = await dealt(world, fake, bot)
        await bot.tick(40)  # 20 s of the turn's 60 left
        await telegram_out(bot, 30)
        await bot.settle()
        given = await turn_deadline(bot, group)
        bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(70)
    async with world.running() as bot:
        assert await turn_deadline(bot, group) <= given + 70_000


async def test_a_stop_while_an_outages_end_gives_the_games_its_time_leaves_it_to_the_next_start(
    world: World, fake: FakeTelegram, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Telegram was out of reach for 30 s, and the bot stopped as its end had given the first of two matches
    those seconds back (the second's give-back still under way). Down 70 s, the next start gives each match
    the 100 s once. Before: the stop wrote down that the bot ran until then, and the second match never got
    the outage's 30 s."""
    async with world.running() as bot:
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        second_under_way = second_give_back_hangs(bot, monkeypatch)
        cut_telegram(fake)
        for _ in range(6):
            await poll_fails(bot)
            await bot.tick(5)
        await telegram_back(bot)
        await bot.clock.run(second_under_way.wait())
    world.clock.advance(70)
    async with world.running() as bot:
        after = [await turn_deadline(bot, group) for group in groups]
    assert [a - b for a, b in zip(after, deadlines, strict=True)] == [100_000, 100_000]


async def test_the_database_out_of_reach_as_an_outages_end_gives_the_games_its_time_leaves_it_to_the_next_end(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 30 s; as its end had given the first of two matches those seconds back,
    the database went out of reach for 20 s. That one's end gives each match the whole time since Telegram
    went, once. Before: the second match never got Telegram's 30 s."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            await bot.tick(20)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        given = [await turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
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
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        await bot.tick(await turn_deadline(bot, groups[1]) / 1000 - bot.clock() - 41)
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
        await bot.tick(PROBE_SECONDS + 5)  # its probe finds it back, then the second turn's old deadline
        given = [await turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
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
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
    assert given == [35_000 - JUMP * 1000] * 2  # Telegram's 30 s, the database's 5, less the two hours


async def _telegram_out_then_set_back(bot: Bot) -> None:
    await telegram_out(bot, 30)
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
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await first(bot)
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await bot.tick(PROBE_SECONDS)  # its probe finds it back: the first match given, then it goes
            bot.clock.jump(-JUMP // 2)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
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
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
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
        assert told.format(25, NBSP) in table_text(fake, groups[0])  # the 20 s and a probe's 5
        assert told.format(55, NBSP) in table_text(fake, groups[1])  # and Telegram's 30 s


async def test_an_outages_time_owed_longer_than_a_set_back_during_the_next_still_moves_the_match_clock_back(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """As above, Telegram out of reach for 5 minutes and the clock set back a minute: the database's end gives
    each match the 5 minutes and its 5 s, less the minute, and moves the matches' clocks back the minute.
    (Given as one span with the time owed, more time given than taken must not leave the set-back untold to
    a match's clock: a minute ahead, the next move's turn would last a minute longer.)"""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 300)
            bot.clock.jump(-60)
        await bot.tick(PROBE_SECONDS)  # its probe finds it back
        await bot.settle()
        given = [await turn_deadline(bot, group) - d for group, d in zip(groups, deadlines, strict=True)]
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
            await dealt(world, fake, bot, title)
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)  # (every write fails until its end: nothing was edited yet)
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


async def test_an_outages_time_given_though_the_bot_could_not_write_down_that_it_runs_is_not_given_again(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram was out of reach for 30 s; its end gave the turn its time, but the database refused the write
    that the bot runs from then (no outage: a full disk, say). The turn ran on 30 s; then Telegram was out of
    reach for 15 s: the turn gets those 15 s. Before: the refused write left the first outage's time owed, and
    the second's end gave it again from its beginning: the 30 s the turn ran too."""
    world = sqlite_world
    async with world.running() as bot:
        group, _ = await dealt(world, fake, bot)
        await bot.tick(10)
        with running_written_down_refused(world.database_url):
            await telegram_out(bot, 30)
            await bot.settle()
            given = await turn_deadline(bot, group)
            await bot.tick(30)
            began = bot.clock()
            await telegram_out(bot, 15)  # (15 s, or a few more as the writes it failed settle)
            lasted = round((bot.clock() - began) * 1000)
            await bot.settle()
            assert 15_000 <= await turn_deadline(bot, group) - given <= lasted


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
        groups = [(await dealt(world, fake, bot, title, language))[0] for title in ("Friends", "Neighbours")]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        assert told in table_text(fake, groups[1])


async def test_an_outages_time_owed_given_with_the_next_ones_is_told_as_both_out_of_reach(
    sqlite_world: World, fake: FakeTelegram
) -> None:
    """Telegram out of reach for 30 s, the database for 20 s as its end gave the first of two matches its
    time: the second, given the whole 55 s at the database's end, says both were out of reach. Before: it said
    the game records were, for the 55 s. The first, given the database's 25 s then, says 25 s (session 54).
    Before: it said 55 s, the whole time since Telegram went."""
    world = sqlite_world
    async with world.running() as bot:
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            await bot.tick(20)
        await bot.tick(PROBE_SECONDS)
        await bot.settle()
        told = "⏸ I couldn't reach Telegram or my game records for {}{}s: every turn got its time back."
        assert told.format(55, NBSP) in table_text(fake, groups[1])
        assert told.format(25, NBSP) in table_text(fake, groups[0])


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
        groups = [(await dealt(world, fake, bot, title))[0] for title in ("Friends", "Neighbours")]
        deadlines = [await turn_deadline(bot, group) for group in groups]
        with locked_once_returned(bot.rt.service, "give_time_back", world.database_url):
            await telegram_out(bot, 30)
            bot.clock.jump(-JUMP)
        second_under_way = second_give_back_hangs(bot, monkeypatch)
        await bot.game(groups[0])  # (the database found back)
        await bot.clock.run(second_under_way.wait())
        bot.app.bot_data.pop(DOWNTIME_KEY)  # the process dies: its stop writes nothing down
    world.clock.advance(70)
    async with world.running() as bot:
        after = [await turn_deadline(bot, group) for group in groups]
    moved = [a - d + JUMP * 1000 for a, d in zip(after, deadlines, strict=True)]
    assert moved[0] == moved[1] and 100_000 <= moved[0] < 100_000 + LONG_MS, moved
