"""What one player may do now, grouped the way the hand keyboard shows it (from engine.legal_actions only)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.actions import (
    Accept,
    Action,
    CallUno,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Draw,
    Pass,
    Play,
    Slap,
)
from bot.engine.cards import Colour, Kind
from bot.engine.legal import legal_actions
from bot.engine.state import GameState

MAX_SELECTION = 8  # cards in one multi-play selection (what a PLAY button can carry)


@dataclass(frozen=True)
class Options:
    singles: frozenset[int]  # cards playable on their own (turn plays, stacking, jump-ins)
    multi_starts: frozenset[int]  # multi-play: playable cards with another card of their number in hand
    colours: tuple[Colour, ...]
    swap_targets: tuple[int, ...]
    draw: bool
    pass_turn: bool
    challenge: bool
    accept: bool
    uno: bool
    slap: bool


def options(state: GameState, player: int) -> Options:
    actions = legal_actions(state, player)
    plays = [a for a in actions if isinstance(a, Play)]
    singles = frozenset(a.card for a in plays if not a.extra)
    return Options(
        singles=singles,
        multi_starts=frozenset(a.card for a in plays if a.extra),
        colours=tuple(a.colour for a in actions if isinstance(a, ChooseColour)),
        swap_targets=tuple(a.target for a in actions if isinstance(a, ChooseSwap)),
        draw=_has(actions, Draw),
        pass_turn=_has(actions, Pass),
        challenge=_has(actions, Challenge),
        accept=_has(actions, Accept),
        uno=_has(actions, CallUno) and _worth_calling(state, player, singles),
        slap=_has(actions, Slap),
    )


def _worth_calling(state: GameState, player: int, singles: frozenset[int]) -> bool:
    """UNO! is called with two cards right before playing one of them: with none to play (only a draw, or a
    penalty to take) the button would mislead. With one card it may be called any time (RULES.md §5)."""
    return len(state.hands[player]) != 2 or bool(singles)


def _has(actions: list[Action], kind: type[Action]) -> bool:
    return any(isinstance(action, kind) for action in actions)


def selection_problem(state: GameState, player: int, selection: tuple[int, ...], opts: Options) -> str | None:
    """Why these cards, in this order, cannot be (the start of) a multi-play now, as a refusal reason (an
    engine Reason value); None when they can: the first card may start one, the others share its number."""
    if not state.rules.multi_play:
        return "multi_play_off"
    if not all(cid in state.hands.get(player, []) for cid in selection):
        return "card_not_in_hand"
    first, *others = selection
    if first not in opts.singles:
        return "card_not_playable"
    if (
        first not in opts.multi_starts
        or len(selection) > MAX_SELECTION
        or len(set(selection)) != len(selection)
    ):
        return "invalid_multi_play"
    if not all(_same_number(state, first, cid) for cid in others):
        return "invalid_multi_play"
    return None


def can_join(state: GameState, selection: tuple[int, ...], card: int) -> bool:
    """`card` may be added to a valid selection: another card of the same number, while there is room."""
    return (
        card not in selection and len(selection) < MAX_SELECTION and _same_number(state, selection[0], card)
    )


def _same_number(state: GameState, first: int, card: int) -> bool:
    candidate = state.card(card)
    return candidate.kind is Kind.NUMBER and candidate.number == state.card(first).number
