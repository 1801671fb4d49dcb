"""A board's pages: so many players a page, a page gone clamped to the last, points scored on a page of
zeros; the asker's own line off the page, "…" only where lines are left out between; medals down to the
first line without a win, by the whole board's lines."""

import itertools

import pytest
from sqlalchemy import update

from bot.service.leaderboards import PAGE_SIZE, Ordering, leaderboard
from bot.storage import Database
from bot.storage.models import User
from tests.stats.boards import CHAT, COMPUTER, ERIN, OTHER_CHAT, board, board_text, ids
from tests.stats.factory import NOW, MatchWriter, Seat, ranked


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
