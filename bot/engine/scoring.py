"""Round end (points, totals), match end, and the next round with the next dealer."""

from __future__ import annotations

from bot.engine.dealing import start_round
from bot.engine.events import Event, MatchEnded, RoundEnded
from bot.engine.extreme import close_slap_window
from bot.engine.rule_dependencies import inactive
from bot.engine.rules import Scoring
from bot.engine.state import GameState

LONE_ZERO_POINTS = 100
ROUND_PAUSE_MS = 5000  # between a round's end and the next deal


def lone_zero(state: GameState, player: int) -> bool:
    """Whether the hand is a single 0 that counts LONE_ZERO_POINTS (UNO Extreme)."""
    hand = state.hands[player]
    counted = state.rules.lone_zero_100 and not inactive(state.rules, "lone_zero_100")  # no points: no 100
    return counted and len(hand) == 1 and state.deck[hand[0]].number == 0


def hand_points(state: GameState, player: int) -> int:
    if lone_zero(state, player):
        return LONE_ZERO_POINTS
    return sum(state.deck[cid].points for cid in state.hands[player])


def end_round(state: GameState, events: list[Event], winner: int, now: int, stalled: bool = False) -> None:
    rules = state.rules
    points = {player: hand_points(state, player) for player in state.players}
    scored = dict.fromkeys(state.players, 0)
    if rules.scoring is Scoring.WINNER_TAKES:
        scored[winner] = sum(value for player, value in points.items() if player != winner)
    elif rules.scoring is Scoring.OWN_HAND:
        scored = dict(points)
    for player, value in scored.items():
        state.scores[player] += value
    lone_zeros = tuple(player for player in state.players if lone_zero(state, player))
    events.append(RoundEnded(state.round_no, winner, points, scored, dict(state.scores), stalled, lone_zeros))
    _close_round(state)
    winners = _match_winners(state, winner)
    if winners:
        finish_match(state, events, winners)
        return
    state.round_over = True
    state.round_winner = winner
    state.next_round_deadline = now + ROUND_PAUSE_MS
    state.turn_deadline = None


def next_round(state: GameState, events: list[Event], now: int) -> None:
    """After the pause: the deal passes to the next player clockwise."""
    seats = state.players
    state.dealer = seats[(seats.index(state.dealer) + 1) % len(seats)]
    start_round(state, events, now)


def end_stalled_round(state: GameState, events: list[Event], now: int) -> None:
    """Nobody could play or draw for a whole cycle, or the round only churns the same few cards: fewest hand
    points win (then fewest cards, turn order)."""
    order = [state.next_player(state.turn, step) for step in range(len(state.players))]
    winner = min(
        order, key=lambda player: (hand_points(state, player), len(state.hands[player]), order.index(player))
    )
    end_round(state, events, winner, now, stalled=True)


def _match_winners(state: GameState, winner: int) -> list[int]:
    rules = state.rules
    if rules.scoring is Scoring.SINGLE_ROUND:
        return [winner]
    if rules.scoring is Scoring.WINNER_TAKES:
        return [winner] if state.scores[winner] >= rules.target_score else []
    totals = {player: state.scores[player] for player in state.players}
    if max(totals.values()) < rules.target_score:
        return []
    lowest = min(totals.values())
    return [player for player in state.players if totals[player] == lowest]


def _close_round(state: GameState) -> None:
    state.decision = None
    state.decider = None
    state.challenge = None
    state.chain = 0  # a chain the last card linked has nobody left to extend it
    state.skip_chain = 0
    state.catchable = []
    state.catch_deadline = None
    state.silence_holder = None
    close_slap_window(state)


def finish_match(state: GameState, events: list[Event], winners: list[int]) -> None:
    _close_round(state)
    state.match_over = True
    state.round_over = False
    state.next_round_deadline = None
    state.winners = list(winners)
    state.turn_deadline = None
    events.append(MatchEnded(tuple(winners), dict(state.scores)))
