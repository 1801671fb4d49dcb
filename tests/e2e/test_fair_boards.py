"""The boards against a player who wants to climb them cheaply (an audit of fair boards, 2026-12-05): a match
counts once at least two people played a full round of it, and leaving before that still costs the leaver
their loss."""

from __future__ import annotations

from itertools import pairwise

import pytest
from sqlalchemy import select

from bot.engine.rules import Rules, Scoring
from bot.service import Place
from bot.service.kicking import HOLDING_UP_MS
from bot.storage import Database
from bot.storage.models import MatchResult, RoundResult
from bot.storage.models import User as UserRow
from bot.tg.callback_data import Action
from tests.e2e.harness import Bot, World, press, press_action
from tests.e2e.matches import (
    MORE_SEATS_SHORT_MATCH_SEED,
    ONE_ROUND,
    deal_short_matches,
    open_lobby,
    play_until_over,
    stop,
    stop_answer,
    stop_question,
    use_quick_rules,
)
from tests.fake_bot_api import Chat, FakeTelegram, User
from tests.narrow_phone import spaced
from tests.rules_in_play.table import Table, playing


async def _start(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User], computers: int = 0) -> None:
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
    """Each player of the chat's board, their name's line and their figures' as one: "🥇 Alice · 1500? · 1 win
    of 1 (100%)"."""
    fake.user_sends(asker, group, "/top")
    await bot.deliver()
    # under the title and the subtitle ("All time · rating")
    lines = spaced(fake.last_bot_message(group).text or "").splitlines()[3:]
    return [
        f"{name} · {figures}" for name, figures in pairwise(lines) if " · " in figures and " · " not in name
    ]


async def _stats(bot: Bot, fake: FakeTelegram, group: Chat, asker: User) -> list[str]:
    fake.user_sends(asker, group, "/stats")
    await bot.deliver()
    return spaced(fake.last_bot_message(group).text or "").splitlines()


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
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob], computers=1)
        await _leaves(bot, fake, group, bob)
        await play_until_over(bot, group, {alice.id: alice})

        board = await _top(bot, fake, group, alice)
        assert [line for line in board if "Alice" in line] == []
        assert [line.split(" · ")[-1] for line in board if "Bob" in line] == ["0 wins of 1 (0%)"]
        stats = await _stats(bot, fake, group, alice)
        assert "Matches counted: none yet" in stats
        assert stats[-2].startswith("Practice: won ") and stats[-2].endswith(" of 1")
        assert stats[-1].startswith("Practice, and matches the others left during the first round, count")
        # (session 61) Bob's card read "Matches finished: 1" of the match he left: it counts, as a loss
        assert "Matches counted: 1" in await _stats(bot, fake, group, bob)


async def test_one_who_played_a_round_against_computers_alone_and_left_takes_no_counted_loss(
    world: World, fake: FakeTelegram
) -> None:
    """Bob left as the cards were dealt; Alice played the first round out against the computer, then left
    too. She never played a full round with another person: her match was practice, and her leaving costs her
    nothing on the boards. Bob's loss, who left before playing a full round, still counts."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, {"target_score": 2000})  # the first round cannot end the match
    deal_short_matches(world)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob], computers=1)
        await _leaves(bot, fake, group, bob)
        await _play_a_full_round(bot, group, [alice])
        await _leaves(bot, fake, group, alice)
        assert await bot.rt.service.find(Place(group.id)) is None

        board = await _top(bot, fake, group, alice)
        assert [line.split(" · ")[-1] for line in board] == ["0 wins of 1 (0%)"]
        assert "Bob" in board[0]


async def test_a_walkover_before_a_round_was_played_is_no_win(world: World, fake: FakeTelegram) -> None:
    """The other person left before the first round ended: the one left won the match, on every board and
    in the rating, with no card played against anyone (a second account joining and leaving farmed it).
    Now it counts for neither's rating nor the winner's boards; the leaver's loss stands."""
    alice, bob = fake.add_user("Alice"), fake.add_user("Bob")
    group = fake.add_group("Home", members=[alice, bob])
    await use_quick_rules(world, group, ONE_ROUND)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob])
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
    deal_short_matches(world, MORE_SEATS_SHORT_MATCH_SEED)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob, carol])
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
        assert spaced(fake.last_bot_message(table.group).text or "").endswith(
            "without a move the game stops in 10 minutes, as a loss for you."
        )
        await table.bot.tick(10 * 60)
        assert "Bob was to move: it's a loss for them" in (fake.last_bot_message(table.group).text or "")

        board = await _top(table.bot, fake, table.group, alice)
        assert [line.split(" · ")[-1] for line in board] == ["0 wins of 1 (0%)"]
        # (transcript read, session 51) it read "🥇 Bob · ... · 0 wins of 1": a medal for a loss alone
        assert board[0].startswith("1. Bob · ")


