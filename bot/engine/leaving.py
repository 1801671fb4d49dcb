"""A player leaves or is removed mid-round: cards go under the draw pile; nothing is left waiting on them.

A penalty waiting on them (a +2, a +4, a chain) is void, and said so: RULES.md is silent, and handing it to
the next player would punish one the card was not aimed at. A challenge of the leaver's card stands: a bluff's
cards are void too (`moves.challenge`)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.actions import Leave
from bot.engine.events import CatchWindowClosed, ColourChosen, Event, PenaltyVoided, PlayerLeft, SilenceEnded
from bot.engine.extreme import resolve_slap
from bot.engine.moves import most_held_colour
from bot.engine.scoring import finish_match
from bot.engine.state import DecisionKind, GameState, Stage
from bot.engine.turns import give_turn, require_seated


def leave(state: GameState, events: list[Event], action: Leave) -> None:
    require_seated(state, action.player)
    remove_player(state, events, action.player, afk=False)


def remove_player(state: GameState, events: list[Event], player: int, afk: bool) -> None:
    events.append(PlayerLeft(player, afk))
    if _penalty_waits_on(state, player) and len(state.players) > 2:  # the last one left wins: nothing void
        events.append(PenaltyVoided(player, state.penalty))
    if state.decision is not None and state.decider == player:
        if state.decision is DecisionKind.COLOUR:
            state.colour = most_held_colour(state, player)
            events.append(ColourChosen(player, state.colour, for_leaver=True))
        state.decision = None
        state.decider = None
    if state.challenge is not None and state.challenge.player == player:  # the bluff may still be challenged
        state.challenge = replace(state.challenge, held_on_leaving=len(state.hands[player]))
    seats = state.players
    was_turn = state.turn == player
    following = state.next_player(player)
    if state.dealer == player:
        state.dealer = seats[seats.index(player) - 1]
    seats.remove(player)
    state.writable_draw_pile()[:0] = state.hands.pop(player)
    state.afk.pop(player, None)
    _forget_windows(state, events, player)
    if len(seats) == 1:
        finish_match(state, events, list(seats))
        return
    if was_turn:
        state.challenge = None
        state.chain = 0
        state.skip_chain = 0
        give_turn(state, following)


def _penalty_waits_on(state: GameState, player: int) -> bool:
    """Whether `player` is to draw a penalty, maybe once its card's colour is chosen (a round just ended has
    drawn its last card's penalty already)."""
    return state.turn == player and state.stage is Stage.PENALTY and not state.round_over


def _forget_windows(state: GameState, events: list[Event], player: int) -> None:
    if player in state.uno_called:
        state.uno_called.remove(player)
    if player in state.catchable:
        state.catchable.remove(player)
        if not state.catchable:
            state.catch_deadline = None
            events.append(CatchWindowClosed())
    if state.silence_holder == player:
        state.silence_holder = None
        events.append(SilenceEnded())
    # A leaver stays in `slapped`: if they slapped last, nobody else becomes the last to slap.
    if player in state.slap_pending:
        state.slap_pending.remove(player)
        if not state.slap_pending:
            resolve_slap(state, events)
