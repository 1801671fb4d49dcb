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
)
from bot.engine.cards import Colour
from bot.engine.legal import legal_actions
from bot.engine.state import GameState

MAX_MULTI_PLAYS = 24  # one button per (number, colour left on top); more would crowd the keyboard


@dataclass(frozen=True)
class Options:
    singles: frozenset[int]  # cards playable on their own (turn plays, stacking, jump-ins)
    multi_plays: tuple[Play, ...]  # multi-play: one per number and resulting top colour
    colours: tuple[Colour, ...]
    swap_targets: tuple[int, ...]
    draw: bool
    pass_turn: bool
    challenge: bool
    accept: bool
    uno: bool


def options(state: GameState, player: int) -> Options:
    actions = legal_actions(state, player)
    plays = [a for a in actions if isinstance(a, Play)]
    return Options(
        singles=frozenset(a.card for a in plays if not a.extra),
        multi_plays=_distinct_multi_plays(state, [a for a in plays if a.extra]),
        colours=tuple(a.colour for a in actions if isinstance(a, ChooseColour)),
        swap_targets=tuple(a.target for a in actions if isinstance(a, ChooseSwap)),
        draw=_has(actions, Draw),
        pass_turn=_has(actions, Pass),
        challenge=_has(actions, Challenge),
        accept=_has(actions, Accept),
        uno=_has(actions, CallUno),
    )


def _has(actions: list[Action], kind: type[Action]) -> bool:
    return any(isinstance(action, kind) for action in actions)


def _distinct_multi_plays(state: GameState, plays: list[Play]) -> tuple[Play, ...]:
    """The engine lists every first/last pair; what matters to a player is the number and final colour."""
    chosen: dict[tuple[int, Colour | None], Play] = {}
    for play in plays:
        last = state.card(play.extra[-1])
        chosen.setdefault((last.number, last.colour), play)
    return tuple(chosen.values())[:MAX_MULTI_PLAYS]


def selection_playable(state: GameState, player: int, selection: tuple[int, ...], opts: Options) -> bool:
    """A multi-play selection may be played: its first card is playable, all share one number, 2-8 cards."""
    if not state.rules.multi_play or not 2 <= len(set(selection)) == len(selection) <= 8:
        return False
    if selection[0] not in opts.singles:
        return False
    hand = state.hands.get(player, [])
    numbers = {state.card(cid).number for cid in selection}
    return len(numbers) == 1 and -1 not in numbers and all(cid in hand for cid in selection)
