"""Deadlines passing: the engine acts for an idle player (RULES.md section 8), closes windows, counts AFK."""

from __future__ import annotations

from bot.engine.actions import (
    Accept,
    ChooseColour,
    ChooseSwap,
    Draw,
    GiveTimeBack,
    Pass,
    Play,
    Timeout,
    TimeoutKind,
)
from bot.engine.checks import fairly_playable
from bot.engine.errors import IllegalAction, Reason
from bot.engine.events import Event, TimedOut
from bot.engine.extreme import resolve_slap
from bot.engine.leaving import remove_player
from bot.engine.moves import accept, choose_colour, choose_swap, draw, most_held_colour, pass_turn
from bot.engine.play import play
from bot.engine.scoring import next_round
from bot.engine.state import DecisionKind, GameState, Pending, Stage
from bot.engine.turns import close_catch_window


def timeout(state: GameState, events: list[Event], action: Timeout) -> None:
    now = action.now
    if action.kind is TimeoutKind.CATCH:
        _require_due(state.catch_deadline, now)
        close_catch_window(state, events)
    elif action.kind is TimeoutKind.NEXT_ROUND:
        _require_due(state.next_round_deadline, now)
        next_round(state, events, now)
    elif action.kind is TimeoutKind.SLAP:
        _require_due(state.slap_deadline, now)
        resolve_slap(state, events)
    else:
        _require_due(state.turn_deadline, now)
        actor = state.actor
        assert actor is not None
        state.afk[actor] = state.afk.get(actor, 0) + 1
        covering = state.pending is Pending.COVER
        events.append(TimedOut(actor, TimeoutKind.TURN, state.afk[actor], covering))
        if state.afk[actor] >= state.rules.afk_limit:
            remove_player(state, events, actor, afk=True)
        else:
            act_for(state, events, actor, now)


def give_time_back(state: GameState, events: list[Event], action: GiveTimeBack) -> None:
    """The deadlines running when the outage began, and set before it, move on by its length: the turn's
    when its timer started before (a move handled since gave the next player a whole turn), the windows'
    when nothing happened in the game since. A negative `ms`, the clock set back that much at `since`, moves
    back those set before it, the ones already due by the clock then too, and the game's clock (`apply` keeps
    it so): a move's time taken from it would otherwise be that much ahead, and so would the deadline set."""
    back = action.ms < 0
    shifted = back
    turn_ms = state.rules.turn_seconds * 1000
    turn = state.turn_deadline
    if turn is not None and (turn > action.since or back) and turn - turn_ms <= action.since:
        state.turn_deadline = turn + action.ms
        shifted = True
    if state.clock <= action.since:
        for name in ("catch_deadline", "slap_deadline", "next_round_deadline"):
            deadline = getattr(state, name)
            if deadline is not None and (deadline > action.since or back):
                setattr(state, name, deadline + action.ms)
                shifted = True
    if back:
        state.clock += action.ms
    if not shifted:
        raise IllegalAction(Reason.TIMEOUT_NOT_DUE)


def _require_due(deadline: int | None, now: int) -> None:
    if deadline is None or now < deadline:
        raise IllegalAction(Reason.TIMEOUT_NOT_DUE)


def act_for(state: GameState, events: list[Event], player: int, now: int) -> None:
    """The player's whole turn (RULES.md section 8), so that one missed turn is one timeout: a pending colour
    is the colour held most (a start card's Wild: then the turn as below), a swap the smallest hand, a penalty
    is accepted; else draw and pass (a playable drawn card is played only under force_play). An 8 to cover,
    the timeout's own included, is covered by the first legal card, drawing until able."""
    # A decider who is not the turn player owes only the decision: their move is made, the turn handed on.
    owes_turn = state.turn == player
    _settle_decisions(state, events, player, now)
    if not (owes_turn and _still_moving(state, player)):
        return
    if state.stage is Stage.PENALTY:
        accept(state, events, Accept(player, now))
    elif not state.cover:
        if state.stage is Stage.PLAY:
            draw(state, events, Draw(player, now))
        if _still_moving(state, player) and state.stage is Stage.DRAWN:
            drawn = state.drawn_card
            assert drawn is not None
            if state.rules.force_play and fairly_playable(state, player, drawn):
                play(state, events, Play(player, drawn, now))
            else:
                pass_turn(state, events, Pass(player, now))
    # Ends: each cover plays a card, and drawing to cover never reshuffles the discards.
    while _still_moving(state, player) and state.cover:
        if not _play_first_legal(state, events, player, now):
            draw(state, events, Draw(player, now))
    _settle_decisions(state, events, player, now)


def _still_moving(state: GameState, player: int) -> bool:
    return not state.match_over and state.turn == player and state.decision is None


def _play_first_legal(state: GameState, events: list[Event], player: int, now: int) -> bool:
    for cid in state.hands[player]:
        if fairly_playable(state, player, cid):
            play(state, events, Play(player, cid, now))
            return True
    return False


def _settle_decisions(state: GameState, events: list[Event], player: int, now: int) -> None:
    while not state.match_over and state.decision is not None and state.decider == player:
        if state.decision is DecisionKind.COLOUR:
            colour = most_held_colour(state, player)
            choose_colour(state, events, ChooseColour(player, colour, now), for_timeout=True)
        else:
            others = [p for p in state.players if p != player]
            target = min(others, key=lambda p: (len(state.hands[p]), others.index(p)))
            choose_swap(state, events, ChooseSwap(player, target, now))
