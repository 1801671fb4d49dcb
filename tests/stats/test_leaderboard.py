import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from bot.i18n import Translator
from bot.service.leaderboards import (
    PAGE_SIZE,
    PROVISIONAL_MATCHES,
    LeaderboardPage,
    Ordering,
    Period,
    board_namesakes,
    forget,
    forget_user,
    leaderboard,
    personal_stats,
)
from bot.storage import Database
from bot.storage.models import User
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from bot.tg.stats_views import personal_text
from tests.narrow_phone import spaced
from tests.stats.factory import NOW, MatchWriter, Seat, ranked

CHAT, OTHER_CHAT = -100, -200
ALICE, BOB, CAROL, DAVE, ERIN = 1, 2, 3, 4, 5
COMPUTER = -9


async def board(
    database: Database,
    chat_id: int | None = CHAT,
    ordering: Ordering = Ordering.RATING,
    period: Period = Period.ALL_TIME,
    page: int = 0,
) -> LeaderboardPage:
    async with database.unit_of_work() as uow:
        return await leaderboard(uow.session, chat_id, ordering, period, page, now=NOW)


def ids(page: LeaderboardPage) -> list[int]:
    return [entry.user_id for entry in page.entries]


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


async def test_pages_hold_page_size_players_and_clamp(database: Database) -> None:
    players = list(range(100, 100 + 2 * PAGE_SIZE + 3))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for first, second in zip(players[::2], players[1::2], strict=False):
            await writer.match(CHAT, ranked(first, second))
        await writer.match(CHAT, ranked(players[-1], players[0]))
        await writer.match(OTHER_CHAT, ranked(players[0], players[1]))
    pages = [await board(database, ordering=Ordering.WINS, page=number) for number in range(3)]
    assert [len(page.entries) for page in pages] == [PAGE_SIZE, PAGE_SIZE, 3]
    assert {page.pages for page in pages} == {3}
    assert sorted(user for page in pages for user in ids(page)) == players
    assert ids(await board(database, ordering=Ordering.WINS, page=99)) == ids(pages[2])
    # A second page's button on a board that has shrunk to one page: its only page.
    only = await board(database, OTHER_CHAT, page=1)
    assert (ids(only), only.page, only.pages) == (players[:2], 0, 1)
    empty = await board(database, -300)
    assert (empty.entries, empty.page, empty.pages, empty.players) == ((), 0, 1, 0)


async def test_a_points_board_is_scored_on_its_pages_of_zeros_too(database: Database) -> None:
    """`scored` says whether anyone on the board has points (else the board explains its zeros): the most
    anyone has, not the most on the page shown."""
    players = list(range(100, 100 + PAGE_SIZE + 2))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        await writer.match(CHAT, ranked(*players, points=10))
    first, second = [await board(database, ordering=Ordering.POINTS, page=number) for number in range(2)]
    assert first.entries[0].points == 10 and {entry.points for entry in second.entries} == {0}
    assert first.scored and second.scored


async def test_two_players_of_one_name_read_apart_on_every_page(database: Database) -> None:
    """(transcript of a month of boards, session 52) The twin mark ("Alex ²") was given among a page's lines:
    the second Alex, alone on page 2, read "Alex" there, as the first, on page 1, did. An Alex on another
    chat's board only, or on none (a stopped match), is no namesake here: the board's Alexes read "Alex" and
    "Alex ²", not "²" and "³"."""
    players = list(range(100, 100 + PAGE_SIZE + 1))
    elsewhere, stopped = 98, 99  # user ids before the board's Alexes
    async with database.unit_of_work() as uow:
        alexes = {user_id: "Alex" for user_id in (elsewhere, stopped, players[0], players[-1])}
        writer = MatchWriter(uow.session, names=alexes)
        await writer.match(CHAT, ranked(*players))
        await writer.match(OTHER_CHAT, ranked(elsewhere, ERIN))
        await writer.match(CHAT, ranked(stopped, ERIN), stopped_early=True)
    pages = [await board(database, page=number) for number in range(2)]
    first, second = [
        spaced(
            leaderboard_render(Translator(), "en", page, BoardChoice(Scope.CHAT, page=page.page), "Home").text
        ).splitlines()[3]
        for page in pages
    ]
    assert (first, second) == ("🥇 <b>Alex</b>", f"{PAGE_SIZE + 1}. <b>Alex ²</b>")


