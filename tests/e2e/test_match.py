"""Whole matches in a group, played by simulated people pressing the buttons they see."""

from __future__ import annotations

from sqlalchemy import select

from bot.service.document import GameDocument
from bot.storage import Database
from bot.storage.models import MatchResult
from bot.tg.callback_data import Action
from bot.tg.timers import STARTUP_GRACE_SECONDS
from tests.e2e.harness import World, choices, hand_message, press, press_action
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    deal_short_matches,
    gather,
    open_lobby,
    play_until_over,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram


async def test_two_people_play_a_whole_match(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group)
    deal_short_matches(world)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        lobby = fake.last_bot_message(group)
        start = press_action(fake, alice, lobby, Action.START)
        await bot.deliver()
        assert start.answered and not start.show_alert
        game_id = (await bot.game(group))[0].id
        presses = await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
        assert presses > 10
    await _assert_finished(world, fake, group, {alice.id, bob.id}, rated=True)
    assert await _rounds_played(world, game_id) > 1  # dealt anew after each round, to the end


async def _rounds_played(world: World, game_id: int) -> int:
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            record = await uow.games.get(game_id)
    finally:
        await database.dispose()
    assert record is not None
    engine = GameDocument.from_dict(record.state).engine
    assert engine is not None
    return engine.round_no


async def _assert_finished(
    world: World, fake: FakeTelegram, group: Chat, players: set[int], rated: bool = False
) -> None:
    """Results stored, standings posted, and Telegram's limits kept all along."""
    database = Database.connect(world.database_url)
    try:
        async with database.unit_of_work() as uow:
            record = await uow.games.find_active(group.id)
            rows = await uow.session.scalars(select(MatchResult).where(MatchResult.chat_id == group.id))
            results = list(rows)
    finally:
        await database.dispose()
    assert record is None
    assert {r.user_id for r in results} == players
    # Competition ranking by total: the winner alone first, equal totals share a place.
    assert [r.placement for r in results] == [1 + sum(o.points > r.points for o in results) for r in results]
    assert sum(r.placement == 1 for r in results) == 1
    assert all((r.rating_after is not None) == rated for r in results)  # only matches of people are rated
    assert fake.too_many_requests_count == 0
    group_writes = [
        c.time
        for c in fake.calls
        if c.method in ("sendMessage", "editMessageText") and str(c.params.get("chat_id")) == str(group.id)
    ]
    assert max(sum(1 for t in group_writes if start <= t < start + 60) for start in group_writes) <= 20
    assert not [m for m in fake.bot_messages_in(group) if m.text is None]


async def test_four_players_with_computers_play_a_whole_match(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob", language_code="ru")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group)
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        for _ in range(2):
            press_action(fake, bob, fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        _, doc = await bot.game(group)
        assert len(doc.players) == 4 and len(doc.computers) == 2
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})
    await _assert_finished(world, fake, group, set(doc.players))
    # Computers get no private messages; people got theirs.
    assert all(call.params.get("chat_id") not in doc.computers for call in fake.calls)


async def test_a_restart_in_the_middle_of_a_round_keeps_the_game(world: World, fake: FakeTelegram) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    await use_quick_rules(world, group)
    deal_short_matches(world)
    people = {alice.id: alice, bob.id: bob}
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await play_until_over(bot, group, people, limit=12)
        _, before = await bot.game(group)
    # The bot is down for a minute (Telegram's group window empties); a press made meanwhile is handled later.
    world.clock.advance(61)
    actor = before.state.actor
    assert actor is not None
    waiting = hand_message(fake, people[actor])
    pressed = press(fake, people[actor], waiting, choices(waiting)[0])
    async with world.running() as bot:
        _, after = await bot.game(group)
        assert after.state.hands == before.state.hands  # nothing lost, nothing replayed twice
        await bot.deliver()
        assert pressed.answered
        await play_until_over(bot, group, people)
    await _assert_finished(world, fake, group, set(people), rated=True)


async def test_ten_players_play_a_whole_match(world: World, fake: FakeTelegram) -> None:
    people = [fake.add_user(f"Player {n} <b>&amp;</b> with a rather long display name") for n in range(3)]
    group = fake.add_group("Ten", members=people)
    await use_quick_rules(world, group)
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        for user in people:
            fake.user_starts_bot(user)
        await bot.deliver()
        await open_lobby(bot, fake, group, people[0], people[1:])
        for _ in range(7):
            press_action(fake, people[1], fake.last_bot_message(group), Action.ADD_COMPUTER)
            await bot.deliver()
        _, doc = await bot.game(group)
        assert len(doc.players) == 10
        press_action(fake, people[0], fake.last_bot_message(group), Action.START)
        await bot.deliver()
        await play_until_over(bot, group, {user.id: user for user in people})
    await _assert_finished(world, fake, group, set(doc.players))


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_at_start_up(
    world: World, fake: FakeTelegram
) -> None:
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Friends", members=[alice, bob])
    async with world.running() as bot:
        await gather(bot, fake, group, [alice, bob])
        press_action(fake, alice, fake.last_bot_message(group), Action.START)
        await bot.deliver()
        _, before = await bot.game(group)
        assert before.state.turn_deadline is not None
        await bot.tick(before.state.turn_deadline / 1000 - bot.clock() - 3)  # 3 s of the turn left
    world.clock.advance(8)  # down past its deadline, too short a time to give back
    async with world.running() as bot:
        await bot.tick(STARTUP_GRACE_SECONDS)
        _, after = await bot.game(group)
    assert after.state.seq > before.state.seq
    assert after.state.actor != before.state.actor
