"""Everything a player may do now, out-of-turn actions included."""

from __future__ import annotations

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
from bot.engine.cards import COLOURS, Card, Kind
from bot.engine.checks import (
    chain_mode,
    check_stack,
    drawn_playable,
    fairly_playable,
    has_cover,
    jump_in_open,
    playable_cards,
    uno_call_allowed,
)
from bot.engine.errors import IllegalAction
from bot.engine.rules import JumpIn, Stacking
from bot.engine.state import DecisionKind, GameState, Stage


def legal_actions(state: GameState, player: int, now: int | None = None) -> list[Action]:
    """Game moves `player` may make now. Not listed though accepted: `Leave` (any time) and `BreakSilence`
    (while a silence is on), which the adapter sends on its own; for multi-play only the full set of each
    number is listed (with every legal first and every last card), while `apply` accepts any valid subset."""
    if state.match_over or state.round_over or player not in state.hands:
        return []
    at = state.clock if now is None else now
    actions: list[Action] = []
    if state.decision is not None:
        if state.decider == player:
            if state.decision is DecisionKind.COLOUR:
                actions += [ChooseColour(player, colour, at) for colour in COLOURS]
            else:
                actions += [ChooseSwap(player, target, at) for target in state.players if target != player]
    elif player == state.turn:
        actions += _turn_moves(state, player, at)
    elif jump_in_open(state):
        top = state.top
        actions += [Play(player, cid, at) for cid in state.hands[player] if state.card(cid).identical(top)]
    if uno_call_allowed(state, player):
        actions.append(CallUno(player, at))
    actions.append(Catch(player, at))
    if player in state.slap_pending:
        actions.append(Slap(player, at))
    return actions


def _turn_moves(state: GameState, player: int, at: int) -> list[Action]:
    hand = state.hands[player]
    deck = state.deck
    moves: list[Action] = []
    if state.stage is Stage.PENALTY:
        moves.append(Accept(player, at))
        if state.challenge is not None:
            moves.append(Challenge(player, at))
        moves += [Play(player, cid, at) for cid in hand if _penalty_play_ok(state, player, deck[cid])]
        return moves
    if state.stage is Stage.DRAWN:
        drawn = state.drawn_card
        assert drawn is not None
        # a penalty received meanwhile can make a drawn restricted card illegal; then passing is allowed
        if drawn_playable(state, player, drawn):
            moves.append(Play(player, drawn, at))
        if not (state.rules.force_play and fairly_playable(state, player, drawn)):
            moves.append(Pass(player, at))
        return moves
    if state.challenge is not None:
        moves.append(Challenge(player, at))
    playable = playable_cards(state, player)
    moves += [Play(player, cid, at) for cid in playable]
    if state.rules.multi_play and playable:
        moves += _multi_plays(state, player, playable, at)
    if not (state.cover and has_cover(state, player)):
        moves.append(Draw(player, at))
    return moves


def _penalty_play_ok(state: GameState, player: int, card: Card) -> bool:
    identical = card.identical(state.top)
    if chain_mode(state):
        return identical
    rules = state.rules
    if identical and rules.jump_in is not JumpIn.OFF and rules.stacking is Stacking.OFF:
        return True
    try:
        check_stack(state, player, card)
    except IllegalAction:
        return False
    return True


def _multi_plays(state: GameState, player: int, playable: list[int], at: int) -> list[Action]:
    deck = state.deck
    numbers = {deck[cid].number for cid in playable if deck[cid].kind is Kind.NUMBER}
    if not numbers:
        return []
    by_number: dict[int, list[int]] = {}  # only the numbers that some playable card carries
    for cid in state.hands[player]:
        card = deck[cid]
        if card.number in numbers and card.kind is Kind.NUMBER:
            by_number.setdefault(card.number, []).append(cid)
    moves: list[Action] = []
    firsts = set(playable)
    for group in by_number.values():
        if len(group) < 2:
            continue
        for first in group:
            if first not in firsts:
                continue
            for last in group:
                if last != first:
                    middle = tuple(sorted(cid for cid in group if cid not in (first, last)))
                    moves.append(Play(player, first, at, (*middle, last)))
    return moves
