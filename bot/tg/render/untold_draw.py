"""What the table shows of the cards while a player weighs the card they drew: the game as it was before they
drew it, until they play it or pass. Under the single-card draw a card that does not fit passes the turn at
once, so a table that showed the draw while its player still moved would tell the group that the card fits;
shown with the move that ended the turn, a draw reads the same either way. So do the "UNO!" a player who held
one card had called, which the draw took back (it shows on), and their call before playing the card drawn
(told with the draw). A Creeper among the cards is revealed to the table (RULES.md), and drawing until a card
fits always ends on one that fits (or on the piles running out): those draws are told at once. So is a draw
that closed its player's own catch window (one card, uncalled, on their turn): back up to two cards they can
no longer be caught (RULES.md §5), and the table's Catch! line, gone at once, tells the draw anyway."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.engine.events import CardsDrawn, CreeperRevealed, DrawReason, Event, Reshuffled, UnoCalled
from bot.engine.rules import DrawRule
from bot.engine.state import GameState, Pending


@dataclass(frozen=True)
class Shown:
    """The cards as the table shows them: how many each player holds, who called "UNO!", the draw pile, the
    recent moves."""

    counts: Mapping[int, int]
    called: frozenset[int]
    draw_pile: int
    recent: tuple[Event, ...]


def shown(state: GameState, recent: Sequence[Event]) -> Shown:
    """The cards as they are, or as they were before a drawn card its player is weighing (see above)."""
    counts = {player: len(state.hands[player]) for player in state.players}
    called = frozenset(state.uno_called)
    at = _weighed_draw(state, recent)
    if at is None:
        return Shown(counts, called, len(state.draw_pile), tuple(recent))
    drawn = recent[at]
    assert isinstance(drawn, CardsDrawn)
    counts[drawn.player] -= drawn.count
    called = (called | {drawn.player}) if drawn.uno_taken_back else (called - {drawn.player})
    pile, untold = len(state.draw_pile) + drawn.count, at
    before = recent[at - 1] if at else None
    if isinstance(before, Reshuffled):  # the draw turned the discards into a new pile: it had none before
        pile, untold = pile - before.count, at - 1
    # Draws told after it (a slap window closing) may have taken the rest of that new pile: it is empty then.
    after = (event for event in recent[at + 1 :] if not _called_by(event, drawn.player))
    return Shown(counts, called, max(pile, 0), (*recent[:untold], *after))


def _called_by(event: Event, player: int) -> bool:
    return isinstance(event, UnoCalled) and event.player == player


def _weighed_draw(state: GameState, recent: Sequence[Event]) -> int | None:
    """Where `recent` tells the single card the turn player drew and may still play, unless a Creeper."""
    if state.pending is not Pending.PLAY_DRAWN or state.rules.draw_rule is not DrawRule.SINGLE:
        return None
    player = state.turn
    for at in range(len(recent) - 1, -1, -1):
        event = recent[at]
        if isinstance(event, CreeperRevealed) and event.player == player:
            return None
        if isinstance(event, CardsDrawn) and event.player == player and event.reason is DrawReason.TURN:
            return None if event.catch_closed else at
    return None
