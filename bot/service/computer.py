"""Computer players: which one acts now, and what it does (bot.engine.ai), and how long it thinks first."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import Action, CallUno, Catch, Play, Slap
from bot.engine.ai import choose_action
from bot.engine.checks import jump_in_open
from bot.engine.state import GameState
from bot.service.document import GameDocument

# Computers catch an uncalled "UNO!" in one catch window out of CATCH_ONE_IN (all of them or none: with
# several computers seated, one of them would otherwise always catch), and they take longer to notice it than
# to make a move, so the player who forgot has a moment to call and people a chance to catch first.
CATCH_ONE_IN = 2
CATCH_THOUGHT = 2.0  # times a move's thinking time
# Computers slap one after another, each after its own thinking time, so with several of them the last ones
# came after the window had closed and drew for not slapping. A slap comes by its share of the time left
# (split among the computers still to slap), the last one this long before the window closes.
SLAP_MARGIN_MS = 500


@dataclass(frozen=True)
class Thinking:
    """How long a computer thinks before its next action: `times` a move's thinking time, but no later than
    the clock reads `by` (ms), if set."""

    times: float
    by: int | None = None


def computer_action(doc: GameDocument, state: GameState, now: int) -> tuple[int, Action] | None:
    """The next computer action at `now`: a slap first (its window lasts seconds), then a call of "UNO!" (a
    computer that jumped in down to one card could not call before its card, and the computer to move next
    would otherwise move, or catch it, first), then a jump-in, then the computer who must act, then the
    others' reflexes."""
    if state.match_over:
        return None
    actor = state.actor
    catching = computers_catch(state)
    order = sorted(doc.computers & set(state.players), key=lambda p: p != actor)
    chosen: list[tuple[int, Action]] = []
    for player in order:
        action = choose_action(state, player, catch=catching, now=now)
        if action is not None:
            chosen.append((player, action))
    slaps = [(player, action) for player, action in chosen if isinstance(action, Slap)]
    calls = [(player, action) for player, action in chosen if isinstance(action, CallUno)]
    # A jump-in comes before the move it interrupts (asked first, the computer to move always moved first).
    jumps = [(player, action) for player, action in chosen if player != actor and isinstance(action, Play)]
    return (slaps or calls or jumps or chosen or [None])[0]


def computers_catch(state: GameState) -> bool:
    """Whether computers catch in the catch window open now: decided once for the window (by its deadline, so
    the same on every read of the game, and no draw from the game's random numbers)."""
    window = state.catch_deadline or 0
    return (window * 2654435761 >> 12) % CATCH_ONE_IN == 0


def thinking_time(doc: GameDocument, state: GameState, player: int, action: Action, now: int) -> Thinking:
    """How long computer `player` thinks before `action`, chosen at `now`. Its own move while someone else
    may be caught takes as long as a catch: beginning a turn closes the catch window, and at a move's pace it
    closed within a second or two, before the one who forgot could call or anyone else catch them. So does
    every move or jump-in of its own while people may jump in."""
    if isinstance(action, Catch):
        return Thinking(CATCH_THOUGHT)
    if isinstance(action, Slap) and state.slap_deadline is not None:
        still = max(1, len(doc.computers & set(state.slap_pending)))
        share = (state.slap_deadline - SLAP_MARGIN_MS - now) // still
        return Thinking(1.0, now + max(0, share))
    playing = not isinstance(action, CallUno | Slap)  # a move of its own, or a jump-in
    if playing and (any(p != player for p in state.catchable_at(now)) or _people_may_jump_in(doc, state)):
        return Thinking(CATCH_THOUGHT)
    return Thinking(1.0)


def _people_may_jump_in(doc: GameDocument, state: GameState) -> bool:
    """A person holding the card just played may play theirs before the next move: at a move's pace a
    computer's move took that chance away within a second or two, too soon to see one's hand change and
    press. So a computer's move takes as long as a catch while jumping in is open, whatever anyone holds
    (the pace tells nothing); not after its own draw, during a colour choice or on a black card."""
    return jump_in_open(state) and any(p not in doc.computers for p in state.players)
