"""UNO Extreme's group reflexes: the zero slap and the seven silence."""

from __future__ import annotations

from bot.engine.actions import BreakSilence, Slap
from bot.engine.drawing import draw_cards
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import DrawReason, Event, SilenceBroken, Slapped, SlapStarted
from bot.engine.state import GameState
from bot.engine.turns import require_seated

SLAP_PENALTY = 4
SILENCE_PENALTY = 4


def open_slap_window(state: GameState, events: list[Event], now: int) -> None:
    """After a 0 everyone must slap; a new 0 restarts an open window."""
    state.slap_pending = list(state.players)
    state.slapped = []
    state.slap_deadline = now + state.rules.slap_seconds * 1000
    events.append(SlapStarted(state.slap_deadline))


def close_slap_window(state: GameState) -> None:
    state.slap_pending = []
    state.slapped = []
    state.slap_deadline = None


def slap(state: GameState, events: list[Event], action: Slap) -> None:
    require_seated(state, action.player)
    if state.slap_deadline is None:
        raise IllegalAction(Reason.NO_SLAP_WINDOW)
    if action.player not in state.slap_pending:
        raise IllegalAction(Reason.ALREADY_SLAPPED)
    state.slap_pending.remove(action.player)
    state.slapped.append(action.player)
    events.append(Slapped(action.player))
    if not state.slap_pending:
        resolve_slap(state, events)


def resolve_slap(state: GameState, events: list[Event]) -> None:
    """The last to slap and everyone who did not slap draw 4 (RULES.md §7, zero_slap); the last, told apart
    when nobody else slapped."""
    alone = DrawReason.SLAP_ALONE if len(state.slapped) == 1 else DrawReason.SLAP
    last = [(player, alone) for player in state.slapped[-1:]]
    missed = [(player, DrawReason.NO_SLAP) for player in state.slap_pending]
    close_slap_window(state)
    for player, reason in (*last, *missed):
        if player in state.hands:
            draw_cards(state, events, player, SLAP_PENALTY, reason)


def break_silence(state: GameState, events: list[Event], action: BreakSilence) -> None:
    require_seated(state, action.player)
    if state.silence_holder is None:
        raise IllegalAction(Reason.NO_SILENCE)
    state.silence_holder = None
    events.append(SilenceBroken(action.player))
    draw_cards(state, events, action.player, SILENCE_PENALTY, DrawReason.SILENCE)
