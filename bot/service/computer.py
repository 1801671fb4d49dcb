"""Computer players: which one acts now, and what it does (bot.engine.ai)."""

from __future__ import annotations

from bot.engine.actions import Action, Catch
from bot.engine.ai import choose_action
from bot.engine.state import GameState
from bot.service.document import GameDocument

# A computer who is not to move catches an uncalled "UNO!" only some of the time, so people get a chance.
CATCH_ONE_IN = 2


def computer_action(doc: GameDocument, state: GameState) -> tuple[int, Action] | None:
    """The next computer action: the computer who must act first, then the others' reflexes."""
    if state.match_over:
        return None
    actor = state.actor
    order = sorted(doc.computers & set(state.players), key=lambda p: p != actor)
    for player in order:
        action = choose_action(state, player)
        if action is None:
            continue
        if isinstance(action, Catch) and player != actor and (state.seq + player) % CATCH_ONE_IN:
            continue
        return player, action
    return None