async def test_a_one_round_match_ranks_its_losers_by_the_cards_they_were_left_with(
    world: World, fake: FakeTelegram
) -> None:
    """A one-round match scores no points, so every loser tied for second place: the rating moved as much for
    one caught with a single card as for one left with a fistful. They rank as the round did now."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, ONE_ROUND)
    deal_short_matches(world)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob, carol])
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


async def _after_a_full_round(bot: Bot, fake: FakeTelegram, group: Chat, people: list[User]) -> None:
    """The first of `people` deals a match to 2000 points that the others joined; they play until its first
    round has ended (it counts from then on)."""
    await _start(bot, fake, group, people)
    await _play_a_full_round(bot, group, people)


async def _play_a_full_round(bot: Bot, group: Chat, people: list[User]) -> None:
    """`people` (and the computers) play until the match's first round has ended."""
    while not any((await bot.game(group))[1].state.scores.values()):
        await play_until_over(bot, group, {user.id: user for user in people}, limit=1)


async def test_who_stops_a_match_that_counts_while_playing_in_it_takes_the_loss(
    world: World, fake: FakeTelegram
) -> None:
    """Alice, who runs the game, stopped it after a round: a stopped match counted for nobody, so one about
    to lose could erase the loss from the boards with /stop. Now it is hers, as leaving would be, and the
    others' match does not count; the question and the answer say so."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    await use_quick_rules(world, group, {"target_score": 2000})  # the first round cannot end the match
    deal_short_matches(world)
    async with world.running() as bot:
        await _after_a_full_round(bot, fake, group, [alice, bob, carol])
        question = await stop_question(bot, fake, group, alice)
        assert question.text == (
            "Stop the game for everyone? A full round has been played, so a player who stops it takes a"
            " loss, and the match counts for nobody else."
        )
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        assert fake.messages[(group.id, question.message_id)].text == (
            "Alice stopped the game: it's a loss for them, and the match counts for nobody else."
        )
        standings = [m.text or "" for m in fake.bot_messages_in(group) if (m.text or "").startswith("⏹")]
        # Her result is a loss, stored last as a leaver's: the standings leave her out.
        assert len(standings) == 1 and "Alice" not in standings[0], standings

        board = await _top(bot, fake, group, bob)
        assert [line.split(" · ")[-1] for line in board] == ["0 wins of 1 (0%)"]
        assert "Alice" in board[0]
        assert await _stats(bot, fake, group, bob) == [
            "You haven't finished a match yet. Start one here with /new."
        ]
        assert "Won: 0 (0%)" in await _stats(bot, fake, group, alice)
        assert [await _rated_matches(world, user) for user in (alice, bob, carol)] == [0, 0, 0]


async def test_a_stop_before_a_full_round_or_by_an_admin_outside_the_match_costs_nobody(
    world: World, fake: FakeTelegram
) -> None:
    """A match stopped before any round ended never counted: its runner's stop is nobody's loss. Nor is an
    admin's who does not play, whenever they stop it."""
    alice, bob, dave = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Dave")
    group = fake.add_group("Home", members=[alice, bob, dave])
    fake.make_admin(dave, group)
    await use_quick_rules(world, group, {"target_score": 2000})
    deal_short_matches(world)
    async with world.running() as bot:
        await _start(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        assert question.text == "Stop the game for everyone?"
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        assert fake.messages[(group.id, question.message_id)].text == "Alice stopped the game."

        bot.clock.advance(60)
        await _after_a_full_round(bot, fake, group, [alice, bob])
        await stop(bot, fake, group, dave)
        assert await _top(bot, fake, group, alice) == []
        assert await _stats(bot, fake, group, alice) == [
            "You haven't finished a match yet. Start one here with /new."
        ]


async def test_an_admin_removed_from_a_match_that_counts_who_stops_it_takes_no_loss(
    world: World, fake: FakeTelegram
) -> None:
    """Carol, a chat admin, was removed after a full round, then stopped the match as an admin: a kick is
    never a loss, and she no longer plays in it, so her stop is not a player's loss either."""
    alice, bob, carol = fake.add_user("Alice"), fake.add_user("Bob"), fake.add_user("Carol")
    group = fake.add_group("Home", members=[alice, bob, carol])
    fake.make_admin(carol, group)
    await use_quick_rules(world, group, {"target_score": 2000})
    deal_short_matches(world)
    async with world.running() as bot:
        await _after_a_full_round(bot, fake, group, [alice, bob, carol])
        fake.user_sends(alice, group, "/kick Carol")
        await bot.deliver()
        question = await stop_question(bot, fake, group, carol)
        press(fake, carol, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        assert fake.messages[(group.id, question.message_id)].text == "Carol stopped the game."


async def _kicks(table: Table, by: User, target: User) -> None:
    table.fake.user_sends(by, table.group, f"/kick {target.first_name}")
    await table.deliver()


def _said(table: Table, start: str) -> list[str]:
    """The bot's messages in the group that begin so."""
    texts = (message.text or "" for message in table.fake.bot_messages_in(table.group))
    return [text for text in texts if text.startswith(start)]


async def test_who_removes_the_leader_and_wins_wins_a_match_that_counts_for_nobody(
    world: World, fake: FakeTelegram
) -> None:
    """Alice runs the game: she removed Bob, one card from winning, and won it herself, a win on every board
    and a loss for Carol. A kick is still never Bob's loss; the match now counts for nobody."""
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND)) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B7"], "Carol": ["G5", "B9"]}, top="R3", turn=alice)
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob") == [
            "Alice removed Bob from the game. Bob was still playing, so if Alice wins now, the match counts"
            " for nobody."
        ]
        await table.play(alice, "R1")
        assert await table.bot.rt.service.find(Place(table.group.id)) is None
        assert _said(table, "🏆 Alice wins the match") == [
            "🏆 Alice wins the match!\nThe match counts for nobody: the winner removed a player who was"
            " still playing."
        ]

        assert await _top(table.bot, fake, table.group, carol) == []
        assert [await _rated_matches(world, user) for user in table.people] == [0, 0, 0]


