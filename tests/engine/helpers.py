"""Building game states by hand for table-driven rule tests."""

from __future__ import annotations

from typing import Any

from bot.engine import (
    Action,
    Colour,
    Event,
    GameState,
    Rules,
    apply,
    deck_cards,
    find_card,
    legal_actions,
    state_from_json,
    state_to_json,
)


def given(
    hands: dict[int, str],
    top: str,
    *,
    rules: Rules | None = None,
    turn: int | None = None,
    colour: Colour | None = None,
    draw: str = "",
    under: str = "",
    **fields: Any,
) -> GameState:
    """A round in progress: `hands` by card codes in seat order, `top` card, `draw` = the next cards drawn
    (first listed first), `under` = discards below the top. Remaining cards fill the draw pile below `draw`
    (the low red numbers come first, so extra draws are predictable)."""
    rules = rules or Rules()
    used: set[int] = set()

    def take(code: str) -> int:
        card = find_card(rules.deck, code, frozenset(used))
        used.add(card.id)
        return card.id

    hand_ids = {player: [take(code) for code in codes.split()] for player, codes in hands.items()}
    discard = [take(code) for code in under.split()] + [take(top)]
    next_draws = [take(code) for code in draw.split()]
    rest = [card.id for card in reversed(deck_cards(rules.deck)) if card.id not in used]
    players = list(hands)
    state = GameState(
        rules=rules,
        seed=7,
        players=players,
        scores=dict.fromkeys(players, 0),
        dealer=players[-1],
        round_no=1,
        hands=hand_ids,
        draw_pile=rest + next_draws[::-1],
        discard=discard,
        colour=colour or deck_cards(rules.deck)[discard[-1]].colour,
        turn=players[0] if turn is None else turn,
    )
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def act(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order, checking each is listed by legal_actions and the input state is untouched."""
    events: list[Event] = []
    for action in actions:
        before = state_to_json(state)
        player = getattr(action, "player", None)
        if player is not None:
            assert action in legal_actions(state, player, action.now), (action, legal_actions(state, player))
        previous = state
        state, new_events = apply(state, action)
        assert state_to_json(previous) == before, "apply mutated its input"
        assert state_from_json(state_to_json(state)) == state
        events += new_events
    return state, events


def codes(state: GameState, player: int) -> list[str]:
    return [state.card(cid).code for cid in state.hands[player]]


def card_id(state: GameState, player: int, code: str) -> int:
    """Id of a card with this code in the player's hand."""
    for cid in state.hands[player]:
        if state.card(cid).code == code:
            return cid
    raise AssertionError(f"{code} not in hand of {player}: {codes(state, player)}")


def kinds(events: list[Event]) -> list[str]:
    return [type(event).__name__ for event in events]


def total_cards(state: GameState) -> int:
    return sum(len(hand) for hand in state.hands.values()) + len(state.draw_pile) + len(state.discard)
