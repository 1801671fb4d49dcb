"""The boards' queries, what they count and where: a chat's board and the global one, all time and this
month (from midnight UTC on the first), computers never and practice against them alone on no board, a
stopped match counting for nothing, the all-time totals equal to the result rows through /forgetme, an
empty board's practice, a provisional rating by the rated matches."""

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest

from bot.service.leaderboards import PAGE_SIZE, PROVISIONAL_MATCHES, Ordering, Period, forget, forget_user
from bot.storage import Database
from tests.stats.boards import ALICE, BOB, CAROL, CHAT, COMPUTER, DAVE, OTHER_CHAT, board, ids
from tests.stats.factory import NOW, MatchWriter, Seat, ranked


async def test_a_provisional_rating_is_one_of_few_rated_matches_whatever_the_board_counts(
    database: Database,
) -> None:
    """The "?" follows the player's rated matches: a match with a computer counts on the boards but rates
    nobody, and a month's board counts fewer matches than the rating has seen."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(PROVISIONAL_MATCHES):
            await writer.match(CHAT, [Seat(ALICE, 1), Seat(BOB, 2), Seat(COMPUTER, 3, is_bot=True)])
            await writer.match(OTHER_CHAT, ranked(CAROL, DAVE), finished_at=NOW - timedelta(days=40))
        await writer.match(OTHER_CHAT, ranked(CAROL, DAVE))
    figures = [(entry.user_id, entry.matches, entry.provisional) for entry in (await board(database)).entries]
    assert figures == [(ALICE, PROVISIONAL_MATCHES, True), (BOB, PROVISIONAL_MATCHES, True)]
    month = await board(database, OTHER_CHAT, period=Period.THIS_MONTH)
    assert [(entry.user_id, entry.matches, entry.provisional) for entry in month.entries] == [
        (CAROL, 1, False),
        (DAVE, 1, False),
    ]


async def test_this_month_counts_only_this_month(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, BOB), finished_at=NOW - timedelta(days=40))
        await writer.match(CHAT, ranked(CAROL, BOB), finished_at=NOW.replace(day=1, hour=0))
    month = await board(database, ordering=Ordering.WINS, period=Period.THIS_MONTH)
    assert ids(month) == [CAROL, BOB]
    assert [entry.matches for entry in month.entries] == [1, 1]
    assert ids(await board(database, ordering=Ordering.WINS)) == [ALICE, CAROL, BOB]


async def test_chat_board_is_the_chats_and_global_spans_all(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, BOB))
        await writer.match(OTHER_CHAT, ranked(CAROL, ALICE))
    assert sorted(ids(await board(database, CHAT))) == [ALICE, BOB]
    assert sorted(ids(await board(database, OTHER_CHAT))) == [ALICE, CAROL]
    everywhere = await board(database, None, Ordering.WINS)
    assert sorted(ids(everywhere)) == [ALICE, BOB, CAROL]
    assert next(entry for entry in everywhere.entries if entry.user_id == ALICE).matches == 2


async def test_computer_players_never_appear(database: Database) -> None:
    async with database.unit_of_work() as uow:
        seats = [Seat(COMPUTER, 1, 90, is_bot=True), Seat(ALICE, 2), Seat(BOB, 3)]
        await MatchWriter(uow.session).match(CHAT, seats)
    for chat_id in (CHAT, None):
        page = await board(database, chat_id, Ordering.POINTS)
        assert ids(page) == [ALICE, BOB]
        # The match of two people still counts for their match stats.
        assert [entry.matches for entry in page.entries] == [1, 1]


async def test_practice_against_computers_alone_is_on_no_board(database: Database) -> None:
    """(found by an audit of the boards, 2026-12-05) One person against computers won at will: each such win
    counted on the Wins, Win rate and Points boards. A match counts when two people play it, computers or
    not."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(3):
            await writer.match(CHAT, [Seat(ALICE, 1, 90), Seat(COMPUTER, 2, is_bot=True)])
        await writer.match(OTHER_CHAT, [Seat(COMPUTER, 1, 40, is_bot=True), Seat(ALICE, 2)])
        await writer.match(CHAT, [Seat(BOB, 1, 30), Seat(COMPUTER, 2, is_bot=True), Seat(CAROL, 3)])
    for chat_id, period in itertools.product((CHAT, None), Period):
        for ordering in (Ordering.WINS, Ordering.WIN_RATE, Ordering.POINTS):
            page = await board(database, chat_id, ordering, period)
            figures = [(entry.user_id, entry.wins, entry.matches, entry.points) for entry in page.entries]
            assert figures == [(BOB, 1, 1, 30), (CAROL, 0, 1, 0)], (chat_id, period, ordering)