async def test_a_match_that_counts_for_nobody_names_who_left_it_for_whom_it_is_a_loss(
    world: World, fake: FakeTelegram
) -> None:
    """(an evening's transcript, session 61) Dan left, then Alice removed Bob and won: the group read "The
    match counts for nobody", and Dan's /top counted it, a loss of his (leaving is one, however the match
    ends). The line names him."""
    names = ("Alice", "Bob", "Carol", "Dan")
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND), names=names) as table:
        alice, bob, carol, dan = table.people
        table.fake.user_sends(dan, table.group, "/leave")
        await table.deliver()
        await table.arrange({"Alice": ["R1"], "Bob": ["B7"], "Carol": ["G5", "B9"]}, top="R3", turn=alice)
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob") == [  # and so its notice forecast
            "Alice removed Bob from the game. Bob was still playing, so if Alice wins now, the match counts"
            " only as a loss for Dan, who left it."
        ]
        await table.play(alice, "R1")
        assert _said(table, "🏆 Alice wins the match") == [
            "🏆 Alice wins the match!\nThe match counts only as a loss for Dan, who left it: the winner"
            " removed a player who was still playing."
        ]

        # the hands, which many read alone, say it too
        assert table.hand(alice).text.endswith(
            "🏆 You win the match!\nIt counts only as a loss for Dan, who left it: you removed a player who"
            " was still playing."
        )
        assert "It doesn't count for you: the winner removed a player" in (table.hand(carol).text or "")

        assert await _top(table.bot, fake, table.group, carol) == ["1. Dan · 1500? · 0 wins of 1 (0%)"]


async def test_removing_the_one_other_player_still_playing_says_no_win_to_come(
    world: World, fake: FakeTelegram
) -> None:
    """(mutation audit, session 53) Alice removed Bob, the one other player, still playing: the match ended
    with the kick, so the notice says no "if Alice wins now", a win that can no longer come."""
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND), names=("Alice", "Bob")) as table:
        alice, bob = table.people
        await table.arrange({"Alice": ["R1", "R2"], "Bob": ["B7", "B8"]}, top="R3", turn=alice)
        await _kicks(table, alice, bob)
        assert await table.bot.rt.service.find(Place(table.group.id)) is None
        assert _said(table, "Alice removed Bob") == ["Alice removed Bob from the game."]


