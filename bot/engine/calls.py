"""The "UNO!" call and the catch-out."""

from __future__ import annotations

from bot.engine.actions import CallUno, Catch
from bot.engine.checks import uno_call_allowed
from bot.engine.drawing import draw_cards
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import Caught, DrawReason, Event, FalseCatch, UnoCalled
from bot.engine.state import GameState
from bot.engine.turns import close_catch_window, no_longer_catchable, require_seated


def call_uno(state: GameState, events: list[Event], action: CallUno) -> None:
    player = action.player
    require_seated(state, player)
    if not uno_call_allowed(state, player):
        raise IllegalAction(Reason.CANNOT_CALL_UNO)
    state.uno_called.append(player)
    no_longer_catchable(state, player)
    events.append(UnoCalled(player))


def catch(state: GameState, events: list[Event], action: Catch) -> None:
    """Catch everyone in an open window; with nobody catchable it is a false catch."""
    catcher = action.player
    require_seated(state, catcher)
    if state.catchable and not state.catchable_at(action.now):
        close_catch_window(state, events)  # its time ran out before this press; the Timeout had yet to come
    targets = [player for player in state.catchable if player != catcher]
    if not targets:
        events.append(FalseCatch(catcher))
        if state.rules.false_catch_penalty:
            draw_cards(state, events, catcher, state.rules.false_catch_penalty, DrawReason.FALSE_CATCH)
        return
    for target in targets:
        events.append(Caught(catcher, target))
        draw_cards(state, events, target, state.rules.uno_penalty, DrawReason.UNO)
        if target in state.catchable:  # nothing left to draw: the window still closes for them
            state.catchable.remove(target)
    if not state.catchable:
        state.catch_deadline = None
