"""How much a card is worth playing to the computer player: a coloured play's score, a black card's, and
the checks both read (a 7 or 0 that trades a hand up, an 8 nothing covers, a card that stops the next
player, a near-winner a black card punishes, a wild worth spending)."""

from __future__ import annotations

from bot.engine.actions import Play
from bot.engine.cards import Card, Kind
from bot.engine.rules import BlankEffect, DrawRule
from bot.engine.scoring import LONE_ZERO_POINTS
from bot.engine.state import GameState

from .hands import LOW_HAND, cards

SHED_HAND = 7  # once an opponent holds this many cards or fewer, a play's points count: shed high cards early
SWAP_CARD_VALUE = 20  # a card fewer after a 7-0 trade outweighs keeping to the colour held most (10 a card)
_BLACK_BONUS = {
    Kind.WILD_DRAW_FOUR: 5,
    Kind.DOWNPOUR_TWO: 15,
    Kind.DOWNPOUR_ONE: 10,
    Kind.BLANK: 8,
}


def punishes_a_near_winner(state: GameState, me: int, card: Card) -> bool:
    """A black card that makes a player about to go out draw (a plain Wild is better kept): the next player,
    or for a Downpour, which every other player draws from, anyone."""
    if card.kind in (Kind.DOWNPOUR_ONE, Kind.DOWNPOUR_TWO):
        return any(len(state.hands[p]) <= LOW_HAND for p in state.players if p != me)
    if len(state.hands[state.next_player(me)]) > LOW_HAND:
        return False
    draw_ten = card.kind is Kind.BLANK and state.rules.blank_effect is BlankEffect.DRAW_TEN
    return card.kind is Kind.WILD_DRAW_FOUR or draw_ten


def needs_wild(state: GameState, me: int) -> bool:
    """A wild is worth spending instead of drawing when drawing goes on until a card fits (several cards on
    average), someone is about to go out, our own hand is small, or we hold more than the one wild kept in
    reserve (hoarding them all could make a round last forever)."""
    if state.rules.draw_rule is DrawRule.UNTIL_PLAYABLE:
        return True
    hand = state.hands[me]
    if len(hand) <= LOW_HAND or sum(1 for card in cards(state, hand) if card.colour is None) > 1:
        return True
    return any(len(state.hands[p]) <= LOW_HAND for p in state.players if p != me)


def play_score(state: GameState, me: int, action: Play) -> int:
    """Higher is better: keep the colour we hold most, shed several cards, hurt a near-winner, shed points."""
    ids = (action.card, *action.extra)
    played = cards(state, ids)
    last = played[-1]
    rest = [card for card in cards(state, state.hands[me]) if card.id not in ids]
    victim = state.next_player(me)
    victim_low = len(state.hands[victim]) <= LOW_HAND
    shedding = any(len(state.hands[p]) <= SHED_HAND for p in state.players if p != me)
    score = 10 * sum(1 for card in rest if card.colour == last.colour) + 15 * (len(ids) - 1)
    if shedding:
        score += sum(card.points for card in played)
        if _lone_zero(state, rest):
            score -= LONE_ZERO_POINTS  # what that 0 would count if someone goes out now
    if stops_next(state, last):
        score += 25 if victim_low else 5
    if _links_draw_chain(state, last):
        score += 10 * state.chain  # the chain's next victim draws more than a fresh +2 would make them
    if last.kind is Kind.NUMBER:
        score += _number_rule_score(state, me, last, rest)
    return score


def stops_next(state: GameState, card: Card) -> bool:
    """A coloured card that makes the next player miss their turn."""
    return card.kind in (Kind.SKIP, Kind.DRAW_TWO) or (card.kind is Kind.REVERSE and len(state.players) == 2)


def _number_rule_score(state: GameState, me: int, card: Card, rest: list[Card]) -> int:
    rules = state.rules
    if rules.seven_zero and rest and card.number in (0, 7):
        return SWAP_CARD_VALUE * (len(rest) - _traded_hand(state, me, card.number))
    if rules.eight_cover and card.number == 8:
        return 0 if covers(card, rest) else -30
    return 0


def trades_up(state: GameState, me: int, action: Play, kept: int) -> bool:
    """A 7 or 0 (seven_zero) that leaves us worse off than the alternative, after which we would hold `kept`
    cards (one more when it is drawing): what counts is our hand against the one we trade with, after either
    choice."""
    card = state.card(action.card)
    played = 1 + len(action.extra)
    if not state.rules.seven_zero or card.kind is not Kind.NUMBER or card.number not in (0, 7):
        return False
    held = len(state.hands[me])
    if held == played:
        return False  # going out: a last 7 or 0 does nothing
    taken = _traded_hand(state, me, card.number)
    # Trading: we hold `taken`, they hold what we kept back. Not: we hold `kept`, they hold `taken`.
    return taken - (held - played) > kept - taken


def _traded_hand(state: GameState, me: int, number: int) -> int:
    """How many cards a 7 (the smallest other hand, the one we choose) or a 0 (the hand of the player before
    us, passed on to us) brings us."""
    if number == 7:
        return min(len(state.hands[p]) for p in state.players if p != me)
    return len(state.hands[state.next_player(me, -1)])


def _lone_zero(state: GameState, rest: list[Card]) -> bool:
    """A hand left holding only a single 0, which lone_zero_100 counts as 100 points."""
    return state.rules.lone_zero_100 and len(rest) == 1 and rest[0].number == 0


def _links_draw_chain(state: GameState, card: Card) -> bool:
    """A card that extends an extreme draw chain on our turn (a Draw Two, or a Reverse of its colour or on
    a Reverse; see effects._chain_links)."""
    if not (state.rules.extreme_draw_chain and state.chain):
        return False
    if card.kind is Kind.DRAW_TWO:
        return True
    return card.kind is Kind.REVERSE and (state.top.kind is Kind.REVERSE or card.colour == state.colour)


def covers(eight: Card, rest: list[Card]) -> bool:
    """Whether some card of `rest` could cover the eight (same colour, another 8, or black)."""
    return any(c.colour is None or c.colour == eight.colour or c.number == 8 for c in rest)


def black_score(state: GameState, me: int, card: Card) -> int:
    victim_low = len(state.hands[state.next_player(me)]) <= LOW_HAND
    bonus = _BLACK_BONUS.get(card.kind, 0)
    if card.kind in (Kind.WILD_DRAW_FOUR, Kind.BLANK) and victim_low:
        bonus += 20
    return bonus
