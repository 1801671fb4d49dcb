"""Whether the bot may write to a player in private, and what follows when that changes: one who blocked it,
never pressed Start or deleted their account plays on without their hands (their turns time out; a deleted
account leaves its games), and is marked so that /notifyme and /join ask them to open the private chat
first; once they may be written to again (Start, unblocked) their hands come back, and /start sends the
others anew (`resend_hands`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.service import GameService, Outcome, Refusal
from bot.service.document import read_document
from bot.service.leaderboards.forget import forget_name_in_games
from bot.storage import Database, GameRecord
from bot.tg.background import Spawn
from bot.tg.pacing import Render
from bot.tg.publisher import Publisher
from bot.tg.repeats import REVIVED_HAND_MS, Repeats

After = Callable[[Outcome], Awaitable[object]]


class PlayerReach:
    def __init__(
        self,
        service: GameService,
        database: Database,
        after: After,
        writable: Callable[[int], None],
        tell: Callable[[int, Render], None],
        publishing: Callable[[], Publisher],
        spawn: Spawn,
        ticks: Callable[[], int],
    ) -> None:
        """`after`: the runtime's (a change committed); `writable`: the pacer may write to a chat again;
        `tell`: a paced message; `publishing`: the running bot's (created when it starts); `spawn`: the
        runtime's (background work); `ticks`: ms on the monotonic clock."""
        self._service = service
        self._database = database
        self._after = after
        self._writable = writable
        self._tell = tell
        self._publishing = publishing
        self._spawn = spawn
        self._ticks = ticks
        # by player and game: hands sent anew on an unblock (a /start that came with it sends them not again)
        self._revived: Repeats[tuple[int, int]] = Repeats(REVIVED_HAND_MS)

    async def reachable(self, user_id: int) -> set[int]:
        """The user opened the private chat again (Start, unblocked): write there again, hands come back;
        the active games whose hands did (an ended game's hand only shows its end, up in the chat)."""
        self._writable(user_id)
        outcomes = await self._service.player_reachable(user_id)
        for outcome in outcomes:
            if outcome.game.active:
                self._revived.first((user_id, outcome.game.id), self._ticks())
            await self._after(outcome)
        return {outcome.game.id for outcome in outcomes if outcome.game.active}

    def resend_hands(
        self, user_id: int, records: list[GameRecord], skip: set[int], greeting: Render | None
    ) -> None:
        """/start in the private chat: `greeting` (None: said already), then the player's hands (of their
        active games `records`) in new messages at the bottom, in case they deleted one. Not the hands of the
        games in `skip` nor those the unblock that came with this /start sent; and when any came back so, no
        greeting either: it would come under them."""
        # Taken for every game: a mark left behind would keep a later /start from sending that hand.
        revived = {r.id for r in records if self._revived.take((user_id, r.id), self._ticks())}
        came_back = skip | revived
        if not came_back and greeting is not None:
            self._tell(user_id, greeting)
        for record in records:
            if record.id not in came_back:
                self._spawn(self._publishing().resend_hand(record.id, user_id))

    async def unreachable(self, user_id: int, deleted: bool = False) -> None:
        """The bot may not write to this user (blocked, never started; `deleted`: their account): their games
        go on without their hands, their turns time out. Marked in no game too: /notifyme and /join then ask
        them to open the private chat again, instead of promising messages Telegram would refuse."""
        async with self._database.unit_of_work() as uow:
            await (uow.users.mark_deleted if deleted else uow.users.mark_blocked)(user_id)
        if deleted:  # their games keep no name the boards do not, and the leave is told with none already
            await forget_name_in_games(self._database, user_id)
        for record in await self._service.active_games_of(user_id):
            if user_id in read_document(record).players:
                await self._lose(record.id, user_id, deleted)

    async def unreachable_in(self, game_id: int, user_id: int, deleted: bool = False) -> None:
        """As `unreachable`, in one game (a hand that could not be sent); a deleted account in every game and
        on the boards, as `unreachable`."""
        if deleted:
            await self.unreachable(user_id, deleted=True)
        else:
            await self._lose(game_id, user_id, deleted=False)

    async def _lose(self, game_id: int, user_id: int, deleted: bool) -> None:
        """The game goes on without the user's hand; a deleted account leaves it instead, as by /leave (the
        table tells why by its blanked name): no Start brings it back, and its turns would only keep the
        others waiting (for ever, without a turn timer)."""
        try:
            lose = self._service.leave if deleted else self._service.player_unreachable
            outcome = await lose(game_id, user_id)
        except Refusal:
            return  # it left already (a second write failing so), or the game ended meanwhile
        if outcome is not None:
            await self._after(outcome)