async def test_who_removes_a_player_holding_the_game_up_still_wins(world: World, fake: FakeTelegram) -> None:
    """Without a turn timer, the match waited minutes for Bob's move: removing him is what lets it go on, and
    Alice's win over Carol counts as before."""
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND, turn_seconds=0)) as table:
        alice, bob, carol = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B7", "B8"], "Carol": ["R4", "G2"]}, top="R3", turn=bob)
        await table.bot.tick(2 * 60)
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob") == ["Alice removed Bob from the game."]
        await table.play(carol, "R4")
        await table.play(alice, "R1")
        assert await table.bot.rt.service.find(Place(table.group.id)) is None
        assert _said(table, "🏆 Alice wins the match") == ["🏆 Alice wins the match!"]

        board = await _top(table.bot, fake, table.group, carol)
        assert sorted(line.split(" · ")[-1] for line in board) == ["0 wins of 1 (0%)", "1 win of 1 (100%)"]
        assert "Alice" in board[0] and "Bob" not in "".join(board)


async def test_a_minutes_wait_for_a_players_move_is_holding_the_game_up(
    world: World, fake: FakeTelegram
) -> None:
    """The match has waited exactly HOLDING_UP_MS for Bob's move: that is holding it up already."""
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND, turn_seconds=0)) as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B7", "B8"], "Carol": ["R4", "G2"]}, top="R3", turn=bob)
        waited_from = (await table.state()).clock
        table.bot.clock.advance((waited_from + HOLDING_UP_MS) / 1000 - table.bot.clock())
        assert int(table.bot.clock() * 1000) == waited_from + HOLDING_UP_MS
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob") == ["Alice removed Bob from the game."]


async def test_who_removes_a_player_the_bot_cannot_reach_still_wins(world: World, fake: FakeTelegram) -> None:
    """Bob blocked the bot: his cards cannot reach him, so removing him at once, before his turn, is what
    lets the match go on; Alice's win over Carol counts."""
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND)) as table:
        alice, bob, carol = table.people
        hands = {"Alice": ["R1"], "Bob": ["B7", "B8"], "Carol": ["R4", "G2"]}
        await table.arrange(hands, top="R3", turn=carol)
        fake.user_blocks_bot(bob)
        await table.deliver()
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob") == ["Alice removed Bob from the game."]
        await table.play(carol, "R4")
        await table.play(alice, "R1")
        assert _said(table, "🏆 Alice wins the match") == ["🏆 Alice wins the match!"]


