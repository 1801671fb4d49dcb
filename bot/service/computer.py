"""Computer players: which one acts now, and what it does.

The policy is bot.engine.ai.choose_action (branch `ai`); until that module is merged, a computer plays the
first legal move on its own turn and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.actions import Action, Catch
from bot.engine.legal import legal_actions
from bot.engine.state import GameState
from bot.service.document import GameDocument

Policy = Callable[[GameState, int], Action | None]

# A computer who is not to move catches an uncalled "UNO!" only some of the time, so people get a chance.
CATCH_ONE_IN = 2


def first_legal(state: GameState, player: int) -> Action | None:
    if state.actor != player:
        return None
    return next((a for a in legal_actions(state, player) if not isinstance(a, Catch)), None)


def _policy() -> Policy:
    try:
        from bot.engine.ai import choose_action  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return first_legal
    policy: Policy = choose_action
    return policy


POLICY = _policy()


def computer_action(
    doc: GameDocument, state: GameState, policy: Policy = POLICY
) -> tuple[int, Action] | None:
    """The next computer action: the computer who must act first, then the others' reflexes."""
    if state.match_over:
        return None
    actor = state.actor
    order = sorted(doc.computers & set(state.players), key=lambda p: p != actor)
    for player in order:
        action = policy(state, player)
        if action is None:
            continue
        if isinstance(action, Catch) and player != actor and (state.seq + player) % CATCH_ONE_IN:
            continue
        return player, action
    return None
