"""The boards against a player who wants to climb them cheaply (an audit of fair boards, 2026-12-05): a match
counts once at least two people played a full round of it, and leaving before that still costs the leaver
their loss."""

from __future__ import annotations

from sqlalchemy import select

from bot.engine.rules import Rules
from bot.storage import Database
from bot.storage.models import MatchResult, RoundResult
from bot.storage.models import User as UserRow
from bot.tg.callback_data import Action
from tests.e2e.harness import Bot, World, press_action
from tests.e2e.matches import ONE_ROUND, open_lobby, play_until_over, use_quick_rules
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.rules_in_play.table import playing


async def _start(
    world: World, bot: Bot, fake: FakeTelegram, group: Chat, people: list[User], computers: int = 0
) -> None:
    """The first of `people` opens a one-round match the others join, with `computers`, and deals."""
    for user in people:
        fake.user_starts_bot(user)
    await bot.deliver()
    await open_lobby(bot, fake, group, people[0], people[1:])
    for _ in range(computers):
        press_action(fake, people[0], fake.last_bot_message(group), Action.ADD_COMPUTER)
        await bot.deliver()
    press_action(fake, people[0], fake.last_bot_message(group), Action.START)
    await bot.deliver()


async def _leaves(bot: Bot, fake: FakeTelegram, group: Chat, user: User) -> None:
    fake.user_sends(user, group, "/leave")
    await bot.deliver()


async def _top(bot: Bot, fake: FakeTelegram, group: Chat, asker: User) -> list[str]:
    """The lines of the chat's board that name a player."""
    fake.user_sends(asker, group, "/top")
    await bot.deliver()
    return [line for line in (fake.last_bot_message(group).text or "").splitlines() if " · " in line]


async def _stats(bot: Bot, fake: FakeTelegram, group: Chat, asker: User) -> list[str]:
    fake.user_sends(asker, group, "/stats")
    await bot.deliver()
    return (fake.last_bot_message(group).text or "").splitlines()


async def _rated_matches(world: World, user: User) -> int:
    database = Database.connect(world.database_url)
    try:
        async with database.reading() as session:
            return int(await session.scalar(select(UserRow.rated_matches).where(UserRow.id == user.id)) or 0)
    finally:
        await database.dispose()


async def test_an_accomplice_who_leaves_at_once_makes_no_match_of_two(
    world: World, fake: FakeTelegram
) -> None:
    """A friend joined, left as the cards were dealt, and the wins over the computer counted as a match of
    two people's on every board. It is practice now; the friend's loss still stands."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await _start(world, bot, fake, group, [alice, bob], computers=1)
        await _leaves(bot, fake, group, bob)
        await play_until_over(bot, group, {alice.id: alice})

        board = await _top(bot, fake, group, alice)
        assert [line for line in board if "Alice" in line] == []
        assert [line.split(" · ")[-1] for line in board if "Bob" in line] == ["0 wins of 1 (0%)"]
        stats = await _stats(bot, fake, group, alice)
        assert "Matches: none finished yet" in stats
        assert stats[-1].startswith("Practice, and matches the others left during the first round: won ")
        assert stats[-1].endswith(
            " of 1. These are in neither the figures above nor the boards: a match counts once at least two"
            " people have played a full round of it."
        )


async def test_a_walkover_before_a_round_was_played_is_no_win(world: World, fake: FakeTelegram) -> None:
    """The other person left before the first round ended: the one left won the match, on every board and
    in the rating, with no card played against anyone (a second account joining and leaving farmed it).
    Now it counts for neither's rating nor the winner's boards; the leaver's loss stands."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await _start(world, bot, fake, group, [alice, bob])
        await _leaves(bot, fake, group, bob)

        board = await _top(bot, fake, group, bob)
        assert [line.split(" · ")[-1] for line in board] == ["0 wins of 1 (0%)"]
        assert "Bob" in board[0]
        assert [await _rated_matches(world, user) for user in (alice, bob)] == [0, 0]


async def test_one_who_leaves_early_leaves_the_others_match_counted(world: World, fake: FakeTelegram) -> None:
    """Honest matches count as before: Carol leaves at once, Alice and Bob play the round out; all three are
    on the board and rated."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await _start(world, bot, fake, group, [alice, bob, carol])
        await _leaves(bot, fake, group, carol)
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob})

        board = await _top(bot, fake, group, alice)
        records = sorted(line.split(" · ")[-1] for line in board)
        assert records == ["0 wins of 1 (0%)", "0 wins of 1 (0%)", "1 win of 1 (100%)"]
        assert [line.split(" · ")[-1] for line in board if "Carol" in line] == ["0 wins of 1 (0%)"]
        assert [await _rated_matches(world, user) for user in (alice, bob, carol)] == [1, 1, 1]


async def test_a_match_stopped_as_nobody_moved_is_the_loss_of_whose_move_it_was(
    world: World, fake: FakeTelegram
) -> None:
    """Without a turn timer, Bob, losing, stopped moving: an hour later the bot stopped the match, and a
    stopped match counts for nobody, so waiting dodged the loss (as blocking the bot did). His loss stands
    now, as leaving's does, and the warning says so; Alice's match does not count."""
    async with playing(world, fake, Rules(turn_seconds=0), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["G5", "B7"]}, top="R3", turn=bob)
        await table.bot.tick(50 * 60)
        assert (fake.last_bot_message(table.group).text or "").endswith(
            "without a move the game stops in 10 minutes, as a loss for you."
        )
        await table.bot.tick(10 * 60)
        assert "nobody was playing any more" in (fake.last_bot_message(table.group).text or "")

        board = await _top(table.bot, fake, table.group, alice)
        assert [line.split(" · ")[-1] for line in board] == ["0 wins of 1 (0%)"]
        assert "Bob" in board[0]


async def test_a_one_round_match_ranks_its_losers_by_the_cards_they_were_left_with(
    world: World, fake: FakeTelegram
) -> None:
    """A one-round match scores no points, so every loser tied for second place: the rating moved as much for
    one caught with a single card as for one left with a fistful. They rank as the round did now."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await _start(world, bot, fake, group, [alice, bob, carol])
        await play_until_over(bot, group, {alice.id: alice, bob.id: bob, carol.id: carol})
    database = Database.connect(world.database_url)
    try:
        async with database.reading() as session:
            rounds = dict((await session.execute(select(RoundResult.user_id, RoundResult.placement))).all())
            matches = dict((await session.execute(select(MatchResult.user_id, MatchResult.placement))).all())
    finally:
        await database.dispose()
    assert sorted(rounds.values()) == [1, 2, 3]  # (the round's losers were left with unequal hands)
    assert matches == rounds
