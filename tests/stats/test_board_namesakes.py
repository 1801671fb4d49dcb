"""Players of one name told apart on the boards and the /stats card ("Alex ²"): on every page and on the
asker's own line below it, in another case, a name that reads as a stand-in ("Deleted account", "Player
N"), never beside a computer player; the namesakes follow every name kept."""

import pytest

from bot.i18n import Translator
from bot.service.leaderboards import PAGE_SIZE, LeaderboardPage, board_namesakes, personal_stats
from bot.storage import Database
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from bot.tg.stats_views import personal_text
from tests.narrow_phone import spaced
from tests.stats.boards import ALICE, BOB, CAROL, CHAT, ERIN, OTHER_CHAT, board, board_text
from tests.stats.factory import MatchWriter, Seat, ranked


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
