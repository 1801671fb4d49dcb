"""The refusal of a press that does not answer the penalty its presser faces (a draw, a pass, a card that
cannot be added), naming only the answers they have: the engine's reason for it ("First take the penalty,
challenge it or add a card") named a challenge to a +2, and a card to add where none could be."""

from __future__ import annotations

from bot.engine.actions import Challenge, Play
from bot.engine.errors import Reason
from bot.engine.legal import legal_actions
from bot.engine.state import GameState

# (a card can be added, the card can be challenged) -> the refusal; taking the penalty is always possible
_REASONS = {
    (False, False): "penalty_take",
    (False, True): "penalty_take_or_challenge",
    (True, False): "penalty_take_or_add",
    (True, True): Reason.PENALTY_PENDING.value,
}


def penalty_refusal(state: GameState, player: int, now: int) -> str:
    """The refusal for `player`, who faces a penalty and pressed something that does not answer it."""
    moves = legal_actions(state, player, now)
    add = any(isinstance(move, Play) for move in moves)
    challenge = any(isinstance(move, Challenge) for move in moves)
    return _REASONS[add, challenge]
