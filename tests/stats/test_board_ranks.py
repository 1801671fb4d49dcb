"""The boards' order and ranks: each ordering's leader and the keys after it (more wins, the better rate,
fewer losses), lines of different records in places of their own, players equal on every key or whose
lines read the same (ratings rounded alike, a half rounded up) sharing a rank."""

import pytest
from sqlalchemy import update

from bot.service.leaderboards import Ordering
from bot.storage import Database
from bot.storage.models import User
from tests.stats.boards import ALICE, BOB, CAROL, CHAT, COMPUTER, DAVE, ERIN, board, ids
from tests.stats.factory import MatchWriter, Seat, ranked


async def test_rating_orders_the_board_and_figures_add_up(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, BOB, CAROL, points=50))
        await writer.match(CHAT, ranked(ALICE, CAROL, BOB, points=30))
        await writer.match(CHAT, ranked(BOB, ALICE, CAROL, points=20))
    page = await board(database)
    assert ids(page) == [ALICE, BOB, CAROL]
    alice = page.entries[0]
    assert (alice.rank, alice.matches, alice.wins, alice.points) == (1, 3, 2, 80)
    assert alice.provisional
    assert [entry.rank for entry in page.entries] == [1, 2, 3]
    assert (page.page, page.pages, page.players) == (0, 1, 3)


async def test_each_ordering_puts_its_own_leader_first(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        # Carol: one win in one match with many points; Bob: two wins in four matches.
        await writer.match(CHAT, ranked(CAROL, ALICE, points=500))
        for winner, loser in ((BOB, DAVE), (BOB, DAVE), (DAVE, BOB), (DAVE, BOB), (DAVE, BOB)):
            await writer.match(CHAT, ranked(winner, loser, points=10))
    assert ids(await board(database, ordering=Ordering.WINS))[0] == DAVE
    assert ids(await board(database, ordering=Ordering.POINTS))[0] == CAROL
    # By win rate, one lucky win (Carol's 1 of 1) comes after those with WIN_RATE_MATCHES matches.
    assert ids(await board(database, ordering=Ordering.WIN_RATE)) == [DAVE, BOB, CAROL, ALICE]


async def test_at_an_equal_rating_more_wins_come_first_then_the_better_rate(database: Database) -> None:
    """Every match had a computer player, so nobody's rating moved: the board by rating falls back on wins
    (Alice's one lucky win of one comes after two), then the win rate."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        computer = Seat(COMPUTER, 3, is_bot=True)
        for winner, loser in [(ALICE, BOB), *[(CAROL, ERIN), (ERIN, CAROL)] * 2, (DAVE, BOB), (DAVE, BOB)]:
            await writer.match(CHAT, [Seat(winner, 1), Seat(loser, 2), computer])
        await writer.match(CHAT, [Seat(BOB, 1), Seat(DAVE, 2), computer])
    page = await board(database)
    assert {entry.rating for entry in page.entries} == {1500.0}
    assert [(entry.user_id, entry.wins, entry.matches) for entry in page.entries] == [
        (DAVE, 2, 3),
        (CAROL, 2, 4),
        (ERIN, 2, 4),
        (ALICE, 1, 1),
        (BOB, 1, 4),
    ]


@pytest.mark.parametrize("ordering", list(Ordering))
async def test_lines_of_different_records_take_places_of_their_own(
    database: Database, ordering: Ordering
) -> None:
    """(session 53) A one-round chat's board by points showed nine 🥇: with no points anywhere it ranked by
    wins alone, so "1 win of 1" shared its place with "1 win of 6", though its line shows the matches too.
    Every board's lines show the record, and it ranks in full: at equal wins fewer matches first (the better
    rate; with no win, fewer losses). By rating and by wins "0 wins of 1" and "0 wins of 2" shared one."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)  # nobody's rating moves, nobody scores
        await writer.match(CHAT, ranked(ALICE, BOB), rate=False)
        await writer.match(CHAT, ranked(BOB, DAVE, CAROL), rate=False)
        await writer.match(CHAT, [Seat(COMPUTER, 1, is_bot=True), Seat(BOB, 2), Seat(DAVE, 3)], rate=False)
    page = await board(database, ordering=ordering)
    assert [(entry.user_id, entry.wins, entry.matches, entry.rank) for entry in page.entries] == [
        (ALICE, 1, 1, 1),
        (BOB, 1, 3, 2),
        (CAROL, 0, 1, 3),
        (DAVE, 0, 2, 4),
    ]


