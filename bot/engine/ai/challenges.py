"""The computer player's Wild Draw Four challenge: made when the odds that the card was a bluff, judged from
the cards in sight, make it worth its stakes."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from bot.engine.actions import Action, Challenge
from bot.engine.moves import challenge_stakes
from bot.engine.state import ChallengeInfo, GameState

from .bluffs import BLUFF_HANDS, COMPUTER_BLUFF_RATE
from .hands import LOW_HAND

HUMAN_BLUFF_RATE = 0.15  # how often a person holding the colour in force still plays a restricted wild


def challenge_if_worth_it(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
    challenge = next((a for a in legal if isinstance(a, Challenge)), None)
    info = state.challenge
    if challenge is None or info is None:
        return None
    stakes = challenge_stakes(state)
    # under Extreme they take the card back too
    guilty_gain = stakes.guilty + (1 if state.rules.extreme_challenge else 0)
    guilt = guilt_odds(state, me, info)
    if guilt * guilty_gain - (1 - guilt) * stakes.fair > -stakes.penalty:
        return challenge
    return None


def guilt_odds(state: GameState, me: int, info: ChallengeInfo) -> float:
    """Chance that the challenged player held the colour in force and bluffed, judged from public cards (the
    hand it holds now, without the card). A person bluffs with HUMAN_BLUFF_RATE whenever they hold the colour;
    a computer player as `bluffs.bluff` does: from BLUFF_HANDS cards, at COMPUTER_BLUFF_RATE, while we (the
    next player) were about to go out or it held a single card of the colour. A player who left is judged
    alike, from the count they left with."""
    held = len(state.hands[info.player]) if info.player in state.hands else info.held_on_leaving
    if info.previous_colour is None or held is None:  # held: a state stored before leavers' counts were kept
        return 0.0
    seen = [*state.hands[me], *state.discard]
    deck = state.deck
    unseen = len(deck) - len(seen)
    of_colour = sum(1 for card in deck if card.colour == info.previous_colour) - sum(
        1 for cid in seen if deck[cid].colour == info.previous_colour
    )
    hands = comb(unseen, held)
    if not hands:
        return 0.0
    none_of_colour = comb(unseen - of_colour, held) / hands
    if info.player >= 0:
        bluffs = HUMAN_BLUFF_RATE * (1.0 - none_of_colour)
    elif held + 1 not in BLUFF_HANDS:
        bluffs = 0.0
    elif len(state.hands[me]) <= LOW_HAND:
        bluffs = COMPUTER_BLUFF_RATE * (1.0 - none_of_colour)
    else:
        bluffs = COMPUTER_BLUFF_RATE * of_colour * comb(unseen - of_colour, held - 1) / hands  # exactly one
    return bluffs / (bluffs + none_of_colour) if bluffs + none_of_colour > 0 else 0.0
