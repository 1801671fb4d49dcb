"""Computer players: which one acts now, and what it does (bot.engine.ai)."""

from __future__ import annotations

from bot.engine.actions import Action, Catch, Slap
from bot.engine.ai import choose_action
from bot.engine.state import GameState
from bot.service.document import GameDocument

# A computer who is not to move catches an uncalled "UNO!" only some of the time, so people get a chance.
CATCH_ONE_IN = 2


def computer_action(doc: GameDocument, state: GameState) -> tuple[int, Action] | None:
    """The next computer action: a slap first (its window lasts seconds), then the computer who must act,
    then the others' reflexes."""
    if state.match_over:
        return None
    actor = state.actor
    order = sorted(doc.computers & set(state.players), key=lambda p: p != actor)
    chosen: list[tuple[int, Action]] = []
    for player in order:
        action = choose_action(state, player)
        if action is None:
            continue
        if isinstance(action, Catch) and player != actor and (state.seq + player) % CATCH_ONE_IN:
            continue
        chosen.append((player, action))
    slaps = [(player, action) for player, action in chosen if isinstance(action, Slap)]
    return (slaps or chosen or [None])[0]
