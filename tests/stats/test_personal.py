from datetime import timedelta

import pytest
from sqlalchemy import func, select

from bot.service.leaderboards import PersonalStats, anything_to_forget, forget, forget_user, personal_stats
from bot.service.leaderboards.forget import FORGET_BATCH, forget_in_games_done_with
from bot.service.leaderboards.personal import TREND_MATCHES
from bot.storage import Database
from bot.storage.models import Game, GamePlayer, GameStatus, MatchResult, RoundResult, User
from tests.stats.factory import NOW, MatchWriter, Seat, ranked

CHAT, OTHER_CHAT = -100, -200
ALICE, BOB, CAROL = 1, 2, 3


async def stats_of(database: Database, user_id: int) -> PersonalStats | None:
    async with database.unit_of_work() as uow:
        return await personal_stats(uow.session, user_id)


async def test_figures_across_chats(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        alice_wins = Seat(ALICE, 1, 60, rounds_won=2, uno_calls=3, catches_made=1, challenges_won=1)
        await writer.match(CHAT, [alice_wins, Seat(BOB, 2, catches_suffered=1)])
        await writer.match(
            OTHER_CHAT, [Seat(ALICE, 3, uno_calls=1, challenges_lost=2), Seat(BOB, 1), Seat(CAROL, 2)]
        )
        await writer.match(CHAT, [Seat(ALICE, 1, 25, rounds_won=1, catches_suffered=2), Seat(CAROL, 2)])
        await writer.match(CHAT, [Seat(ALICE, 1, 5), Seat(BOB, 2)], stopped_early=True)
    stats = await stats_of(database, ALICE)
    assert stats is not None
    # The stopped match counts for nothing, its 5 points included (as on the boards).
    assert (stats.matches, stats.wins, stats.rounds_won, stats.points) == (3, 2, 3, 85)
    assert (stats.uno_calls, stats.catches_made, stats.catches_suffered) == (4, 1, 2)
    assert (stats.challenges_won, stats.challenges_lost) == (1, 2)
    assert stats.average_place == pytest.approx(5 / 3)
    assert stats.best_win_streak == 1
    assert stats.provisional


async def test_practice_against_computers_alone_is_counted_apart(database: Database) -> None:
    """(found by an audit of the boards, 2026-12-05) Wins over computers alone are practice: none of the
    figures the boards compare count them, and /stats shows them on a line of their own."""
    computer = Seat(-9, 2, is_bot=True)
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, [Seat(CAROL, 1, 50, rounds_won=2, uno_calls=4), computer])
        await writer.match(CHAT, [Seat(CAROL, 1, 70, rounds_won=1), computer])
        await writer.match(CHAT, [Seat(-9, 1, 30, is_bot=True), Seat(CAROL, 2)])
        await writer.match(CHAT, [Seat(ALICE, 1, 60, rounds_won=3), computer])
        await writer.match(CHAT, [Seat(BOB, 1, 20, rounds_won=1, uno_calls=1), Seat(ALICE, 2), computer])
    alice, carol = await stats_of(database, ALICE), await stats_of(database, CAROL)
    assert alice is not None and carol is not None
    assert (alice.matches, alice.wins, alice.rounds_won, alice.points) == (1, 0, 0, 0)
    assert (alice.best_win_streak, alice.average_place) == (0, 2.0)
    assert (alice.practice_matches, alice.practice_wins) == (1, 1)
    assert alice.with_computers == 1  # her practice is no match with a computer the boards count
    # Only practice: something to show all the same.
    assert (carol.matches, carol.wins, carol.rounds_won, carol.points, carol.uno_calls) == (0, 0, 0, 0, 0)
    assert (carol.practice_matches, carol.practice_wins, carol.average_place) == (3, 2, None)


