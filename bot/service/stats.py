"""Per-player counters for results rows, computed from the engine's events."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from bot.engine.events import CardPlayed, CardsDrawn, Caught, Challenged, Event, TimedOut, UnoCalled


@dataclass(frozen=True, slots=True)
class PlayerStats:
    cards_played: int = 0
    cards_drawn: int = 0
    uno_calls: int = 0
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    timeouts: int = 0

    def to_dict(self) -> dict[str, int]:
        # not `asdict`: it deep-copies each count, and a game's every save writes each player's (~1.5 % of the
        # bot's CPU a move)
        return {name: getattr(self, name) for name in _COUNTS}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerStats:
        return cls(**{f.name: int(data.get(f.name, 0)) for f in fields(cls)})


_COUNTS = tuple(f.name for f in fields(PlayerStats))


def _bump(stats: dict[int, PlayerStats], player: int, **counts: int) -> None:
    current = stats.get(player, PlayerStats())
    stats[player] = replace(current, **{name: getattr(current, name) + n for name, n in counts.items()})


def tally(stats: dict[int, PlayerStats], event: Event) -> None:
    """Count one event into `stats` (mutated in place; callers pass a copy)."""
    if isinstance(event, CardPlayed):
        _bump(stats, event.player, cards_played=1)
    elif isinstance(event, CardsDrawn):
        _bump(stats, event.player, cards_drawn=event.count)
    elif isinstance(event, UnoCalled):
        _bump(stats, event.player, uno_calls=1)
    elif isinstance(event, Caught):
        _bump(stats, event.catcher, catches_made=1)
        _bump(stats, event.target, catches_suffered=1)
    elif isinstance(event, Challenged):
        if event.guilty:
            _bump(stats, event.challenger, challenges_won=1)
        else:
            _bump(stats, event.challenger, challenges_lost=1)
    elif isinstance(event, TimedOut):
        _bump(stats, event.player, timeouts=1)
