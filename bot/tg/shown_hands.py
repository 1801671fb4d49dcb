"""What the publisher last asked each private hand message to show, and the page each hand is turned to."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import GameDocument
from bot.tg.pacing import Render
from bot.tg.render.views import HandNews


@dataclass(frozen=True)
class ShownHand:
    """The last render asked for a player's hand message, and the hand counter its buttons carry."""

    message_id: int
    render: Render
    counter: int
    selection: tuple[int, ...] = ()  # the multi-play selection it shows


class ShownHands:
    """Kept in memory only: after a restart every hand is redrawn on its first page."""

    def __init__(self) -> None:
        self._shown: dict[int, dict[int, ShownHand]] = {}  # game -> player -> their hand
        self._pages: dict[tuple[int, int], int] = {}
        # game -> player -> (their cards, what changed them so)
        self._news: dict[int, dict[int, tuple[tuple[int, ...], tuple[HandNews, ...]]]] = {}

    def of(self, game_id: int, player: int) -> ShownHand | None:
        return self._shown.get(game_id, {}).get(player)

    def remember(self, game_id: int, player: int, shown: ShownHand | None) -> None:
        hands = self._shown.setdefault(game_id, {})
        if shown is None:
            hands.pop(player, None)
        else:
            hands[player] = shown

    def outdated(self, game_id: int, player: int, counter: int) -> bool:
        """Whether a hand press carries a counter older than a hand already shown (counters only grow)."""
        shown = self.of(game_id, player)
        return shown is not None and counter < shown.counter

    def selection(self, doc: GameDocument, game_id: int, player: int) -> tuple[int, ...]:
        """The multi-play selection on the hand while its keyboard is current (a redraw keeps it)."""
        shown = self.of(game_id, player)
        current = shown is not None and shown.counter == doc.hand_counters.get(player, 0)
        return shown.selection if shown is not None and current else ()

    def page(self, game_id: int, player: int) -> int | None:
        """The page the player turned to; None: the page the hand opens on."""
        return self._pages.get((game_id, player))

    def turn_to(self, game_id: int, player: int, page: int | None) -> None:
        """None: back to the page the hand opens on."""
        if page is None:
            self._pages.pop((game_id, player), None)
        else:
            self._pages[(game_id, player)] = page

    def tell(self, game_id: int, player: int, doc: GameDocument, news: tuple[HandNews, ...]) -> None:
        """What just changed the player's cards (as `doc` holds them)."""
        self._news.setdefault(game_id, {})[player] = (_cards(doc, player), news)

    def news(self, doc: GameDocument, game_id: int, player: int) -> tuple[HandNews, ...]:
        """What changed the cards, while they are as that change left them: a later redraw (their turn
        begins, a reminder, a page turned) still says it; once the cards change again it would be stale."""
        cards, news = self._news.get(game_id, {}).get(player, (None, ()))
        return news if cards == _cards(doc, player) else ()

    def forget(self, game_id: int) -> None:
        """Its hands take no more presses (the game ended, or its chat moved)."""
        self._shown.pop(game_id, None)
        self._news.pop(game_id, None)


def _cards(doc: GameDocument, player: int) -> tuple[int, ...]:
    return tuple(doc.state.hands.get(player, ()))