@pytest.mark.parametrize(
    ("language", "title", "told"),
    [
        (
            "en",
            "🏆 Alice and Carol share the win!",
            "The match counts for nobody: one of the winners removed a player who was still playing.",
        ),
        (
            "ru",
            "🏆 Alice и Carol делят победу!",
            "Матч никому не засчитан: один из победителей убрал из игры того, кто ещё играл.",
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_shared_win_counts_for_nobody_when_one_of_its_winners_removed_a_player_still_playing(
    world: World, fake: FakeTelegram, language: str, title: str, told: str
) -> None:
    """Lowest totals win: Alice removed Bob, still playing, then tied with Carol for the win. Carol removed
    nobody, but Alice's share of the win is one she may not take: the match counts for nobody. (Duel audit,
    2026-12-05: it said "the winner removed a player", which of the two did not read.)"""
    rules = Rules(scoring=Scoring.OWN_HAND, target_score=500)
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(world, fake, rules, names=names, language=language) as table:
        alice, bob, carol, dave = table.people
        await table.head_start({alice.id: 100, carol.id: 95, dave.id: 500})
        hands = {"Alice": ["R1"], "Bob": ["B7"], "Carol": ["G5"], "Dave": ["G9"]}
        await table.arrange(hands, top="R3", turn=alice)
        await _kicks(table, alice, bob)
        await table.play(alice, "R1")  # Alice 100 + 0, Carol 95 + 5: a tie for the lowest total
        (said,) = _said(table, title)
        assert said.splitlines()[1] == told
        assert [await _rated_matches(world, user) for user in (alice, carol, dave)] == [0, 0, 0]


async def test_the_standings_of_a_match_stopped_as_nobody_moved_leave_out_whose_move_it_was(
    world: World, fake: FakeTelegram
) -> None:
    """The hour without a move is Bob's loss, stored last as a leaver's: the standings still listed him
    among those still in the match, as they no longer list a /stop-er who lost."""
    async with playing(world, fake, Rules(turn_seconds=0), names=("Alice", "Bob", "Carol")) as table:
        alice, bob, carol = table.people
        await table.head_start({alice.id: 120, bob.id: 80, carol.id: 40})
        await table.arrange({"Alice": ["R1"], "Bob": ["G5", "B7"], "Carol": ["Y2"]}, top="R3", turn=bob)
        await table.bot.tick(60 * 60)
        said = [m.text or "" for m in fake.bot_messages_in(table.group)]
        standings = [text for text in said if text.startswith("⏹")]
        assert len(standings) == 1, standings
        listed = standings[0].split("\n\n")[1]  # (the title names Bob: the stop is his loss)
        assert "Alice" in listed and "Carol" in listed and "Bob" not in listed, standings


async def test_a_russian_group_reads_the_fair_play_notices(world: World, fake: FakeTelegram) -> None:
    """The counted /stop question, a player's stop that is their loss, a kick of one still playing and the win
    it voids, as a Russian group reads them ('матч', as the boards say it)."""
    alice, bob = fake.add_user("Alice", language_code="ru"), fake.add_user("Bob", language_code="ru")
    group = fake.add_group("Дом", members=[alice, bob])
    await use_quick_rules(world, group, {"target_score": 2000}, language="ru")
    deal_short_matches(world)
    async with world.running() as bot:
        await _after_a_full_round(bot, fake, group, [alice, bob])
        question = await stop_question(bot, fake, group, alice)
        assert question.text == (
            "Остановить игру для всех? Полный раунд уже сыгран: если её остановит кто-то из игроков, ему"
            " засчитается поражение, а остальным матч не засчитается."  # noqa: RUF001
        )
        press(fake, alice, question, stop_answer(question, yes=True))
        await bot.clock.run(bot.deliver())
        assert fake.messages[(group.id, question.message_id)].text == (
            "Игру остановил игрок Alice: ему засчитано поражение, а остальным матч не засчитывается."  # noqa: RUF001
        )
    async with playing(world, fake, Rules(scoring=Scoring.SINGLE_ROUND), language="ru") as table:
        alice, bob, _ = table.people
        await table.arrange({"Alice": ["R1"], "Bob": ["B7"], "Carol": ["G5", "B9"]}, top="R3", turn=alice)
        await _kicks(table, alice, bob)
        assert _said(table, "Игрока Bob") == [
            "Игрока Bob убрал из игры игрок Alice. Игрок Bob ещё играл, поэтому если теперь выиграет Alice,"
            " матч никому не засчитается."
        ]
        await table.play(alice, "R1")
        assert _said(table, "🏆") == [
            "🏆 Alice выигрывает матч!\nМатч никому не засчитан: победитель убрал из игры того,"  # noqa: RUF001
            " кто ещё играл."
        ]


async def test_a_second_kick_of_one_holding_the_game_up_says_nothing_of_a_win(
    world: World, fake: FakeTelegram
) -> None:
    """(session 61's review) Alice removed Bob, still playing, then Carol, who held the game up for minutes:
    the second notice said "Carol was still playing", as Alice was marked by the first kick."""
    names = ("Alice", "Bob", "Carol", "Dave")
    async with playing(
        world, fake, Rules(scoring=Scoring.SINGLE_ROUND, turn_seconds=0), names=names
    ) as table:
        alice, bob, carol, _ = table.people
        hands = {"Alice": ["R1", "R2"], "Bob": ["B7"], "Carol": ["R4", "G2"], "Dave": ["G5", "B9"]}
        await table.arrange(hands, top="R3", turn=carol)
        await _kicks(table, alice, bob)
        assert _said(table, "Alice removed Bob from the game. Bob was still playing")
        await table.bot.tick(2 * 60)
        await _kicks(table, alice, carol)
        assert _said(table, "Alice removed Carol") == ["Alice removed Carol from the game."]
