"""The computer player's Wild Draw Four bluff, now and then, where it pays."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Play
from bot.engine.cards import COLOURS, Kind
from bot.engine.checks import would_bluff
from bot.engine.state import GameState

from .card_values import stops_next
from .chance import state_hash
from .hands import LOW_HAND, cards

# A computer holding the colour in force still plays a Wild Draw Four (a bluff) one time in BLUFF_ONE_IN where
# that pays: the next player is about to go out and nothing honest stops them, or the hand holds a single card
# of the colour in force and two or more of another (the bluff turns the colour to one it holds more of).
# Only from BLUFF_HANDS cards: from two, keeping the +4 to go out with is better; from more, a challenger
# rightly thinks the colour likely held, and a caught bluff takes 4 cards (bench.ai_duel, 300 two-player
# official matches against the computer that never bluffed, which judges a bluff well: bluffing from any
# hand won 32%, from these 44%, never bluffing 47%; each forgetting "UNO!" as reflexes.py does).
BLUFF_ONE_IN = 2
BLUFF_HANDS = range(3, 5)
# How often a computer that may bluff (above) plays the +4, against one without the colour in force: half of
# 1 / BLUFF_ONE_IN, as an honest hand of so few cards often has nothing else to play. Measured in simulated
# official matches: of the +4s judged 10-20% likely bluffs 11% were, of those judged 20-30% 29%.
COMPUTER_BLUFF_RATE = 0.25


def is_bluff(state: GameState, me: int, action: Play) -> bool:
    return would_bluff(state, me, state.card(action.card))


def bluff(state: GameState, me: int, plays: Sequence[Play], honest: Sequence[Play]) -> Play | None:
    """A Wild Draw Four played while holding the colour in force, where it pays (see BLUFF_ONE_IN)."""
    if len(state.hands[me]) not in BLUFF_HANDS or state_hash(state, me) % BLUFF_ONE_IN:
        return None
    bluffs = [a for a in plays if state.card(a.card).kind is Kind.WILD_DRAW_FOUR and is_bluff(state, me, a)]
    if not bluffs or not _bluff_pays(state, me, honest):
        return None
    return min(bluffs, key=lambda a: a.card)


def _bluff_pays(state: GameState, me: int, honest: Sequence[Play]) -> bool:
    """The next player is about to go out and no honest play makes them miss their turn, or we hold a single
    card of the colour in force and two or more of another."""
    if len(state.hands[state.next_player(me)]) <= LOW_HAND and not any(
        stops_next(state, state.card(a.card)) for a in honest
    ):
        return True
    count = dict.fromkeys(COLOURS, 0)
    for card in cards(state, state.hands[me]):
        if card.colour is not None:
            count[card.colour] += 1
    return state.colour is not None and count[state.colour] == 1 and max(count.values()) >= 2
