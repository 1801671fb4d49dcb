"""The computer player's card: what it plays, draws or passes on its turn (a penalty answered, a drawn card
kept or played), and the card it jumps in with out of turn."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Accept, Action, Draw, Pass, Play
from bot.engine.cards import Kind
from bot.engine.drawing import drawable
from bot.engine.state import GameState

from .bluffs import bluff, is_bluff
from .card_values import black_score, covers, needs_wild, play_score, punishes_a_near_winner, trades_up
from .challenges import challenge_if_worth_it
from .chance import state_hash
from .hands import cards

JUMP_IN_ODDS = 3  # a number card is jumped in two times out of three
# At most this many cards left to draw (draw pile and the discards under the top): the same few cards go round
# and round, and two players can pass them back and forth (a Reverse each) forever unless one plays a wild
# or keeps the card it drew; a computer player does both, the latter every other time (by the state hash).
SCARCE_DRAWS = 3


def jump_in(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return None
    card = state.card(plays[0].card)
    rest = [c for c in cards(state, state.hands[me]) if c.id != card.id]
    if state.rules.eight_cover and card.number == 8 and not covers(card, rest):
        return None  # the cover duty would pass to us with nothing to cover with
    if trades_up(state, me, plays[0], kept=len(state.hands[me])):
        return None
    if card.kind is Kind.NUMBER and state_hash(state, me) % JUMP_IN_ODDS == 0:
        return None
    return plays[0]


def answer_penalty(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if isinstance(a, Play) and not is_bluff(state, me, a)]
    if plays:  # stack or pass the chain on: cheaper than drawing; keep a Wild Draw Four for last
        return min(plays, key=lambda a: (state.card(a.card).kind is Kind.WILD_DRAW_FOUR, a.card))
    challenge = challenge_if_worth_it(state, me, legal)
    if challenge is not None:
        return challenge
    return next(a for a in legal if isinstance(a, Accept))


def after_draw(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if isinstance(a, Play)]
    passes = [a for a in legal if isinstance(a, Pass)]
    if not passes:
        return plays[0]  # force_play
    if plays and not is_bluff(state, me, plays[0]):
        card = state.card(plays[0].card)
        if drawable(state) <= SCARCE_DRAWS and state_hash(state, me) % 2:
            return passes[0]
        if trades_up(state, me, plays[0], kept=len(state.hands[me])):
            return passes[0]
        if card.colour is not None or needs_wild(state, me):
            return plays[0]
    return passes[0]


def take_turn(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    challenge = challenge_if_worth_it(state, me, legal)
    if challenge is not None:
        return challenge
    plays = [a for a in legal if isinstance(a, Play)]
    draw = next((a for a in legal if isinstance(a, Draw)), None)
    honest = [a for a in plays if not is_bluff(state, me, a)]
    bluffed = bluff(state, me, plays, honest)
    if bluffed is not None:
        return bluffed
    # A 7 or 0 that takes a bigger hand is worse than drawing (when drawing is allowed).
    coloured = [
        a
        for a in honest
        if state.card(a.card).colour is not None
        and not (draw is not None and trades_up(state, me, a, kept=len(state.hands[me]) + 1))
    ]
    wilds = [a for a in honest if state.card(a.card).colour is None]
    black = max(wilds, key=lambda a: (black_score(state, me, state.card(a.card)), -a.card), default=None)
    if coloured:
        best = max(coloured, key=lambda a: (play_score(state, me, a), -a.card))
        if black is not None and punishes_a_near_winner(state, me, state.card(black.card)):
            return black  # the next player is about to go out: make them draw, and shed 50 points with it
        return best
    # With both piles used up a draw finds nothing, and a player who could play keeps the round from ending.
    if draw is not None and plays and not drawable(state):
        draw = None
    if black is not None and (draw is None or needs_wild(state, me) or drawable(state) <= SCARCE_DRAWS):
        return black
    if draw is not None:
        return draw
    if plays:  # only bluffs are left (e.g. covering an 8): still better than nothing
        return min(plays, key=lambda a: a.card)
    return legal[0]