async def test_the_viewers_own_line_below_the_page_is_marked_among_its_namesakes(database: Database) -> None:
    """The asker's own line, shown below a page they are not on, reads "Zed ²" when another Zed, of a lower
    user id, is on the board off that page too: the mark is the board's, not only the page's (mutation
    audit, session 54)."""
    players = list(range(100, 100 + PAGE_SIZE + 2))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, names={players[-2]: "Zed", players[-1]: "Zed"})
        await writer.match(CHAT, ranked(*players))
    lines = await board_text(database, viewer=players[-1])
    assert [line for line in lines if "Zed" in line] == [f"{PAGE_SIZE + 2}. <b>Zed ²</b>"], lines


async def test_names_alike_in_another_case_read_the_same_marks_on_every_board_and_the_stats_card(
    database: Database,
) -> None:
    """(session 54) The namesakes were read by the exact name stored, while the twin marks fold case: "alex"
    after "Alex" read "alex ²" on a board of one page (marked among its lines), but plain "alex" on page 2
    of a longer one and on the /stats card."""
    players = list(range(100, 100 + PAGE_SIZE + 1))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, names={players[0]: "Alex", players[-1]: "alex"})
        await writer.match(CHAT, ranked(*players))
        await writer.match(OTHER_CHAT, ranked(players[0], players[-1]))
    translator = Translator()

    def names(page: LeaderboardPage) -> list[str]:
        choice = BoardChoice(Scope.CHAT, page=page.page)
        lines = spaced(leaderboard_render(translator, "en", page, choice, "Home").text).splitlines()
        return [line for line in lines if "<b>alex" in line.casefold()]

    first, second = [await board(database, page=number) for number in range(2)]
    assert (names(first), names(second)) == (["🥇 <b>Alex</b>"], [f"{PAGE_SIZE + 1}. <b>alex ²</b>"])
    assert names(await board(database, OTHER_CHAT)) == ["🥇 <b>Alex</b>", "2. <b>alex ²</b>"]
    async with database.unit_of_work() as uow:
        cards = []
        for player in (players[0], players[-1]):
            stats = await personal_stats(uow.session, player)
            assert stats is not None
            card = personal_text(
                translator, "en", stats, await board_namesakes(uow.session, stats.user_id, stats.name)
            )
            cards.append(spaced(card).splitlines()[0])
    assert cards == ["📊 <b>Alex</b>", "📊 <b>alex ²</b>"]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Deleted account", "Deleted account"),
        ("Удалённый аккаунт", "Deleted account"),
        (f"Player {100 + PAGE_SIZE}", f"Player {100 + PAGE_SIZE}"),
    ],
)
async def test_a_name_that_reads_as_a_stand_in_is_told_apart_from_it_on_every_page_and_the_stats_card(
    database: Database, name: str, shown: str
) -> None:
    """(review, session 54) A member named "Deleted account" (in any language) on page 1, a deleted account
    on page 2: a board of one page told them apart ("Deleted account ²"), but page 2 and the /stats card did
    not, the deleted account's key ("") and the member's ("deleted account") finding no namesakes. The same
    with a name of nothing visible, read "Player N"."""
    players = list(range(100, 100 + PAGE_SIZE + 1))
    first, last = players[0], players[-1]
    deleted = shown == "Deleted account"
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, names={first: name, last: "Bob" if deleted else "\u3164"})
        await writer.match(CHAT, ranked(*players))
        if deleted:
            await uow.users.mark_deleted(last)
    second = await board(database, page=1)
    text = leaderboard_render(Translator(), "en", second, BoardChoice(Scope.CHAT, page=1), "Home").text
    assert f"<b>{shown} ²</b>" in spaced(text)
    async with database.unit_of_work() as uow:
        assert [player for player, _ in await board_namesakes(uow.session, first, name)] == [first, last]
        stand_in = "" if deleted else "\u3164"
        assert [player for player, _ in await board_namesakes(uow.session, last, stand_in)] == [first, last]


