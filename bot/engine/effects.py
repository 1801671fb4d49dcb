"""What a played card does: penalties, skips, reverses, colour choice, 7-0, Extreme rules, going out."""

from __future__ import annotations

from bot.engine import scoring
from bot.engine.cards import Card, Kind
from bot.engine.checks import is_restricted
from bot.engine.drawing import draw_cards
from bot.engine.events import (
    CoverRequired,
    DirectionChanged,
    Downpour,
    DrawReason,
    Event,
    SilenceStarted,
    Skipped,
)
from bot.engine.extreme import open_slap_window
from bot.engine.moves import WILD_DRAW_FOUR_PENALTY
from bot.engine.rules import BlankEffect, JumpIn, Stacking
from bot.engine.sevens import rotate_hands, swap_hands
from bot.engine.situation import Mode, Situation
from bot.engine.state import ChallengeInfo, DecisionKind, GameState, Stage
from bot.engine.turns import give_turn, no_longer_catchable, open_uno_window

BLANK_PENALTY = 10
DOWNPOUR = {Kind.DOWNPOUR_ONE: 1, Kind.DOWNPOUR_TWO: 2}


def after_play(
    state: GameState, events: list[Event], player: int, card: Card, situation: Situation, now: int
) -> None:
    rules = state.rules
    out = not state.hands[player]
    kind = card.kind
    base = _inherited_penalty(state, events, player, situation)
    chain = _chain_links(state, card, situation)
    state.chain = chain
    skip_chain = state.skip_chain
    state.skip_chain = 0
    give_turn(state, state.next_player(player))

    if kind is Kind.DRAW_TWO:
        _set_penalty(state, state.next_player(player), kind, 2 * chain if chain else base + 2)
    elif kind is Kind.REVERSE and (chain or not out):
        _reverse(state, events, player, chain, out)
    elif kind is Kind.SKIP and not out:  # a last Skip skips nobody: no turn follows it
        _skip(state, events, player, skip_chain, situation)
    elif kind is Kind.WILD_DRAW_FOUR:
        _set_penalty(state, state.next_player(player), kind, base + WILD_DRAW_FOUR_PENALTY)
        _ask_colour(state, player)
        _offer_challenge(state, player, card, situation)
    elif kind is Kind.BLANK and rules.blank_effect is BlankEffect.DRAW_TEN:
        _set_penalty(state, state.next_player(player), kind, BLANK_PENALTY)
        _ask_colour(state, player)
    elif kind in DOWNPOUR:
        _ask_colour(state, player)
        _downpour(state, events, player, DOWNPOUR[kind])
    elif card.colour is None:  # Wild, Creeper, blank played as a Wild
        _ask_colour(state, player)
        if is_restricted(state, card):  # extreme_wild_restriction: a plain Wild, or a blank played as one
            _offer_challenge(state, player, card, situation)
    elif kind is Kind.NUMBER and rules.eight_cover and card.number == 8:
        give_turn(state, player)
        state.cover = True
        events.append(CoverRequired(player))
        if out:  # no card is not one card left (RULES.md §5): nothing to catch while they draw to cover
            no_longer_catchable(state, player)
        else:  # one card left and no call: catchable while covering (and after a jump-in takes the 8)
            open_uno_window(state, player, now)
        return
    if out:
        _go_out(state, events, player, now)
        return
    if chain:
        _chain_victim_draws(state, events)
    if kind is Kind.NUMBER:
        _number_effects(state, events, player, card.number, now)
    open_uno_window(state, player, now)


def _inherited_penalty(state: GameState, events: list[Event], player: int, situation: Situation) -> int:
    """Penalty a new draw card builds on: a stack, or a jump-in on a pending Draw Two."""
    if situation.victim is None or situation.mode is Mode.ORDINARY:
        return 0
    if situation.mode is Mode.STACK:
        return situation.penalty
    if situation.mode is Mode.JUMP_IN:
        if state.rules.jump_in is JumpIn.EXTREME:
            draw_cards(state, events, situation.victim, situation.penalty, DrawReason.PENALTY)
            return 0
        return situation.penalty if state.rules.stacking is not Stacking.OFF else 0
    return 0


def _chain_links(state: GameState, card: Card, situation: Situation) -> int:
    """Links of the extreme draw chain after this card (0 when it is not a link)."""
    if not state.rules.extreme_draw_chain:
        return 0
    if card.kind is Kind.DRAW_TWO:
        return state.chain + 1
    if card.kind is Kind.REVERSE and state.chain > 0:
        previous = situation.previous_top
        if previous.kind is Kind.REVERSE or card.colour == situation.previous_colour:
            return state.chain + 1
    return 0


