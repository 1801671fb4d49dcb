"""7-0: swapping two hands and passing every hand on; both can leave a player catchable."""

from __future__ import annotations

from bot.engine.drawing import received_cards
from bot.engine.events import Event, HandsRotated, HandsSwapped
from bot.engine.state import GameState
from bot.engine.turns import open_uno_window


def _hands_changed(state: GameState, players: list[int], now: int) -> None:
    """Who holds more than one card now must call UNO again. Who held one card and is handed one keeps what
    they had: a call stands (RULES.md §5: only reaching one card without a call opens a catch window), and
    so does an open catch window."""
    for player in players:
        if len(state.hands[player]) != 1:
            received_cards(state, player)
    for player in players:
        open_uno_window(state, player, now)


def swap_hands(state: GameState, events: list[Event], player: int, target: int, now: int) -> None:
    hands = state.hands
    hands[player], hands[target] = hands[target], hands[player]
    state.hands_moved()
    events.append(HandsSwapped(player, target))
    _hands_changed(state, [player, target], now)


def rotate_hands(state: GameState, events: list[Event], now: int) -> None:
    """Every hand passes to the next player in the direction of play."""
    old = {player: state.hands[player] for player in state.players}
    for player in state.players:
        state.hands[state.next_player(player)] = old[player]
    state.hands_moved()
    events.append(HandsRotated(state.direction, len(state.players)))
    _hands_changed(state, list(state.players), now)