async def test_best_streak_follows_time_not_insertion(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        order = [(ALICE, 0), (ALICE, 3), (ALICE, 5), (BOB, 2), (ALICE, 1), (BOB, 4)]
        for winner, day in order:
            loser = BOB if winner == ALICE else ALICE
            await writer.match(CHAT, ranked(winner, loser), finished_at=NOW + timedelta(days=day))
    stats = await stats_of(database, ALICE)
    # By time: A(0) A(1) B(2) A(3) B(4) A(5); as inserted, three in a row: A A A B A B
    assert stats is not None and stats.best_win_streak == 2


async def test_rating_history_shows_the_trend(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(3):
            await writer.match(CHAT, ranked(ALICE, BOB))
    alice, bob = await stats_of(database, ALICE), await stats_of(database, BOB)
    assert alice is not None and bob is not None
    assert alice.rating_history[0] == 1500.0 and len(alice.rating_history) == 4
    assert alice.rating_history[-1] == alice.rating
    assert alice.rating_trend > 0 > bob.rating_trend
    assert alice.rating_trend == alice.rating - 1500.0  # over the three matches, not the last one


async def test_nobody_without_results(database: Database) -> None:
    async with database.unit_of_work() as uow:
        uow.session.add(User(id=ALICE, name="Alice"))
    assert await stats_of(database, ALICE) is None
    assert await stats_of(database, 999) is None


async def test_forget_deletes_only_the_users_rows_and_rating(database: Database) -> None:
    games: list[int] = []
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(5):  # more ended games than one batch blanks the name in
            game_id = await writer.match(CHAT, ranked(ALICE, BOB))
            games.append(game_id)
            uow.session.add_all(
                GamePlayer(game_id=game_id, user_id=user, seat=seat) for seat, user in enumerate((ALICE, BOB))
            )
            game = await uow.session.get(Game, game_id)
            assert game is not None
            game.state = {"names": {str(ALICE): "Alice Secret", str(BOB): "Bob"}}
    async with database.unit_of_work() as uow:
        versions = [(await uow.games.get(game_id)).version for game_id in games]
    await forget(database, ALICE, batch=2)
    async with database.unit_of_work() as uow:
        alice = await uow.users.get(ALICE)
        match_owners = set(await uow.session.scalars(select(MatchResult.user_id)))
        round_owners = list(await uow.session.scalars(select(RoundResult.user_id)))
        bob_rating = await uow.session.scalar(select(func.max(User.rating)).where(User.id == BOB))
        ended = [await uow.session.get(Game, game_id) for game_id in games]
    assert alice is not None and (alice.rating, alice.rated_matches, alice.rating_mu) == (1500.0, 0, 25.0)
    assert match_owners == {BOB} and round_owners == [BOB] * 5
    assert bob_rating is not None and bob_rating < 1500.0
    assert await stats_of(database, ALICE) is None
    # (found by an audit of /forgetme, 2026-12-02) nor is her name kept: not on her row, not in ended games
    assert alice.name == "" and alice.username is None
    assert all(
        game is not None and game.state["names"] == {str(ALICE): "", str(BOB): "Bob"} for game in ended
    )
    # a change like any other: a save read before it must retry
    assert [game.version for game in ended if game is not None] == [version + 1 for version in versions]


async def test_forgetting_in_games_leaves_the_name_in_a_lobby_its_owner_is_in(database: Database) -> None:
    """/forgetme checks the user is in no game, then takes them out of their games a batch at a time: a lobby
    they joined in between still needs their name, which it keeps; one they left loses it."""
    async with database.unit_of_work() as uow:
        await uow.chats.ensure(CHAT, "Friends")
        uow.session.add_all([User(id=ALICE, name="Alice"), User(id=BOB, name="Bob")])
        names = {str(ALICE): "Alice", str(BOB): "Bob"}
        lobby = Game(chat_id=CHAT, status=GameStatus.LOBBY.value, state={"names": names})
        uow.session.add(lobby)
        await uow.session.flush()
        uow.session.add_all(
            [
                GamePlayer(game_id=lobby.id, user_id=ALICE, seat=0),
                GamePlayer(game_id=lobby.id, user_id=BOB, seat=1, left_at=NOW),
            ]
        )
    async with database.unit_of_work() as uow:
        assert await forget_in_games_done_with(uow.session, ALICE, 0, FORGET_BATCH) is None
        assert await forget_in_games_done_with(uow.session, BOB, 0, FORGET_BATCH) == lobby.id
    async with database.unit_of_work() as uow:
        kept = await uow.session.get(Game, lobby.id)
    assert kept is not None and kept.state["names"] == {str(ALICE): "Alice", str(BOB): ""}


async def forgettable(database: Database, user_id: int) -> bool:
    async with database.unit_of_work() as uow:
        return await anything_to_forget(uow.session, user_id)


async def test_anything_to_forget_is_a_result_or_a_name_kept(database: Database) -> None:
    async with database.unit_of_work() as uow:
        uow.session.add(User(id=CAROL, name=""))  # wrote to the bot, never played: no name kept
        game_id = await MatchWriter(uow.session).match(CHAT, ranked(ALICE, BOB))
        uow.session.add_all(
            GamePlayer(game_id=game_id, user_id=user, seat=seat) for seat, user in enumerate((ALICE, BOB))
        )
        game = await uow.session.get(Game, game_id)
        assert game is not None
        game.state = {"names": {str(ALICE): "Alice", str(BOB): "Bob"}}
    assert not await forgettable(database, CAROL) and not await forgettable(database, 999)
    assert await forgettable(database, ALICE)
    async with database.unit_of_work() as uow:
        await uow.users.upsert(CAROL, name="Carol")  # kept by an earlier version of the bot
    assert await forgettable(database, CAROL)

    async with database.unit_of_work() as uow:
        await forget_user(uow.session, BOB)  # his results go; his name is still in the game
    assert await forgettable(database, BOB)
    await forget(database, BOB)
    assert not await forgettable(database, BOB) and await forgettable(database, ALICE)


async def test_a_notifyme_request_alone_is_something_to_forget(database: Database) -> None:
    """/forgetme deletes /notifyme requests too: someone with only a request is asked, not told there is
    nothing to delete (which would keep the request)."""
    async with database.unit_of_work() as uow:
        uow.session.add(User(id=CAROL, name="Carol"))
        await uow.chats.ensure(CHAT, "Friends")
        await uow.subscriptions.toggle(CHAT, 0, CAROL)
    assert await forgettable(database, CAROL)
    await forget(database, CAROL)
    assert not await forgettable(database, CAROL)


async def test_the_trend_spans_the_last_ten_rated_matches_once_there_are_more(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(TREND_MATCHES + 1):
            await writer.match(CHAT, ranked(ALICE, BOB))
        after_each = list(
            await uow.session.scalars(
                select(MatchResult.rating_after).where(MatchResult.user_id == ALICE).order_by(MatchResult.id)
            )
        )
    alice = await stats_of(database, ALICE)
    # From the rating after the first match (not a newcomer's 1500) to the one after the eleventh.
    assert alice is not None and alice.rating_history == tuple(after_each)
    assert len(alice.rating_history) == TREND_MATCHES + 1 and alice.rating_history[0] > 1500.0


async def test_a_trend_of_exactly_ten_rated_matches_starts_at_a_newcomers_rating(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(TREND_MATCHES):
            await writer.match(CHAT, ranked(ALICE, BOB))
    alice = await stats_of(database, ALICE)
    assert alice is not None and len(alice.rating_history) == TREND_MATCHES + 1
    assert alice.rating_history[0] == 1500.0 and alice.rating_history[-1] == alice.rating


async def test_a_trend_missing_its_first_rated_match_does_not_start_from_a_newcomers_rating(
    database: Database,
) -> None:
    """A rated match from before the history was kept (migration stats01) has no rating after it: the trend
    starts at the oldest rating kept, not at 1500 as if the window reached back to the first match."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        first = await writer.match(CHAT, ranked(BOB, ALICE))
        for _ in range(2):
            await writer.match(CHAT, ranked(ALICE, BOB))
        unkept = await uow.session.scalar(
            select(MatchResult).where(MatchResult.game_id == first, MatchResult.user_id == ALICE)
        )
        assert unkept is not None
        unkept.rating_after = None
        kept = list(
            await uow.session.scalars(
                select(MatchResult.rating_after)
                .where(MatchResult.user_id == ALICE, MatchResult.game_id != first)
                .order_by(MatchResult.id)
            )
        )
    alice = await stats_of(database, ALICE)
    assert alice is not None and alice.rating_history == tuple(kept)
