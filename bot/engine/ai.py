"""Computer players: a deterministic heuristic that picks one of `legal_actions` for a player.

Pure: it reads the state and never changes it. Ties are broken by fixed orders and the "sometimes" choices
(jumping in with a number card, bluffing a Wild Draw Four where it pays, forgetting "UNO!") by a hash of state
fields, so the same state always gives the same answer. Challenging, it judges a person by HUMAN_BLUFF_RATE
and another computer player (negative ids, the adapter's convention) by the way it bluffs itself.

Usage: `action = choose_action(state, player_id, now=now_ms)` with the time it is applied at (default
`state.clock`); the action carries it, as legal_actions stamps it, and a catch window whose deadline has
passed by then is not caught into. Ask every computer player after each applied action: besides its own
turns it slaps, calls "UNO!", catches and jumps in.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from bot.engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    Pass,
    Play,
    Slap,
)
from bot.engine.cards import COLOURS, Card, Colour, Kind
from bot.engine.checks import would_bluff
from bot.engine.drawing import drawable
from bot.engine.legal import legal_actions
from bot.engine.moves import challenge_stakes
from bot.engine.rules import BlankEffect, DrawRule
from bot.engine.scoring import LONE_ZERO_POINTS
from bot.engine.state import ChallengeInfo, DecisionKind, GameState, Stage

LOW_HAND = 3  # an opponent with this many cards or fewer is about to go out
SHED_HAND = 7  # once an opponent holds this many cards or fewer, a play's points count: shed high cards early
HUMAN_BLUFF_RATE = 0.15  # how often a person holding the colour in force still plays a restricted wild
SWAP_CARD_VALUE = 20  # a card fewer after a 7-0 trade outweighs keeping to the colour held most (10 a card)
JUMP_IN_ODDS = 3  # a number card is jumped in two times out of three
# A computer holding the colour in force still plays a Wild Draw Four (a bluff) one time in BLUFF_ONE_IN where
# that pays: the next player is about to go out and nothing honest stops them, or the hand holds a single card
# of the colour in force and two or more of another (the bluff turns the colour to one it holds more of).
# Only from BLUFF_HANDS cards: from two, keeping the +4 to go out with is better; from more, a challenger
# rightly thinks the colour likely held, and a caught bluff takes 4 cards (bench.ai_duel, 300 two-player
# official matches against the computer that never bluffed, which judges a bluff well: bluffing from any
# hand won 32%, from these 44%, never bluffing 47%; each forgetting "UNO!" as below).
BLUFF_ONE_IN = 2
BLUFF_HANDS = range(3, 5)
# How often a computer that may bluff (above) plays the +4, against one without the colour in force: half of
# 1 / BLUFF_ONE_IN, as an honest hand of so few cards often has nothing else to play. Measured in simulated
# official matches: of the +4s judged 10-20% likely bluffs 11% were, of those judged 20-30% 29%.
COMPUTER_BLUFF_RATE = 0.25
# A computer left with one card by its own play plays it without calling "UNO!" first, and stays silent
# while it can be caught, one time in FORGET_UNO_ONE_IN (by the round, the card kept and the others' card
# counts: the same before the play and during its catch window; see may_forget).
FORGET_UNO_ONE_IN = 8
# At most this many cards left to draw (draw pile and the discards under the top): the same few cards go round
# and round, and two players can pass them back and forth (a Reverse each) forever unless one plays a wild
# or keeps the card it drew; a computer player does both, the latter every other time (by the state hash).
SCARCE_DRAWS = 3
_BLACK_BONUS = {
    Kind.WILD_DRAW_FOUR: 5,
    Kind.DOWNPOUR_TWO: 15,
    Kind.DOWNPOUR_ONE: 10,
    Kind.BLANK: 8,
}


def choose_action(
    state: GameState, player_id: int, catch: bool = True, now: int | None = None
) -> Action | None:
    """What the computer player `player_id` does at `now`; None when it has nothing to do (or wants to wait).
    `catch`: whether it catches a player who did not call "UNO!" (else it lets them be)."""
    legal = legal_actions(state, player_id, now)
    if not legal:
        return None
    reflex = _reflex(state, player_id, legal, catch)
    if reflex is not None:
        return reflex
    move = _move(state, player_id, legal)
    call = next((a for a in legal if isinstance(a, CallUno)), None)
    if call is not None and isinstance(move, Play):
        played = {move.card, *move.extra}
        kept = [cid for cid in state.hands[player_id] if cid not in played]
        laid = [state.top, *_cards(state, [move.card, *move.extra])]
        if len(kept) == 1 and not (may_forget(state, laid) and forgets_uno(state, player_id, kept[0])):
            return call  # "UNO!" before the card that leaves one
    return move


def _move(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
    if state.decision is not None:
        return _decide(state, me, legal) if state.decider == me else None
    if state.turn != me:
        return _jump_in(state, me, legal)
    if state.stage is Stage.PENALTY:
        return _answer_penalty(state, me, legal)
    if state.stage is Stage.DRAWN:
        return _after_draw(state, me, legal)
    return _take_turn(state, me, legal)


# --- reflexes: slap, catch, call -------------------------------------------------------------------------


def _reflex(state: GameState, me: int, legal: Sequence[Action], catch: bool) -> Action | None:
    """Slap at once (its window is the shortest), call "UNO!" as soon as one card is left (unless it forgot
    while it can be caught), catch anyone who has not called."""
    slap = next((action for action in legal if isinstance(action, Slap)), None)
    if slap is not None:
        return slap
    hand = state.hands[me]
    for action in legal:
        if isinstance(action, CallUno) and len(hand) == 1:
            laid = _cards(state, state.discard[-2:])
            if me in state.catchable and may_forget(state, laid) and forgets_uno(state, me, hand[0]):
                continue
            return action
        # A window whose deadline has passed is shut though its Timeout has yet to come (a restart's grace):
        # a catch into it would be a false catch.
        if catch and isinstance(action, Catch) and any(p != me for p in state.catchable_at(action.now)):
            return action
    return None


# --- pending decisions: colour, swap target ------------------------------------------------------------


def _decide(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    if state.decision is DecisionKind.COLOUR:
        colour = best_colour(state, me)
        return next(a for a in legal if isinstance(a, ChooseColour) and a.colour == colour)
    swaps = [a for a in legal if isinstance(a, ChooseSwap)]
    order = state.others_in_turn_order(me)
    return min(swaps, key=lambda a: (len(state.hands[a.target]), order.index(a.target)))


def best_colour(state: GameState, me: int) -> Colour:
    """The colour held most (then most points of it, then red, yellow, green, blue)."""
    count = dict.fromkeys(COLOURS, 0)
    points = dict.fromkeys(COLOURS, 0)
    for card in _cards(state, state.hands[me]):
        if card.colour is not None:
            count[card.colour] += 1
            points[card.colour] += card.points
    return max(COLOURS, key=lambda c: (count[c], points[c], -COLOURS.index(c)))


# --- out of turn: jump-in ----------------------------------------------------------------------------


def _jump_in(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return None
    card = state.card(plays[0].card)
    rest = [c for c in _cards(state, state.hands[me]) if c.id != card.id]
    if state.rules.eight_cover and card.number == 8 and not _covers(card, rest):
        return None  # the cover duty would pass to us with nothing to cover with
    if _trades_up(state, me, plays[0], kept=len(state.hands[me])):
        return None
    if card.kind is Kind.NUMBER and _state_hash(state, me) % JUMP_IN_ODDS == 0:
        return None
    return plays[0]


# --- the turn player's moves --------------------------------------------------------------------------


def _answer_penalty(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if isinstance(a, Play) and not _is_bluff(state, me, a)]
    if plays:  # stack or pass the chain on: cheaper than drawing; keep a Wild Draw Four for last
        return min(plays, key=lambda a: (state.card(a.card).kind is Kind.WILD_DRAW_FOUR, a.card))
    challenge = _challenge_if_worth_it(state, me, legal)
    if challenge is not None:
        return challenge
    return next(a for a in legal if isinstance(a, Accept))


def _after_draw(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    plays = [a for a in legal if isinstance(a, Play)]
    passes = [a for a in legal if isinstance(a, Pass)]
    if not passes:
        return plays[0]  # force_play
    if plays and not _is_bluff(state, me, plays[0]):
        card = state.card(plays[0].card)
        if drawable(state) <= SCARCE_DRAWS and _state_hash(state, me) % 2:
            return passes[0]
        if _trades_up(state, me, plays[0], kept=len(state.hands[me])):
            return passes[0]
        if card.colour is not None or _needs_wild(state, me):
            return plays[0]
    return passes[0]


def _take_turn(state: GameState, me: int, legal: Sequence[Action]) -> Action:
    challenge = _challenge_if_worth_it(state, me, legal)
    if challenge is not None:
        return challenge
    plays = [a for a in legal if isinstance(a, Play)]
    draw = next((a for a in legal if isinstance(a, Draw)), None)
    honest = [a for a in plays if not _is_bluff(state, me, a)]
    bluff = _bluff(state, me, plays, honest)
    if bluff is not None:
        return bluff
    # A 7 or 0 that takes a bigger hand is worse than drawing (when drawing is allowed).
    coloured = [
        a
        for a in honest
        if state.card(a.card).colour is not None
        and not (draw is not None and _trades_up(state, me, a, kept=len(state.hands[me]) + 1))
    ]
    wilds = [a for a in honest if state.card(a.card).colour is None]
    black = max(wilds, key=lambda a: (_black_score(state, me, state.card(a.card)), -a.card), default=None)
    if coloured:
        best = max(coloured, key=lambda a: (_play_score(state, me, a), -a.card))
        if black is not None and _punishes_a_near_winner(state, me, state.card(black.card)):
            return black  # the next player is about to go out: make them draw, and shed 50 points with it
        return best
    # With both piles used up a draw finds nothing, and a player who could play keeps the round from ending.
    if draw is not None and plays and not drawable(state):
        draw = None
    if black is not None and (draw is None or _needs_wild(state, me) or drawable(state) <= SCARCE_DRAWS):
        return black
    if draw is not None:
        return draw
    if plays:  # only bluffs are left (e.g. covering an 8): still better than nothing
        return min(plays, key=lambda a: a.card)
    return legal[0]


def _punishes_a_near_winner(state: GameState, me: int, card: Card) -> bool:
    """A black card that makes a player about to go out draw (a plain Wild is better kept): the next player,
    or for a Downpour, which every other player draws from, anyone."""
    if card.kind in (Kind.DOWNPOUR_ONE, Kind.DOWNPOUR_TWO):
        return any(len(state.hands[p]) <= LOW_HAND for p in state.players if p != me)
    if len(state.hands[state.next_player(me)]) > LOW_HAND:
        return False
    draw_ten = card.kind is Kind.BLANK and state.rules.blank_effect is BlankEffect.DRAW_TEN
    return card.kind is Kind.WILD_DRAW_FOUR or draw_ten


def _needs_wild(state: GameState, me: int) -> bool:
    """A wild is worth spending instead of drawing when drawing goes on until a card fits (several cards on
    average), someone is about to go out, our own hand is small, or we hold more than the one wild kept in
    reserve (hoarding them all could make a round last forever)."""
    if state.rules.draw_rule is DrawRule.UNTIL_PLAYABLE:
        return True
    hand = state.hands[me]
    if len(hand) <= LOW_HAND or sum(1 for card in _cards(state, hand) if card.colour is None) > 1:
        return True
    return any(len(state.hands[p]) <= LOW_HAND for p in state.players if p != me)


def _play_score(state: GameState, me: int, action: Play) -> int:
    """Higher is better: keep the colour we hold most, shed several cards, hurt a near-winner, shed points."""
    ids = (action.card, *action.extra)
    played = _cards(state, ids)
    last = played[-1]
    rest = [card for card in _cards(state, state.hands[me]) if card.id not in ids]
    victim = state.next_player(me)
    victim_low = len(state.hands[victim]) <= LOW_HAND
    shedding = any(len(state.hands[p]) <= SHED_HAND for p in state.players if p != me)
    score = 10 * sum(1 for card in rest if card.colour == last.colour) + 15 * (len(ids) - 1)
    if shedding:
        score += sum(card.points for card in played)
        if _lone_zero(state, rest):
            score -= LONE_ZERO_POINTS  # what that 0 would count if someone goes out now
    if _stops_next(state, last):
        score += 25 if victim_low else 5
    if _links_draw_chain(state, last):
        score += 10 * state.chain  # the chain's next victim draws more than a fresh +2 would make them
    if last.kind is Kind.NUMBER:
        score += _number_rule_score(state, me, last, rest)
    return score


def _stops_next(state: GameState, card: Card) -> bool:
    """A coloured card that makes the next player miss their turn."""
    return card.kind in (Kind.SKIP, Kind.DRAW_TWO) or (card.kind is Kind.REVERSE and len(state.players) == 2)


def _number_rule_score(state: GameState, me: int, card: Card, rest: list[Card]) -> int:
    rules = state.rules
    if rules.seven_zero and rest and card.number in (0, 7):
        return SWAP_CARD_VALUE * (len(rest) - _traded_hand(state, me, card.number))
    if rules.eight_cover and card.number == 8:
        return 0 if _covers(card, rest) else -30
    return 0


def _trades_up(state: GameState, me: int, action: Play, kept: int) -> bool:
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


def _covers(eight: Card, rest: list[Card]) -> bool:
    """Whether some card of `rest` could cover the eight (same colour, another 8, or black)."""
    return any(c.colour is None or c.colour == eight.colour or c.number == 8 for c in rest)


def _black_score(state: GameState, me: int, card: Card) -> int:
    victim_low = len(state.hands[state.next_player(me)]) <= LOW_HAND
    bonus = _BLACK_BONUS.get(card.kind, 0)
    if card.kind in (Kind.WILD_DRAW_FOUR, Kind.BLANK) and victim_low:
        bonus += 20
    return bonus


def _is_bluff(state: GameState, me: int, action: Play) -> bool:
    return would_bluff(state, me, state.card(action.card))


# --- bluffing and forgetting, now and then -----------------------------------------------------------------


def _bluff(state: GameState, me: int, plays: Sequence[Play], honest: Sequence[Play]) -> Play | None:
    """A Wild Draw Four played while holding the colour in force, where it pays (see BLUFF_ONE_IN)."""
    if len(state.hands[me]) not in BLUFF_HANDS or _state_hash(state, me) % BLUFF_ONE_IN:
        return None
    bluffs = [a for a in plays if state.card(a.card).kind is Kind.WILD_DRAW_FOUR and _is_bluff(state, me, a)]
    if not bluffs or not _bluff_pays(state, me, honest):
        return None
    return min(bluffs, key=lambda a: a.card)


def _bluff_pays(state: GameState, me: int, honest: Sequence[Play]) -> bool:
    """The next player is about to go out and no honest play makes them miss their turn, or we hold a single
    card of the colour in force and two or more of another."""
    if len(state.hands[state.next_player(me)]) <= LOW_HAND and not any(
        _stops_next(state, state.card(a.card)) for a in honest
    ):
        return True
    count = dict.fromkeys(COLOURS, 0)
    for card in _cards(state, state.hands[me]):
        if card.colour is not None:
            count[card.colour] += 1
    return state.colour is not None and count[state.colour] == 1 and max(count.values()) >= 2


def may_forget(state: GameState, laid: Sequence[Card]) -> bool:
    """Whether a player left one card may forget "UNO!", `laid` being the discard pile's top cards (the top
    last): only after an ordinary play of their own, as people forget. A jump-in (an identical card on top;
    so also an identical card played in turn) cannot call first and calls at once; so does a player handed
    one card by a 7-0 swap or pass."""
    top = laid[-1]
    changes_hands = state.rules.seven_zero and top.kind is Kind.NUMBER and top.number in (0, 7)
    return not changes_hands and not (len(laid) > 1 and top.identical(laid[-2]))


def forgets_uno(state: GameState, me: int, kept: int) -> bool:
    """Whether the player left with the card `kept` forgets "UNO!" (see FORGET_UNO_ONE_IN)."""
    others = sum(len(state.hands[p]) for p in state.players if p != me)
    return _mix(state.round_no, me, kept, others) % FORGET_UNO_ONE_IN == 0


# --- the Wild Draw Four challenge --------------------------------------------------------------------------


def _challenge_if_worth_it(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
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
    a computer player as `_bluff` does: from BLUFF_HANDS cards, at COMPUTER_BLUFF_RATE, while we (the next
    player) were about to go out or it held a single card of the colour."""
    if info.previous_colour is None or info.player not in state.hands:
        return 0.0
    seen = [*state.hands[me], *state.discard]
    deck = state.deck
    unseen = len(deck) - len(seen)
    of_colour = sum(1 for card in deck if card.colour == info.previous_colour) - sum(
        1 for cid in seen if deck[cid].colour == info.previous_colour
    )
    held = len(state.hands[info.player])
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


# --- helpers -------------------------------------------------------------------------------------------


def _cards(state: GameState, ids: Sequence[int]) -> list[Card]:
    deck = state.deck
    return [deck[cid] for cid in ids]


def _state_hash(state: GameState, me: int) -> int:
    """A stable pseudo-random number from state fields (never the global random module)."""
    return (state.seq * 2654435761 + state.round_no * 40503 + me * 97) % 1_000_003


def _mix(*values: int) -> int:
    """A stable pseudo-random number from these values (a multiply-xorshift hash, 32 bits)."""
    mixed = 0x9E3779B9
    for value in values:
        mixed = ((mixed ^ value) * 0x85EBCA6B) & 0xFFFFFFFF
        mixed ^= mixed >> 13
    return mixed
