"""What the operator reads of a match at the default level: a line when it starts and one when it ends."""

from __future__ import annotations

import logging

import pytest

from bot.service import Place
from bot.tg.callback_data import Action
from tests.e2e.harness import World, press_action
from tests.e2e.matches import deal_short_matches, gather, play_until_over, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram
from tests.stored_results import stored_matches


async def test_a_match_is_one_line_at_its_start_and_one_at_its_end(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group)
    deal_short_matches(world)  # of several rounds: a round's end is no line either
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        game_id = (await bot.game(group))[0].id
        presses = await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("bot.")]

    games = [line for line in lines if line.startswith("Game ")]
    assert games[0] == f"Game {game_id} started in chat {group.id}: 2 players (computers: 0)"
    assert games[1].startswith(f"Game {game_id} in chat {group.id} ended after ")
    assert " after 1 rounds" not in games[1]  # the rounds before the last ended without a line
    assert len(games) == 2
    assert len(lines) < presses  # not a line a press
    assert not any(name in line for line in lines for name in ("Alice", "Bob"))


async def _left_to_a_computer(
    world: World, fake: FakeTelegram, seconds: float = 0, set_back: float = 0
) -> tuple[int, Chat, list[int]]:
    """Alice plays a computer and leaves the match `seconds` after its start, the wall clock set back by
    `set_back` seconds midway; the game's id, the group, and the match's durations kept for stats."""
    alice = fake.add_user("Alice")
    group = fake.add_group("Friends", members=[alice])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice])
        press_action(fake, alice, fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        game_id = (await bot.game(group))[0].id
        world.clock.advance(seconds / 2)
        world.clock.jump(-set_back)
        world.clock.advance(seconds / 2)
        fake.user_sends(alice, group, "/leave")  # only the computer is left
        await bot.deliver()
        async with bot.rt.database.unit_of_work() as uow:
            durations = [row.duration_seconds for row in await stored_matches(uow, game_id)]
    return game_id, group, durations


async def test_a_match_the_bot_stops_is_one_line_saying_why(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.tg.match_log")
    game_id, group, _ = await _left_to_a_computer(world, fake)
    assert caplog.messages == [
        f"Game {game_id} started in chat {group.id}: 2 players (computers: 1)",
        f"Game {game_id} in chat {group.id} stopped (computers) after 1 rounds, 0 min",
    ]


async def test_a_match_in_a_forum_topic_names_the_topic(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    # A forum's topics are separate games: grepping one topic's history needs its id on the line.
    caplog.set_level(logging.INFO, logger="bot.tg.match_log")
    alice = fake.add_user("Alice")
    forum = fake.add_group("Forum", members=[alice], forum=True)
    topic = fake.add_topic(forum, "UNO")
    fake.user_starts_bot(alice)
    async with world.running() as bot:
        fake.user_sends(alice, forum, "/new", thread_id=topic)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(forum), Action.ADD_COMPUTER)
        await bot.deliver()
        press_action(fake, alice, fake.last_bot_message(forum), Action.START)
        await bot.deliver()
        found = await bot.rt.service.find(Place(forum.id, topic))
        fake.user_sends(alice, forum, "/leave", thread_id=topic)
        await bot.deliver()
    assert found is not None
    game_id = found[0].id
    assert caplog.messages == [
        f"Game {game_id} started in chat {forum.id}, topic {topic}: 2 players (computers: 1)",
        f"Game {game_id} in chat {forum.id}, topic {topic} stopped (computers) after 1 rounds, 0 min",
    ]


async def test_the_line_of_a_match_s_end_says_how_many_minutes_it_ran(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot.tg.match_log")
    _, _, durations = await _left_to_a_computer(world, fake, seconds=150)
    assert caplog.messages[-1].endswith(" after 1 rounds, 2 min"), caplog.messages
    assert durations == [150, 150]


async def test_the_minutes_a_match_ran_count_the_time_after_the_clock_was_set_back(
    world: World, fake: FakeTelegram, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: the match's start stayed where the clock had read it before it was set back two hours, and
    its length came out two hours short: the line said 0 min, the rows kept for stats 0 s."""
    caplog.set_level(logging.INFO, logger="bot.tg.match_log")
    _, _, durations = await _left_to_a_computer(world, fake, seconds=150, set_back=2 * 60 * 60)
    assert caplog.messages[-1].endswith(" after 1 rounds, 2 min"), caplog.messages
    # (a few seconds more: the leave waits for the games to be set back, their screens redrawn)
    assert len(durations) == 2 and all(150 <= seconds < 180 for seconds in durations)
