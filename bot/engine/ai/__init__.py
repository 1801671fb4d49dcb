"""Computer players: a deterministic heuristic that picks one of `legal_actions` for a player.

Pure: it reads the state and never changes it. Ties are broken by fixed orders and the "sometimes" choices
(jumping in with a number card, bluffing a Wild Draw Four where it pays, forgetting "UNO!") by a hash of state
fields (`chance.py`), so the same state always gives the same answer. Challenging, it judges a person by
HUMAN_BLUFF_RATE and another computer player (negative ids, the adapter's convention) by the way it bluffs
itself.

Usage: `action = choose_action(state, player_id, now=now_ms)` with the time it is applied at (default
`state.clock`); the action carries it, as legal_actions stamps it, and a catch window whose deadline has
passed by then is not caught into. Ask every computer player after each applied action: besides its own
turns it slaps, calls "UNO!", catches and jumps in.

One module a part: `reflexes.py` (slap, call "UNO!" or forget to, catch), `card_choice.py` (the card played,
drawn or passed, in turn or jumping in; `card_values.py` what a card is worth), `decisions.py` (a black
card's colour, a 7's swap), `bluffs.py` and `challenges.py` (the Wild Draw Four's bluff and challenge). They
import each other relatively: bench.ai_duel loads an earlier commit's package beside today's.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.actions import Action, CallUno, Play
from bot.engine.legal import legal_actions
from bot.engine.state import GameState, Stage

from .bluffs import BLUFF_ONE_IN
from .card_choice import after_draw, answer_penalty, jump_in, take_turn
from .challenges import guilt_odds
from .decisions import decide
from .hands import cards
from .reflexes import FORGET_UNO_ONE_IN, forgets_uno, may_forget, reflex

__all__ = ["BLUFF_ONE_IN", "FORGET_UNO_ONE_IN", "choose_action", "forgets_uno", "guilt_odds"]


def choose_action(
    state: GameState, player_id: int, catch: bool = True, now: int | None = None
) -> Action | None:
    """What the computer player `player_id` does at `now`; None when it has nothing to do (or wants to wait).
    `catch`: whether it catches a player who did not call "UNO!" (else it lets them be)."""
    legal = legal_actions(state, player_id, now)
    if not legal:
        return None
    reflexed = reflex(state, player_id, legal, catch)
    if reflexed is not None:
        return reflexed
    move = _move(state, player_id, legal)
    call = next((a for a in legal if isinstance(a, CallUno)), None)
    if call is not None and isinstance(move, Play):
        played = {move.card, *move.extra}
        kept = [cid for cid in state.hands[player_id] if cid not in played]
        laid = [state.top, *cards(state, [move.card, *move.extra])]
        if len(kept) == 1 and not (may_forget(state, laid) and forgets_uno(state, player_id, kept[0])):
            return call  # "UNO!" before the card that leaves one
    return move


def _move(state: GameState, me: int, legal: Sequence[Action]) -> Action | None:
    if state.decision is not None:
        return decide(state, me, legal) if state.decider == me else None
    if state.turn != me:
        return jump_in(state, me, legal)
    if state.stage is Stage.PENALTY:
        return answer_penalty(state, me, legal)
    if state.stage is Stage.DRAWN:
        return after_draw(state, me, legal)
    return take_turn(state, me, legal)
