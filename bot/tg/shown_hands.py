"""What the publisher last asked each private hand message to show, and the page each hand is turned to.

The page and the multi-play selection are also stored (see `PrivateHands`) and taken up after a restart; what
each hand said of its cards is read back from the game's recent moves then (bot.tg.news_read_back).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.service import GameDocument
from bot.storage import HandChoices
from bot.tg.news_read_back import news_read_back
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
    """Kept in memory; what a restart needs of it (pages, selections, news) comes back through `restore`."""

    def __init__(self) -> None:
        self._shown: dict[int, dict[int, ShownHand]] = {}  # game -> player -> their hand
        self._pages: dict[tuple[int, int], int] = {}
        # The selections a restart brought back, each with the hand counter it was made on, until the hand is
        # drawn again (from then on its ShownHand says what it shows).
        self._kept_selections: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        self._restored: set[int] = set()  # the games whose stored choices were taken up
        # game -> player -> (their cards, the turn their hand was last sent for, what changed them so)
        self._news: dict[int, dict[int, tuple[tuple[int, ...], int | None, tuple[HandNews, ...]]]] = {}

    def of(self, game_id: int, player: int) -> ShownHand | None:
        return self._shown.get(game_id, {}).get(player)

    def remember(self, game_id: int, player: int, shown: ShownHand | None) -> None:
        self._kept_selections.pop((game_id, player), None)
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
        if shown is not None:
            counter, selection = shown.counter, shown.selection
        else:  # not drawn since a restart: the selection it brought back, if any
            counter, selection = self._kept_selections.get((game_id, player), (0, ()))
        return selection if counter == doc.hand_counters.get(player, 0) else ()

    def page(self, game_id: int, player: int) -> int | None:
        """The page the player turned to; None: the page the hand opens on."""
        return self._pages.get((game_id, player))

    def turn_to(self, game_id: int, player: int, page: int | None) -> None:
        """None: back to the page the hand opens on."""
        if page is None:
            self._pages.pop((game_id, player), None)
        else:
            self._pages[(game_id, player)] = page

    def choices(
        self, doc: GameDocument, game_id: int, player: int, selection: tuple[int, ...]
    ) -> HandChoices:
        """What to store of the hand, showing `selection` now: stamped with the turn and the keyboard that
        `restore` checks."""
        page = self.page(game_id, player)
        return HandChoices(page, doc.hand_sends.get(player), selection, doc.hand_counters.get(player, 0))

    def restore(self, game_id: int, doc: GameDocument, stored: Mapping[int, HandChoices]) -> None:
        """After a restart, the pages and selections stored for the game's hands (`doc` as it is now), the
        first time the game is read here; later, what is kept here is newer. A page holds until the player's
        next turn (which opens on the default page), a selection while its keyboard is current. The hand
        drawn with them leaves out what it no longer has, as it does without a restart: a page past its last
        shows the last, a selection that cannot be played now is not shown. What each hand said of its cards
        is read back as it was told (`tell`)."""
        if game_id in self._restored:
            return
        self._restored.add(game_id)
        if doc.engine is not None:
            told = self._news.setdefault(game_id, {})
            for player in doc.state.hands.keys() - doc.computers:
                news = news_read_back(doc, player)
                told.setdefault(player, (_cards(doc, player), doc.hand_sends.get(player), news))
        for player, choices in stored.items():
            if choices.page is not None and choices.turn == doc.hand_sends.get(player):
                self._pages.setdefault((game_id, player), choices.page)
            if choices.selection:
                self._kept_selections[(game_id, player)] = (choices.counter, choices.selection)

    def tell(self, game_id: int, player: int, doc: GameDocument, news: tuple[HandNews, ...]) -> None:
        """What just changed the player's cards (as `doc` holds them)."""
        self._news.setdefault(game_id, {})[player] = (_cards(doc, player), doc.hand_sends.get(player), news)

    def news(self, doc: GameDocument, game_id: int, player: int) -> tuple[HandNews, ...]:
        """What changed the cards, while they are as that change left them: a later redraw (their turn
        begins, a reminder, a page turned) still says it; once the cards change again it would be stale. A
        colour chosen for them is told only while it is the colour in force; who took their turn (or that a
        drawn card or their time ended it) and that a new round was dealt, until their next turn begins."""
        cards, turn, news = self._news.get(game_id, {}).get(player, (None, None, ()))
        if cards != _cards(doc, player):
            return ()
        same_turn = turn == doc.hand_sends.get(player)
        in_force = (None, doc.state.colour)
        return tuple(line for line in news if line.colour in in_force and (same_turn or not line.until_turn))

    def forget(self, game_id: int) -> None:
        """Its hands take no more presses (the game ended, or its chat moved)."""
        self._shown.pop(game_id, None)
        self._news.pop(game_id, None)
        self._restored.discard(game_id)
        self._pages = {key: page for key, page in self._pages.items() if key[0] != game_id}
        kept = self._kept_selections.items()
        self._kept_selections = {key: selection for key, selection in kept if key[0] != game_id}


def _cards(doc: GameDocument, player: int) -> tuple[int, ...]:
    return tuple(doc.state.hands.get(player, ()))
