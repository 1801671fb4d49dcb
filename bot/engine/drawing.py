"""Taking cards from the draw pile: reshuffles, exhaustion, Creeper reveals, what receiving cards resets."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.cards import Kind
from bot.engine.events import CardsDrawn, CreeperRevealed, DrawReason, Event, Reshuffled
from bot.engine.rng import shuffle
from bot.engine.state import GameState
from bot.engine.turns import no_longer_catchable

CREEPER_EXTRA = 3
# A draw pile rebuilt from fewer discards than this, or than there are players, is thin: nearly every card is
# in a hand and the same few cards only go round. Thin rebuilds 3x the players in a row end the round, unless
# someone is heading out meanwhile (a hand smaller than at any of those rebuilds starts the count again).
THIN_RESHUFFLE = 3
THIN_RESHUFFLES_PER_PLAYER = 3


def churning(state: GameState) -> bool:
    """Whether the round only goes round in circles: a draw pile rebuilt thin, time after time (e.g. two
    players passing two Reverses back and forth for ever, forced by force_play, the others never moving)."""
    return state.thin_reshuffles >= THIN_RESHUFFLES_PER_PLAYER * len(state.players)


def drawable(state: GameState) -> int:
    """How many cards draws could still find: the draw pile and the discards under the top card."""
    return len(state.draw_pile) + len(state.discard) - 1


def penalty_takes(state: GameState) -> int:
    """How many cards taking the pending penalty would find: fewer than it when the cards run short."""
    return min(state.penalty, drawable(state))


def _take_one(state: GameState, events: list[Event], reshuffle: bool = True) -> int | None:
    """Top card of the draw pile, reshuffling the discard pile (all but its top) when the pile is empty."""
    if not state.draw_pile:
        if not reshuffle or not drawable(state):
            return None
        pile = state.discard[:-1]
        del state.writable_discard()[:-1]
        shuffle(state, pile)
        state.draw_pile = pile
        events.append(Reshuffled(len(pile)))
        _count_thin(state, thin=len(pile) < max(THIN_RESHUFFLE, len(state.players)))
    return state.writable_draw_pile().pop()


def _count_thin(state: GameState, thin: bool) -> None:
    if not thin:
        state.thin_reshuffles = 0
        return
    low = min(len(state.hands[player]) for player in state.players)
    if state.thin_reshuffles and low >= state.churn_low:
        state.thin_reshuffles += 1
        return
    state.thin_reshuffles = 1  # the first of a run, or progress: a hand smaller than ever in this run
    state.churn_low = low


def received_cards(state: GameState, player: int) -> bool:
    """A player whose hand grew must call UNO again and can no longer be caught. Whether they had called."""
    called = player in state.uno_called
    if called:
        state.uno_called.remove(player)
    no_longer_catchable(state, player)
    return called


def draw_cards(
    state: GameState, events: list[Event], player: int, count: int, reason: DrawReason
) -> list[int]:
    """Draw up to `count` cards (fewer when both piles are exhausted); a drawn Creeper is revealed and
    costs 3 more cards (a Creeper among those is kept silently). Returns the cards drawn (not the
    Creeper's extra cards)."""
    drawn: list[int] = []
    for _ in range(count):
        card = _take_one(state, events)
        if card is None:
            break
        drawn.append(card)
    _give(state, events, player, drawn, reason, due=count if len(drawn) < count else 0)
    _creeper_extra(state, events, player, drawn)
    return drawn


def draw_until_playable(
    state: GameState,
    events: list[Event],
    player: int,
    reason: DrawReason,
    playable: Callable[[int], bool],
    reshuffle: bool = True,
) -> list[int]:
    """Draw one card at a time until a playable one arrives or the piles run out (Creepers still reveal).
    Each card joins the hand at once, so playability is judged on the hand as it grows. Without `reshuffle`
    only the draw pile is used."""
    hand = state.writable_hand(player)
    drawn: list[int] = []
    while True:
        card = _take_one(state, events, reshuffle)
        if card is None:
            break
        drawn.append(card)
        hand.append(card)
        if playable(card):
            break
    closed = bool(drawn) and player in state.catchable
    called = bool(drawn) and received_cards(state, player)
    events.append(
        CardsDrawn(player, len(drawn), tuple(drawn), reason, uno_taken_back=called, catch_closed=closed)
    )
    _creeper_extra(state, events, player, drawn, reshuffle)
    return drawn


def _give(
    state: GameState, events: list[Event], player: int, cards: list[int], reason: DrawReason, due: int
) -> None:
    called = closed = False
    if cards:
        state.writable_hand(player).extend(cards)
        closed = player in state.catchable
        called = received_cards(state, player)
    events.append(CardsDrawn(player, len(cards), tuple(cards), reason, due, called, closed))


def _creeper_extra(
    state: GameState, events: list[Event], player: int, drawn: list[int], reshuffle: bool = True
) -> None:
    extra: list[int] = []
    deck = state.deck
    creepers = [card for card in drawn if deck[card].kind is Kind.CREEPER]
    for card in creepers:
        events.append(CreeperRevealed(player, card))
        for _ in range(CREEPER_EXTRA):
            more = _take_one(state, events, reshuffle)
            if more is None:
                break
            extra.append(more)
    if extra:
        due = CREEPER_EXTRA * len(creepers)
        _give(state, events, player, extra, DrawReason.CREEPER, due=due if len(extra) < due else 0)
