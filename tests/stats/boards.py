"""What the tests of the boards' queries share: two chats, five people and a computer player by user id; a
board (a chat's or the global one) as the service reads it at NOW, its players' ids in order, and the lines
of the chat's board by rating as the asker reads them."""

from bot.i18n import Translator
from bot.service.leaderboards import LeaderboardPage, Ordering, Period, leaderboard
from bot.storage import Database
from bot.tg.board_views import BoardChoice, Scope, leaderboard_render
from tests.narrow_phone import spaced
from tests.stats.factory import NOW

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


async def board_text(database: Database, page: int = 0, viewer: int | None = None) -> list[str]:
    """The lines of the chat's board by rating, as the asker reads them (`spaced`)."""
    async with database.unit_of_work() as uow:
        shown = await leaderboard(uow.session, CHAT, page=page, now=NOW, viewer=viewer)
    choice = BoardChoice(Scope.CHAT, page=page)
    return spaced(leaderboard_render(Translator(), "en", shown, choice, "Home").text).splitlines()
