"""A hand a player asks for: turned to another page or selection (a press), or sent anew at the bottom of
their private chat (/start, /hand, the old message deleted). Each is read under the game's publishing lock, as
the game is then, and only while its match is running (a hand is drawn only then)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service import GameDocument, GameService
from bot.service.locks import GameLocks
from bot.storage import GameRecord, GameStatus
from bot.tg.new_screens import AudienceOf
from bot.tg.private_hands import PrivateHands

# The selection to show on a hand, given the one it shows.
Keep = Callable[[GameDocument, tuple[int, ...]], tuple[int, ...]]


class HandRequests:
    def __init__(
        self, service: GameService, lock: GameLocks, hands: PrivateHands, audience: AudienceOf
    ) -> None:
        self._service = service
        self._lock = lock  # the publisher's
        self._hands = hands
        self._audience = audience
        # (game, player): a hand to send anew waiting for the game's lock (gone as it takes it)
        self._hands_asked: set[tuple[int, int]] = set()

    async def show_hand(
        self, game_id: int, player: int, page: int | None = None, keep: Keep | None = None
    ) -> None:
        """Re-render one player's hand (a page press, a multi-play selection, a stale press that heals the
        keyboard), read under the publishing lock like `Publisher.refresh`; `keep`: the selection to show on
        it, given the one it shows (None: that one, while its keyboard is current). What it then shows is
        stored for a restart."""
        async with self._lock(game_id):
            loaded = await self._running(game_id)
            if loaded is None:
                return
            record, doc = loaded
            audience = await self._audience(record, doc)  # after a restart, what the hand was turned to
            shown = self._hands.selection(doc, record.id, player)
            selection = keep(doc, shown) if keep is not None else shown
            await self._hands.choose(record, doc, audience, player, page, selection)

    async def resend_hand(self, game_id: int, player: int) -> None:
        """The hand in a new message at the bottom of the private chat, the old one deleted (the player
        asked for it with /start or /hand, or deleted it). Asked for again while one waits for the game's
        lock, it is that one, which sends the hand as the game is then: each sent over and over held the lock,
        the group's table waiting behind a private chat's writes."""
        asked = (game_id, player)
        if asked in self._hands_asked:
            return
        lock = self._lock(game_id)
        self._hands_asked.add(asked)
        try:  # marked while it waits, however that ends: dropped later, the mark is a newer request's
            await lock.acquire()
        finally:
            self._hands_asked.discard(asked)
        try:
            await self._resend_hand(game_id, player)
        finally:
            lock.release()

    async def _resend_hand(self, game_id: int, player: int) -> None:
        """`resend_hand`, under the publishing lock held."""
        loaded = await self._running(game_id)
        if loaded is None:
            return
        record, doc = loaded
        if player in doc.state.players:
            await self._hands.send(record, doc, await self._audience(record, doc), player)

    async def _running(self, game_id: int) -> tuple[GameRecord, GameDocument] | None:
        """The game, read under its publishing lock, if its match is running (a hand is drawn only then)."""
        loaded = await self._service.load(game_id)
        return loaded if loaded is not None and loaded[0].status is GameStatus.RUNNING else None
