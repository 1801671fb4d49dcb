"""The refusal of a press made while someone chooses a colour or whom to swap hands with: the engine's
reason ("Wait: a colour or a swap is being chosen") named neither who chooses nor what, which the presser
wants to know; the one who takes the draw card's penalty after it reads what comes then."""

from __future__ import annotations

from bot.engine.state import DecisionKind, GameState
from bot.service.errors import Refusal
from bot.service.penalty_answers import colour_first_refusal

_BEING_CHOSEN = {DecisionKind.COLOUR: "colour_being_chosen", DecisionKind.SWAP: "swap_being_chosen"}


def decision_refusal(state: GameState, player: int, now: int) -> Refusal | None:
    """The refusal for `player`, who pressed while another player chooses; None when nobody else does."""
    chooser = state.decider
    if state.decision is None or chooser is None or chooser == player:
        return None
    return colour_first_refusal(state, player, now) or Refusal(
        _BEING_CHOSEN[state.decision], {"name": chooser}
    )
