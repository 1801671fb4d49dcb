"""Bookkeeping shared by every move: beginning a turn, UNO windows, seats."""

from __future__ import annotations

from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import CatchWindowClosed, Event, SilenceEnded
from bot.engine.state import GameState, Stage


def require_seated(state: GameState, player: int) -> None:
    if player not in state.hands:
        raise IllegalAction(Reason.NOT_A_PLAYER)


def require_turn(state: GameState, player: int) -> None:
    """The player must be the turn player and nobody may be choosing a colour or swap target."""
    require_seated(state, player)
    if state.decision is not None:
        raise IllegalAction(Reason.DECISION_PENDING)
    if player != state.turn:
        raise IllegalAction(Reason.NOT_YOUR_TURN)


def begin_turn(state: GameState, events: list[Event], actor: int) -> None:
    """A player begins a move: other players' catch windows close; the actor's own silence ends; a call made
    with two cards for a play that did not come (someone jumped in first) lapses."""
    if state.uno_called and any(p != actor and len(state.hands[p]) > 1 for p in state.uno_called):
        state.uno_called = [p for p in state.uno_called if p == actor or len(state.hands[p]) <= 1]
    if state.catchable and any(player != actor for player in state.catchable):
        state.catchable = [player for player in state.catchable if player == actor]
        if not state.catchable:
            state.catch_deadline = None
            events.append(CatchWindowClosed())
    if state.silence_holder == actor:
        state.silence_holder = None
        events.append(SilenceEnded())


def open_uno_window(state: GameState, player: int, now: int) -> None:
    """A player who reached one card without calling becomes catchable."""
    if len(state.hands[player]) == 1 and player not in state.uno_called and player not in state.catchable:
        state.catchable.append(player)
        state.catch_deadline = now + state.rules.uno_window_seconds * 1000


def no_longer_catchable(state: GameState, player: int) -> None:
    """`player`'s catch window closes (a call, cards received, an empty hand); the last takes the deadline."""
    if player in state.catchable:
        state.catchable.remove(player)
        if not state.catchable:
            state.catch_deadline = None


def close_catch_window(state: GameState, events: list[Event]) -> None:
    state.catchable = []
    state.catch_deadline = None
    events.append(CatchWindowClosed())


def give_turn(state: GameState, player: int) -> None:
    """`player` moves next with an ordinary turn."""
    state.turn = player
    state.stage = Stage.PLAY
    state.penalty = 0
    state.penalty_kind = None
    state.drawn_card = None
    state.cover = False
