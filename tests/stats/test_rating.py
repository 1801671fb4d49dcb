from sqlalchemy import select

from bot.service.leaderboards import PROVISIONAL_MATCHES, personal_stats, record_match
from bot.service.leaderboards.rating import INITIAL_MU, INITIAL_SIGMA, displayed_rating
from bot.storage import Database
from bot.storage.models import MatchResult, User
from tests.stats.factory import MatchWriter, Seat, ranked

CHAT = -100


async def ratings(database: Database, *user_ids: int) -> list[float]:
    async with database.unit_of_work() as uow:
        users = {user.id: user for user in await uow.session.scalars(select(User))}
    return [users[user_id].rating for user_id in user_ids]


def test_a_newcomer_starts_at_the_model_defaults_the_schema_stores() -> None:
    assert displayed_rating(INITIAL_MU, INITIAL_SIGMA) == 1500.0 == User.__table__.c.rating.default.arg
    assert User.__table__.c.rating_mu.default.arg == INITIAL_MU
    assert User.__table__.c.rating_sigma.default.arg == INITIAL_SIGMA


async def test_the_winner_rises_and_the_last_falls(database: Database) -> None:
    async with database.unit_of_work() as uow:
        await MatchWriter(uow.session).match(CHAT, ranked(1, 2, 3))
    first, second, last = await ratings(database, 1, 2, 3)
    assert first > 1500.0 > last
    assert first > second > last


async def test_history_and_counters_are_kept_on_the_result_rows(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(PROVISIONAL_MATCHES):
            await writer.match(CHAT, ranked(1, 2))
    async with database.unit_of_work() as uow:
        alice = await uow.users.get(1)
        history = list(
            await uow.session.scalars(
                select(MatchResult.rating_after).where(MatchResult.user_id == 1).order_by(MatchResult.id)
            )
        )
    assert alice is not None
    assert alice.rated_matches == PROVISIONAL_MATCHES
    assert history == sorted(history) and len(set(history)) == PROVISIONAL_MATCHES
    assert history[-1] == alice.rating


async def test_matches_that_do_not_count_leave_ratings_alone(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(1, 2), stopped_early=True)
        await writer.match(CHAT, [Seat(1, 1), Seat(2, 2), Seat(-7, 3, is_bot=True)])
        await writer.match(CHAT, [Seat(1, 1), Seat(-7, 2, is_bot=True)])
        # Bob left before a full round ended: not a match of two people for Alice (`match_people`).
        await writer.match(CHAT, [Seat(1, 1), Seat(2, 2, played_round=False)], people={1: 1, 2: 2})
    assert await ratings(database, 1, 2, -7) == [1500.0, 1500.0, 1500.0]
    async with database.unit_of_work() as uow:
        after = set(await uow.session.scalars(select(MatchResult.rating_after)))
        alice = await uow.users.get(1)
    assert after == {None}
    assert alice is not None and alice.rated_matches == 0


async def test_recording_twice_changes_nothing_more(database: Database) -> None:
    async with database.unit_of_work() as uow:
        game_id = await MatchWriter(uow.session).match(CHAT, ranked(1, 2))
    before = await ratings(database, 1, 2)
    async with database.unit_of_work() as uow:
        assert await record_match(uow.session, game_id) == ()
    assert await ratings(database, 1, 2) == before


async def test_a_tie_moves_equal_players_equally(database: Database) -> None:
    async with database.unit_of_work() as uow:
        changes = await record_match(
            uow.session, await MatchWriter(uow.session).match(CHAT, [Seat(1, 1), Seat(2, 1)], rate=False)
        )
    assert {change.after for change in changes} == {changes[0].after}
    assert [change.before for change in changes] == [1500.0, 1500.0]


async def test_a_rating_is_provisional_until_its_fifth_rated_match(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(PROVISIONAL_MATCHES - 1):
            await writer.match(CHAT, ranked(1, 2))
        before = await personal_stats(uow.session, 1)
        await writer.match(CHAT, ranked(1, 2))
        after = await personal_stats(uow.session, 1)
    assert before is not None and before.provisional
    assert after is not None and not after.provisional