async def test_a_stopped_match_counts_for_nothing_not_even_its_points(database: Database) -> None:
    """(found by an audit of the boards, 2026-12-05) A stopped match was no win, but its points counted: ahead
    by 40, Alice had it stopped and kept them, on the Points board above Bob, who won the match they finished.
    Now a stopped match counts no more points than wins, on every board."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, BOB, points=40), stopped_early=True)
        await writer.match(CHAT, ranked(BOB, ALICE, points=10))
    for chat_id, period in itertools.product((CHAT, None), Period):
        page = await board(database, chat_id, Ordering.POINTS, period)
        figures = [(entry.user_id, entry.matches, entry.wins, entry.points) for entry in page.entries]
        assert figures == [(BOB, 1, 1, 10), (ALICE, 1, 0, 0)], (chat_id, period)


@pytest.mark.parametrize(
    ("stopped", "finished", "shown"),
    [
        pytest.param(ranked(ALICE, BOB), [], [], id="only a stopped match, nobody scored: empty board"),
        pytest.param(ranked(ALICE, BOB, points=30), [], [], id="nor did anyone score in it: points are void"),
        pytest.param(ranked(ALICE, BOB), ranked(CAROL, BOB), [CAROL, BOB], id="finished matches count"),
    ],
)
async def test_players_with_no_finished_match_are_left_off(
    database: Database, stopped: list[Seat], finished: list[Seat], shown: list[int]
) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, stopped, stopped_early=True, rate=False)
        if finished:
            await writer.match(CHAT, finished)
    page = await board(database, ordering=Ordering.WINS)
    assert (ids(page), page.players) == (shown, len(shown))
    assert not page.practiced  # a stopped match of two people is no practice to explain an empty board by


async def test_the_all_time_global_board_matches_every_result_row_through_forgetme(
    database: Database,
) -> None:
    # The all-time global board reads the totals kept on the user rows; they must equal the sums of the rows:
    # across chats, stopped matches, computer seats and practice (never), and a player who asked
    # to be forgotten (nothing left; the matches of those who played with them still count).
    rng = random.Random(5)
    players = list(range(1, 13))
    expected: dict[int, list[int]] = {player: [0, 0, 0] for player in players}
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for _ in range(60):
            seated = rng.sample(players, rng.randint(1, 4))  # one alone with a computer: practice
            stopped = rng.random() < 0.2
            seats = [Seat(user_id, place, rng.randint(0, 90)) for place, user_id in enumerate(seated, 1)]
            if rng.random() < 0.2 or len(seats) == 1:
                seats.append(Seat(COMPUTER, len(seats) + 1, 40, is_bot=True))
            await writer.match(rng.choice([CHAT, OTHER_CHAT]), seats, stopped_early=stopped, rate=False)
            for seat in seats:
                if seat.is_bot or len(seated) == 1:
                    continue
                figures = expected[seat.user_id]
                if not stopped:
                    figures[0] += 1
                    figures[1] += seat.placement == 1
                    figures[2] += seat.points
        await forget_user(uow.session, players[0])
    expected[players[0]] = [0, 0, 0]
    shown: dict[int, list[int]] = {}
    for page in itertools.count():
        entries = (await board(database, None, Ordering.POINTS, page=page)).entries
        shown |= {entry.user_id: [entry.matches, entry.wins, entry.points] for entry in entries}
        if len(entries) < PAGE_SIZE:
            break
    assert shown == {player: figures for player, figures in expected.items() if any(figures)}
    this_month = await board(database, None, Ordering.POINTS, Period.THIS_MONTH)  # summed from the rows
    assert [(entry.user_id, entry.points) for entry in this_month.entries] == [
        (entry.user_id, entry.points) for entry in (await board(database, None, Ordering.POINTS)).entries
    ]


async def test_a_month_board_starts_at_midnight_utc_on_the_first(database: Database) -> None:
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(ALICE, BOB), finished_at=datetime(2026, 10, 31, 23, 59, tzinfo=UTC))
        await writer.match(CHAT, ranked(BOB, ALICE), finished_at=datetime(2026, 11, 1, tzinfo=UTC))
    month = await board(database, period=Period.THIS_MONTH)
    assert month.since == datetime(2026, 11, 1, tzinfo=UTC)
    figures = [(entry.user_id, entry.wins, entry.matches) for entry in month.entries]
    assert figures == [(BOB, 1, 1), (ALICE, 0, 1)]
    assert (await board(database)).since is None


async def test_an_empty_board_forgets_the_practice_of_someone_forgotten(database: Database) -> None:
    """/forgetme deletes a player's rows, not the computers' of their practice: the empty board must not speak
    of practice nobody has any more."""
    async with database.unit_of_work() as uow:
        await MatchWriter(uow.session).match(CHAT, [Seat(ALICE, 1, 90), Seat(COMPUTER, 2, is_bot=True)])
    assert (await board(database)).practiced
    await forget(database, ALICE)
    assert not (await board(database)).practiced


async def test_an_empty_board_takes_no_stopped_match_for_practice(database: Database) -> None:
    """(found by helper-341, session 51) A match stopped before anyone played a full round counts no people on
    its rows, fewer than practice counts: the empty board blamed practice against computers for a match of
    three people. Practice stopped is no finished practice either; finished, it is."""
    three = (ALICE, BOB, CAROL)
    practice = [Seat(DAVE, 1), Seat(COMPUTER, 2, is_bot=True)]
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        # As stored: no round ended, so each counts no people (bot.service.results.match_people).
        first_round = [Seat(user_id, 1, played_round=False) for user_id in three]
        await writer.match(CHAT, first_round, stopped_early=True, rate=False, people=dict.fromkeys(three, 0))
        await writer.match(CHAT, practice, stopped_early=True, rate=False)
    boards = [await board(database, chat_id, period=period) for chat_id in (CHAT, None) for period in Period]
    assert [page.practiced for page in boards if not page.entries] == [False] * 4
    async with database.unit_of_work() as uow:
        await MatchWriter(uow.session).match(CHAT, practice)
    assert (await board(database)).practiced
