"""Decoded game buttons to engine actions. The engine re-checks every action; this only translates."""

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
from bot.engine.cards import COLOURS
from bot.engine.checks import uno_call_allowed
from bot.engine.legal import legal_actions
from bot.engine.state import GameState, Stage
from bot.service import Intent, Refusal
from bot.service.penalty_answers import penalty_refusal
from bot.tg.callback_data import Action as Button
from bot.tg.callback_data import CallbackData

# Buttons that are engine moves; UNO!, Catch! and Slap! appear on the group's table too.
MOVES = frozenset(
    {
        Button.PLAY,
        Button.TRY,
        Button.DRAW,
        Button.PASS,
        Button.UNO,
        Button.CATCH,
        Button.CHALLENGE,
        Button.ACCEPT,
        Button.COLOUR,
        Button.SWAP,
        Button.SLAP,
    }
)
TABLE_MOVES = frozenset({Button.UNO, Button.CATCH, Button.SLAP})


def catch_on_stale(state: GameState, player: int, now: int) -> str | None:
    """Catch! pressed on an outdated table still catches whoever is catchable now. With nobody catchable it
    is refused, not punished as a false catch: the press answered a screen that has changed since (another
    catch won the race, the window closed). Only a press on the current table is a false catch (RULES.md
    §5)."""
    return None if _someone_catchable(state, player, now) else "nobody_to_catch"


def slap_on_stale(state: GameState, player: int, now: int) -> str | None:
    """Slap! pressed on an outdated hand (the player moved, or their turn's hand came, within the window's
    seconds) still slaps while the window waits for them. Else it says why: "use the newest message" would
    send them to a screen that has no Slap! any more."""
    if state.slap_deadline is None:
        return "no_slap_window"
    return None if player in state.slap_pending else "already_slapped"


def uno_on_stale(state: GameState, player: int, now: int) -> str | None:
    """UNO! pressed on an outdated table (a timer redrew it: the slap window closed) still calls while its
    presser can be caught: else a Catch! pressed after it on the same screen would win. When no newer screen
    offers UNO! (a double tap, a catch that came first), it says why rather than "use the newest message"."""
    if player in state.catchable_at(now):
        return None
    if player in state.uno_called:
        return "uno_already_called"
    return "stale" if uno_call_allowed(state, player) else "uno_too_late"


def _someone_catchable(state: GameState, player: int, now: int) -> bool:
    return any(p != player for p in state.catchable_at(now))


def _expired_window(state: GameState, now: int) -> bool:
    return bool(state.catchable) and not state.catchable_at(now)


def _no_card_now(state: GameState, player: int, now: int) -> str | None:
    """Why no card of the presser's can be played now, when the engine's reason would name answers they do not
    have ("First take the penalty, challenge it or add a card" to a +2 without stacking) or someone else
    ("Wait: a colour is being chosen" to its chooser). None: the engine says why."""
    if state.actor is None:  # between rounds: the last round's penalty stage stays, taken long since
        return None
    if state.decision is not None:
        return f"choose_{state.decision.value}_first" if state.decider == player else None
    if state.stage is not Stage.PENALTY or state.turn != player:
        return None
    if any(isinstance(move, Play) for move in legal_actions(state, player, now)):
        return None  # the engine says why this one cannot be added (bot.service.penalty_answers)
    return penalty_refusal(state, player, now)


def intent_of(data: CallbackData) -> Intent:
    def intent(state: GameState, player: int, now: int) -> Action:
        return engine_action(state, player, data, now)

    return intent


def engine_action(state: GameState, player: int, data: CallbackData, now: int) -> Action:
    """The engine action a press asks for; Refusal("unknown") for arguments that name nothing."""
    args = data.args
    match data.action:
        case Button.PLAY:
            first, *extra = args
            return Play(player, first, now, tuple(extra))
        case Button.TRY:  # a card the hand shows unplayable: the engine says why (or plays it, if it now can)
            reason = _no_card_now(state, player, now)
            if reason is not None:
                raise Refusal(reason)
            return Play(player, args[0], now)
        case Button.DRAW:
            return Draw(player, now)
        case Button.PASS:
            return Pass(player, now)
        case Button.UNO:
            if player in state.uno_called:  # a double tap: the hand pressed keeps its counter (progress.py)
                raise Refusal("uno_already_called")
            return CallUno(player, now)
        case Button.CATCH:
            if player in state.catchable_at(now) and not _someone_catchable(state, player, now):
                raise Refusal("catch_yourself")  # a slip for UNO! next to it: no false catch for that
            if not _someone_catchable(state, player, now) and (
                not state.rules.false_catch_penalty or _expired_window(state, now)
            ):
                # A false catch that costs nothing is not worth a move; nor is a catch the table still offers
                # whose time ran out a moment ago (its timer has yet to redraw the table): not a false catch.
                raise Refusal("nobody_to_catch")
            return Catch(player, now)
        case Button.CHALLENGE:
            return Challenge(player, now)
        case Button.ACCEPT:
            return Accept(player, now)
        case Button.SLAP:
            return Slap(player, now)
        case Button.COLOUR if args[0] < len(COLOURS):
            return ChooseColour(player, COLOURS[args[0]], now)
        case Button.SWAP if args[0] < len(state.players):
            return ChooseSwap(player, state.players[args[0]], now)
    raise Refusal("unknown")