async def test_by_win_rate_fewer_losses_come_first_among_those_with_no_win(database: Database) -> None:
    """(found by a competitive group's audit, 2026-12-05) At 0% the next key was more matches: Carol, beaten
    twice, stood above Bob, beaten once. At equal rates more wins still come first (3 of 3 above 1 of 1)."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, CAROL), rate=False)  # no rating to tell them apart
        await writer.match(CHAT, ranked(ALICE, CAROL), rate=False)
        await writer.match(CHAT, ranked(ALICE, BOB), rate=False)
        await writer.match(CHAT, [Seat(DAVE, 1), Seat(COMPUTER, 2, is_bot=True), Seat(ERIN, 3)], rate=False)
    page = await board(database, ordering=Ordering.WIN_RATE)
    assert [(entry.user_id, entry.wins, entry.matches) for entry in page.entries] == [
        (ALICE, 3, 3),
        (DAVE, 1, 1),
        (BOB, 0, 1),
        (ERIN, 0, 1),
        (CAROL, 0, 2),
    ]


async def test_players_equal_on_every_key_share_a_rank(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, [Seat(ALICE, 1), Seat(BOB, 1), Seat(CAROL, 3)])
    page = await board(database, ordering=Ordering.WINS)
    assert [(entry.user_id, entry.rank) for entry in page.entries] == [(ALICE, 1), (BOB, 1), (CAROL, 3)]


@pytest.mark.parametrize(
    ("ordering", "ranks"),
    [
        (Ordering.RATING, [1, 1, 1]),
        (Ordering.WINS, [1, 1, 1]),
        (Ordering.WIN_RATE, [1, 1, 1]),
        (Ordering.POINTS, [1, 2, 2]),
    ],
)
async def test_players_whose_lines_read_the_same_share_a_rank(
    database: Database, ordering: Ordering, ranks: list[int]
) -> None:
    """(found by a reader of a whole game, session 50) A computer won; of the three people, Alice won a round
    on the way. By rating their lines read the same, "1500? · 0 wins of 1 (0%)", but her 40 points, which
    no line showed, gave her 🥇 and the others 🥈. They order the board still, and rank it only by points."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        people = [Seat(ALICE, 2, points=40), Seat(BOB, 3), Seat(CAROL, 4)]
        await writer.match(CHAT, [Seat(COMPUTER, 1, points=500, is_bot=True), *people])
    page = await board(database, ordering=ordering)
    assert {(entry.rating, entry.wins, entry.matches) for entry in page.entries} == {(1500.0, 0, 1)}
    assert [entry.user_id for entry in page.entries] == [ALICE, BOB, CAROL]  # her points order them still
    assert [entry.rank for entry in page.entries] == ranks


async def test_ratings_that_read_the_same_share_a_rank(database: Database) -> None:
    """(review of session 50) The board by rating shows the rating rounded: 1500.4 and 1499.6 both read
    "1500", and with the same record the two lines read the same, yet the raw ratings gave them 🥇 and 🥈.
    They share the rank; the unrounded rating still orders them."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        people = [Seat(ALICE, 2), Seat(BOB, 3), Seat(CAROL, 4)]
        await writer.match(CHAT, [Seat(COMPUTER, 1, is_bot=True), *people])
        for user_id, rating in ((ALICE, 1499.6), (BOB, 1500.4), (CAROL, 1498.0)):
            await uow.session.execute(update(User).where(User.id == user_id).values(rating=rating))
    page = await board(database)
    assert [(entry.user_id, entry.rank) for entry in page.entries] == [(BOB, 1), (ALICE, 1), (CAROL, 3)]


async def test_a_rating_of_a_half_ranks_as_it_reads_rounded_up(database: Database) -> None:
    """(session 53's match on PostgreSQL) A half reads rounded away from zero (1500.5 as "1501", -0.5 as
    "-1": `shown_rating`), and ranks so: PostgreSQL's round() of a float takes a half to the even number, and
    ranked 1500.5 below the 1501 it reads the same as, beside 1500; -0.5 beside 0."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        people = [Seat(ALICE, 2), Seat(BOB, 3), Seat(CAROL, 4), Seat(DAVE, 5), Seat(ERIN, 6)]
        await writer.match(CHAT, [Seat(COMPUTER, 1, is_bot=True), *people])
        ratings = ((ALICE, 1500.5), (BOB, 1501.0), (CAROL, 1500.0), (DAVE, -0.5), (ERIN, 0.0))
        for user_id, rating in ratings:
            await uow.session.execute(update(User).where(User.id == user_id).values(rating=rating))
    page = await board(database)
    ranks = [(entry.user_id, entry.rank) for entry in page.entries]
    assert ranks == [(BOB, 1), (ALICE, 1), (CAROL, 3), (ERIN, 4), (DAVE, 5)]


async def test_ratings_that_read_the_same_rank_more_wins_first(database: Database) -> None:
    """The board by rating shows the wins too: of two ratings that read "1500", the one with a win ranks
    above, and takes a place of its own."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(
            CHAT, [Seat(COMPUTER, 1, is_bot=True), Seat(ALICE, 2), Seat(BOB, 3), Seat(CAROL, 4)]
        )
        await writer.match(CHAT, ranked(ALICE, BOB, CAROL))
        for user_id, rating in ((ALICE, 1499.6), (BOB, 1500.4), (CAROL, 1498.0)):
            await uow.session.execute(update(User).where(User.id == user_id).values(rating=rating))
    page = await board(database)
    assert [(entry.user_id, entry.rank) for entry in page.entries] == [(ALICE, 1), (BOB, 2), (CAROL, 3)]