async def test_a_computer_player_is_no_namesake_of_a_person_named_as_it(database: Database) -> None:
    """A computer player sits in counted matches under its kept name ("Computer 1", a user row of a lower id
    than any person's), but it is on no board (practice and computers' results count on none): a person who
    took its name reads it plainly on every page and on the /stats card, not "Computer 1 ²" after a line
    nobody sees (mutation audit, session 54)."""
    computer, named = -1, 100 + PAGE_SIZE
    players = list(range(100, named + 1))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, names={computer: "Computer 1", named: "Computer 1"})
        await writer.match(CHAT, [*ranked(*players), Seat(computer, len(players) + 1, is_bot=True)])
        assert await board_namesakes(uow.session, named, "Computer 1") == ((named, "Computer 1"),)
    lines = await board_text(database, page=1)  # the losers share a place: no rating moved
    assert [line for line in lines if "Computer 1" in line] == ["2. <b>Computer 1</b>"], lines


async def test_the_namesakes_follow_every_name_kept(database: Database) -> None:
    """The key namesakes are found by is written with each name: one who takes another's name in another
    case is found as theirs; a deleted account, among the names that read as none (the renders call them
    "Deleted account" or "Player N" in the reader's language and tell those apart)."""
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session, names={ALICE: "Alex", BOB: "Bob", CAROL: "\u3164"})
        await writer.match(CHAT, ranked(ALICE, BOB, CAROL))
        await uow.users.follow_name(BOB, name="ALEX", username=None)
        assert await board_namesakes(uow.session, ALICE, "alex") == ((ALICE, "Alex"), (BOB, "ALEX"))
        assert await board_namesakes(uow.session, ALICE, "ALEX") == (
            (ALICE, "Alex"),
            (BOB, "ALEX"),
        )  # as it reads
        await uow.users.mark_deleted(BOB)
        assert await board_namesakes(uow.session, ALICE, "alex") == ((ALICE, "Alex"),)
        assert await board_namesakes(uow.session, BOB, "") == ((BOB, ""), (CAROL, "\u3164"))


async def test_who_asks_sees_their_own_line_when_it_is_not_on_the_page(database: Database) -> None:
    players = list(range(100, 100 + PAGE_SIZE + 3))
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for winner, loser in itertools.pairwise(players):
            await writer.match(CHAT, ranked(winner, loser, points=10))
    async with database.unit_of_work() as uow:
        last = (await leaderboard(uow.session, CHAT, Ordering.WINS, now=NOW, viewer=players[-1])).viewer
        top = await leaderboard(uow.session, CHAT, Ordering.WINS, now=NOW, viewer=players[0])
        stranger = await leaderboard(uow.session, CHAT, Ordering.WINS, now=NOW, viewer=5)
    assert last is not None and last.user_id == players[-1] and last.rank == len(players) and last.wins == 0
    assert top.viewer is None and top.entries[0].user_id == players[0]  # on the page already
    assert stranger.viewer is None  # not on the board at all


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


async def rated_board(database: Database, wins: list[int]) -> None:
    """A chat's board by rating whose players (ids 100, 101, ...) have these wins, each of them with a match
    here, ranked in this order by ratings of other chats (1600, 1590, ...); Erin, beaten each time, last."""
    players = [100 + index for index in range(len(wins))]
    async with database.unit_of_work() as uow:
        writer = MatchWriter(uow.session)
        for player, won in zip(players, wins, strict=True):
            for _ in range(won):
                await writer.match(CHAT, ranked(player, ERIN), rate=False)
            if not won:  # a computer beat them both
                await writer.match(CHAT, [Seat(COMPUTER, 1, is_bot=True), Seat(player, 2), Seat(ERIN, 3)])
        for index, player in enumerate(players):
            await uow.session.execute(update(User).where(User.id == player).values(rating=1600 - 10 * index))


