"""Rule predicates shared by `apply` and `legal_actions`, so both always agree."""

from __future__ import annotations

from bot.engine.cards import Card, Kind
from bot.engine.errors import IllegalAction, Reason
from bot.engine.rules import BlankEffect, JumpIn, Stacking
from bot.engine.state import GameState, Stage


def matches(state: GameState, card: Card) -> bool:
    """Ordinary legality on the top card (colour in force, number or symbol, or black)."""
    return _matches(card, state.deck[state.discard[-1]], state)


def _matches(card: Card, top: Card, state: GameState) -> bool:
    if card.colour is None:
        return state.rules.black_on_black or top.colour is not None
    if card.colour == state.colour:
        return True
    if top.colour is None:
        return False
    return card.kind == top.kind and (card.kind is not Kind.NUMBER or card.number == top.number)


def playable_cards(state: GameState, player: int) -> list[int]:
    """Cards of the hand that may be played ordinarily now (no exceptions: this runs on every listing)."""
    deck = state.deck
    top = deck[state.discard[-1]]
    hand = state.hands[player]
    result = [cid for cid in hand if _matches(deck[cid], top, state)]
    if state.rules.wd4_challenge:
        return result
    return [cid for cid in result if not would_bluff(state, player, deck[cid])]


def is_restricted(state: GameState, card: Card) -> bool:
    """A card playable only without the colour in force: a Wild Draw Four; with extreme_wild_restriction a
    plain Wild too, and a blank card played as one (RULES.md: blank_effect `wild` is "a plain Wild")."""
    if card.kind is Kind.WILD_DRAW_FOUR:
        return True
    rules = state.rules
    if not rules.extreme_wild_restriction:
        return False
    return card.kind is Kind.WILD or (card.kind is Kind.BLANK and rules.blank_effect is BlankEffect.WILD)


def would_bluff(state: GameState, player: int, card: Card) -> bool:
    """Whether playing `card` now is a bluff, the guilt a challenge finds (RULES.md sections 3 and 4): a
    restricted card while the hand holds the colour in force. Whether the play is legal at all (it matches,
    challenges are on) is `legal_actions`'s to say."""
    return is_restricted(state, card) and holds_colour_in_force(state, player, card.id)


def holds_colour_in_force(state: GameState, player: int, except_card: int) -> bool:
    """Whether the hand (before `except_card` left it) holds a coloured card of the colour in force."""
    deck = state.deck
    colour = state.colour
    return any(cid != except_card and deck[cid].colour == colour for cid in state.hands[player])


def check_ordinary(state: GameState, player: int, card: Card) -> bool:
    """Raise unless `card` may be played on the top card; return whether a restricted card is a bluff."""
    if not matches(state, card):
        if card.colour is None:
            raise IllegalAction(Reason.BLACK_ON_BLACK)
        raise IllegalAction(Reason.CARD_NOT_PLAYABLE)
    return _check_restricted(state, player, card)


def _check_restricted(state: GameState, player: int, card: Card) -> bool:
    if not would_bluff(state, player, card):
        return False
    if not state.rules.wd4_challenge:
        raise IllegalAction(Reason.WILD_NOT_ALLOWED)
    return True


def can_play_ordinary(state: GameState, player: int, card: Card) -> bool:
    if not matches(state, card):
        return False
    return state.rules.wd4_challenge or not would_bluff(state, player, card)


def chain_mode(state: GameState) -> bool:
    """An extreme draw chain victim may only pass the chain on with an identical card."""
    return state.rules.extreme_draw_chain and state.penalty_kind is Kind.DRAW_TWO and state.chain > 0


def stackable(state: GameState, card: Card) -> bool:
    stacking = state.rules.stacking
    if stacking is Stacking.OFF:  # an extreme draw chain never gets here: only identical cards pass it on
        return False
    pending = state.penalty_kind
    if card.kind is Kind.DRAW_TWO:
        return pending is Kind.DRAW_TWO
    if card.kind is Kind.WILD_DRAW_FOUR:
        return pending is Kind.WILD_DRAW_FOUR or (stacking is Stacking.MIXED and pending is Kind.DRAW_TWO)
    return False


def check_stack(state: GameState, player: int, card: Card) -> bool:
    """Raise unless `card` may be stacked on the pending penalty; return whether it is a bluff."""
    if not stackable(state, card):
        raise IllegalAction(
            Reason.CANNOT_STACK if state.rules.stacking is not Stacking.OFF else Reason.PENALTY_PENDING
        )
    return _check_restricted(state, player, card)


def jump_in_open(state: GameState) -> bool:
    """Jump-ins on the top card are possible until the player after it begins their turn (draws, accepts a
    penalty, challenges) and while no one decides."""
    return (
        state.rules.jump_in is not JumpIn.OFF
        and state.decision is None
        and not state.jump_closed
        and state.stage is not Stage.DRAWN
        and state.top.colour is not None
    )


def has_cover(state: GameState, player: int) -> bool:
    # A bluff is never the only cover: holding the colour in force that makes it one is a cover itself.
    return bool(playable_cards(state, player))


def drawn_playable(state: GameState, player: int, card_id: int) -> bool:
    """Whether the player may play this card now (a Wild Draw Four bluff included, when it can be
    challenged)."""
    return can_play_ordinary(state, player, state.card(card_id))


def fairly_playable(state: GameState, player: int, card_id: int) -> bool:
    """Whether the card is playable without a bluff: what a rule may oblige a player to play (`force_play`),
    what ends drawing (`until_playable`, an eight's cover), what a timeout plays for them. A restricted card
    counts only when the hand holds nothing of the colour in force, challenges or not."""
    card = state.card(card_id)
    return matches(state, card) and not would_bluff(state, player, card)


def uno_call_allowed(state: GameState, player: int) -> bool:
    if player in state.uno_called:
        return False
    size = len(state.hands[player])
    return size == 1 or (size == 2 and player == state.turn and state.decision is None)
