"""The public entry points: start a match, apply an action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.actions import (
    Accept,
    Action,
    BreakSilence,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    GiveTimeBack,
    Leave,
    Pass,
    Play,
    RestartCatchTimer,
    RestartTurnTimer,
    Slap,
    Timeout,
    TimeoutKind,
)
from bot.engine.calls import call_uno, catch
from bot.engine.dealing import create_match
from bot.engine.drawing import churning
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import Event
from bot.engine.extreme import break_silence, slap
from bot.engine.leaving import leave
from bot.engine.moves import accept, challenge, choose_colour, choose_swap, draw, pass_turn
from bot.engine.play import play
from bot.engine.rules import Rules
from bot.engine.scoring import end_stalled_round
from bot.engine.state import GameState
from bot.engine.timeouts import give_time_back, timeout


def _retime_turn(state: GameState, events: list[Event], action: RestartTurnTimer) -> None:
    if state.turn_deadline is None:
        raise IllegalAction(Reason.TIMEOUT_NOT_DUE)
    _restart_turn_timer(state, action.now)


def _retime_catch(state: GameState, events: list[Event], action: RestartCatchTimer) -> None:
    if not state.catchable or state.catch_deadline is None:
        raise IllegalAction(Reason.TIMEOUT_NOT_DUE)
    state.catch_deadline = action.now + state.rules.uno_window_seconds * 1000


_HANDLERS: dict[type[Any], Callable[[GameState, list[Event], Any], None]] = {
    Play: play,
    Draw: draw,
    Pass: pass_turn,
    ChooseColour: choose_colour,
    ChooseSwap: choose_swap,
    Challenge: challenge,
    Accept: accept,
    CallUno: call_uno,
    Catch: catch,
    Slap: slap,
    BreakSilence: break_silence,
    Leave: leave,
    Timeout: timeout,
    RestartTurnTimer: _retime_turn,
    RestartCatchTimer: _retime_catch,
    GiveTimeBack: give_time_back,
}
# Moves that hand the decision to someone (or the same player anew): they restart the turn timer. A Leave
# does only when it moved the decision (the leaver was to act): a bystander leaving gives nobody more time.
_MAIN_MOVES = (Play, Draw, Pass, ChooseColour, ChooseSwap, Challenge, Accept)
# Sent by the adapter for the clock, not by a player: nobody is back from missing turns.
_CLOCK_ACTIONS = (Timeout, RestartTurnTimer, RestartCatchTimer, GiveTimeBack)


def new_match(
    players: list[int], rules: Rules | None = None, seed: int = 0, now: int = 0
) -> tuple[GameState, list[Event]]:
    """Draw for the dealer, deal round 1, turn the start card. Players in seat (clockwise) order, 2-10."""
    state, events = create_match(players, rules or Rules(), seed, now)
    _restart_turn_timer(state, now)
    return state, events


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """A new state and what happened; raises IllegalAction (and changes nothing) if the action is illegal."""
    if state.match_over:
        raise IllegalAction(Reason.MATCH_OVER)
    if state.round_over and not isinstance(action, Leave | Timeout | GiveTimeBack):
        raise IllegalAction(Reason.ROUND_OVER)
    new = state.clone()
    events: list[Event] = []
    _HANDLERS[type(action)](new, events, action)
    if new.thin_reshuffles and churning(new) and not (new.round_over or new.match_over):
        end_stalled_round(new, events, action.now)
    if not isinstance(action, _CLOCK_ACTIONS):
        new.afk.pop(action.player, None)
    if (
        isinstance(action, _MAIN_MOVES)
        or (isinstance(action, Timeout) and action.kind in (TimeoutKind.TURN, TimeoutKind.NEXT_ROUND))
        or (isinstance(action, Leave) and new.actor != state.actor)
    ):
        _restart_turn_timer(new, action.now)
    if not (isinstance(action, GiveTimeBack) and action.ms < 0):  # (that one sets the clock back)
        new.clock = max(new.clock, action.now)
    new.seq += 1
    return new, events


def _restart_turn_timer(state: GameState, now: int) -> None:
    seconds = state.rules.turn_seconds
    active = not (state.match_over or state.round_over)
    state.turn_deadline = now + seconds * 1000 if seconds and active else None