async def board_text(database: Database, page: int = 0, viewer: int | None = None) -> list[str]:
    """The lines of the chat's board by rating, as the asker reads them (`spaced`)."""
    async with database.unit_of_work() as uow:
        shown = await leaderboard(uow.session, CHAT, page=page, now=NOW, viewer=viewer)
    choice = BoardChoice(Scope.CHAT, page=page)
    return spaced(leaderboard_render(Translator(), "en", shown, choice, "Home").text).splitlines()


def places(lines: list[str]) -> list[str]:
    """The places of a rendered board's lines, in the order shown."""
    return [line.split(" ")[0] for line in lines[1:] if line.endswith("</b>")]


@pytest.mark.parametrize(
    ("wins", "shown"),
    [
        ([0, 3, 2, 1], ["1.", "2.", "3.", "4.", "5."]),
        ([4, 3, 0, 1], ["🥇", "🥈", "3.", "4.", "5."]),
    ],
    ids=["a first place without a win", "a third place without a win"],
)
async def test_no_medal_stands_below_a_place_shown_as_a_number(
    database: Database, wins: list[int], shown: list[str]
) -> None:
    """(session 52) A first place without a win read "1." over "🥈 Bob" (a win, ranked lower), which read as a
    place above it: the medals go down the board to its first line without a win, numbers from there on."""
    await rated_board(database, wins)
    assert places(await board_text(database)) == shown


async def test_the_askers_own_line_from_an_earlier_page_keeps_the_medals_rule_of_the_whole_board(
    database: Database,
) -> None:
    """(session 53) Player 101, second by rating with a win here, under Player 100, first by a rating from
    other chats but without a win here, reads "2." on the first page; his own line above the second page read
    🥈, as no line there, all ranked below him, was without a win: medals go by the whole board's lines."""
    await rated_board(database, [0, 1, *[1] * (PAGE_SIZE - 1)])  # Erin, last, on the second page
    assert places(await board_text(database, viewer=101))[:2] == ["1.", "2."]
    assert (await board_text(database, page=1, viewer=101))[3:6] == [
        "2. <b>Player 101</b>",
        "1590? · 1 win of 1 (100%)",
        "…",
    ]


@pytest.mark.parametrize(
    ("page", "viewer", "between"),
    [
        (0, 100 + PAGE_SIZE, False),  # right below the first page
        (0, 101 + PAGE_SIZE, True),
        (1, 99 + PAGE_SIZE, False),  # right above the second page
        (1, 98 + PAGE_SIZE, True),
    ],
    ids=["just after the page", "lines after the page", "just before the page", "lines before the page"],
)
async def test_the_askers_own_line_is_set_apart_from_the_page_only_by_lines_between_them(
    database: Database, page: int, viewer: int, between: bool
) -> None:
    """(session 53) Eleventh, looking at the first page, read "10. Player 109", then "…", then his own
    "11. Player 110": nobody is between them. "…" stands for lines left out, and only where some are."""
    await rated_board(database, [1] * (PAGE_SIZE + 2))
    lines = await board_text(database, page, viewer)
    assert ("…" in lines) is between
    assert f"<b>Player {viewer}</b>" in "\n".join(lines)


async def test_tied_with_the_pages_last_line_the_askers_own_line_right_after_it_is_not_set_apart(
    database: Database,
) -> None:
    """Not by rank: the asker, tied with the page's last, shares its rank, but comes right after it on the
    board: nothing is left out between them; tied with a line on the next page, some are."""
    await rated_board(database, [1] * (PAGE_SIZE + 2))
    async with database.unit_of_work() as uow:
        await uow.session.execute(update(User).values(rating=1500))
    assert "…" not in await board_text(database, 0, 100 + PAGE_SIZE)
    assert "…" in await board_text(database, 0, 101 + PAGE_SIZE)