def _chain_victim_draws(state: GameState, events: list[Event]) -> None:
    """An extreme draw chain's victim draws at once and is skipped (RULES.md), unless they hold the
    identical card that passes the chain on: then the choice is theirs. This is no move of theirs, so
    the catch window of the player who made them draw stays open."""
    victim = state.turn
    top = state.top
    if any(state.card(cid).identical(top) for cid in state.hands[victim]):
        return
    draw_cards(state, events, victim, state.penalty, DrawReason.PENALTY)
    events.append(Skipped(victim))
    give_turn(state, state.next_player(victim))


def _set_penalty(state: GameState, victim: int, kind: Kind, amount: int) -> None:
    state.turn = victim
    state.stage = Stage.PENALTY
    state.penalty = amount
    state.penalty_kind = Kind.DRAW_TWO if kind is Kind.REVERSE else kind


def _ask_colour(state: GameState, player: int) -> None:
    state.decision = DecisionKind.COLOUR
    state.decider = player


def _offer_challenge(state: GameState, player: int, card: Card, situation: Situation) -> None:
    if state.rules.wd4_challenge:
        state.challenge = ChallengeInfo(
            player, card.id, situation.bluff, situation.previous_colour, situation.previous_top.id
        )


def _reverse(state: GameState, events: list[Event], player: int, chain: int, out: bool) -> None:
    """A Reverse turns play back (RULES.md §3; an extreme chain's link too, §7). A last one turns nothing:
    the round is over, so its table never reads a new direction; as a chain link it still picks who takes
    the chain, the one before its player (`link_victim`)."""
    victim = link_victim(state, player, Kind.REVERSE)
    if len(state.players) > 2 and not out:
        state.direction = -state.direction
        events.append(DirectionChanged(state.direction))
        give_turn(state, victim)
    if chain:
        _set_penalty(state, victim, Kind.REVERSE, 2 * chain)
    elif len(state.players) == 2:
        events.append(Skipped(state.next_player(player)))
        give_turn(state, player)


def link_victim(state: GameState, player: int, kind: Kind) -> int:
    """Who takes the extreme draw chain's cards when `player` extends it with a `kind` card: a +2 hits the
    next player; a Reverse turns play back onto the one before (`_reverse`; with two, the same one)."""
    return state.next_player(player, 1 if kind is Kind.DRAW_TWO else -1)


def skipped_by(state: GameState, player: int, count: int) -> list[int]:
    """Who a Skip of `player` worth `count` turns (a skip chain's) skips, in order. A chain longer than the
    table never skips the one who played it: they move again (as after any Skip with two players). RULES.md
    counts players without saying; a Skip that hands the turn away would not be one."""
    return [state.next_player(player, step) for step in range(1, min(count, len(state.players) - 1) + 1)]


def _skip(state: GameState, events: list[Event], player: int, skip_chain: int, situation: Situation) -> None:
    extend = state.rules.skip_chain and skip_chain > 0 and situation.mode is Mode.ORDINARY
    count = skip_chain + 1 if extend and situation.previous_top.kind is Kind.SKIP else 1
    skipped = skipped_by(state, player, count)
    events.extend(Skipped(victim) for victim in skipped)
    give_turn(state, state.next_player(player, len(skipped) + 1))
    if state.rules.skip_chain:
        state.skip_chain = count


def _downpour(state: GameState, events: list[Event], player: int, count: int) -> None:
    at = len(events)
    events.append(Downpour(player, count))
    others = state.others_in_turn_order(player)
    taken = [len(draw_cards(state, events, other, count, DrawReason.DOWNPOUR)) for other in others]
    if min(taken, default=count) < count:
        events[at] = Downpour(player, count, short=True)


def _number_effects(state: GameState, events: list[Event], player: int, number: int, now: int) -> None:
    rules = state.rules
    if number == 7:
        if rules.seven_zero:
            others = state.others_in_turn_order(player)
            if len(others) == 1:
                swap_hands(state, events, player, others[0], now)
            else:
                state.decision = DecisionKind.SWAP
                state.decider = player
        if rules.seven_silence:
            state.silence_holder = player
            events.append(SilenceStarted(player))
    elif number == 0:
        if rules.seven_zero:
            rotate_hands(state, events, now)
        if rules.zero_slap:
            open_slap_window(state, events, now)


def _go_out(state: GameState, events: list[Event], player: int, now: int) -> None:
    """The hand is empty: a last draw card still makes its victim draw, then the round ends."""
    state.decision = None
    state.decider = None
    if state.stage is Stage.PENALTY and state.penalty:
        draw_cards(state, events, state.turn, state.penalty, DrawReason.PENALTY)
    scoring.end_round(state, events, player, now)
