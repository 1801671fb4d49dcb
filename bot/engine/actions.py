"""Actions: what players (and the adapter's timers) ask the engine to do. Every action carries `now` (ms).

Not frozen (a frozen dataclass is ~4x slower to build; legal_actions builds many): treat them as immutable.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine.cards import Colour


@dataclass(slots=True, unsafe_hash=True)
class Play:
    """Play `card`; with multi-play, `extra` are further cards of the same number (the last sets the colour).
    Played out of turn it is a jump-in. `colour` may name the colour for a black card at once (saving the
    ChooseColour step); legal_actions lists plays without it."""

    player: int
    card: int
    now: int = 0
    extra: tuple[int, ...] = ()
    colour: Colour | None = None


@dataclass(slots=True, unsafe_hash=True)
class Draw:
    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Pass:
    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ChooseColour:
    player: int
    colour: Colour
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class ChooseSwap:
    """7-0: the player who played a 7 picks whom to swap hands with."""

    player: int
    target: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Challenge:
    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Accept:
    """Take the pending penalty (draw it and lose the turn)."""

    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class CallUno:
    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Catch:
    """Catch every player who is in an open catch window (a false catch costs `false_catch_penalty`)."""

    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Slap:
    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class BreakSilence:
    """The adapter saw this player post in the group while seven-silence was on."""

    player: int
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class Leave:
    """The player leaves or is removed; their cards go under the draw pile."""

    player: int
    now: int = 0


class TimeoutKind(StrEnum):
    TURN = "turn"
    CATCH = "catch"
    SLAP = "slap"
    NEXT_ROUND = "next_round"


@dataclass(slots=True, unsafe_hash=True)
class Timeout:
    """Sent by the adapter when a deadline of the state has passed; refused (TIMEOUT_NOT_DUE) otherwise."""

    kind: TimeoutKind
    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class RestartTurnTimer:
    """Sent by the adapter when the turn player is told of their turn only now (the message telling them
    was lost to a restart): the turn's time starts again. Refused (TIMEOUT_NOT_DUE) when no timer runs."""

    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class RestartCatchTimer:
    """Sent by the adapter when the group is shown the catch window open only now (the table telling it was
    held back): the window's time starts again. Refused (TIMEOUT_NOT_DUE) when no catch window is open."""

    now: int = 0


@dataclass(slots=True, unsafe_hash=True)
class GiveTimeBack:
    """Sent by the adapter when the bot could reach neither Telegram nor its database from `since` for `ms`
    (nobody could see the table or press): the deadlines that were running then stand still for that long.
    Refused (TIMEOUT_NOT_DUE) when none was. A negative `ms`: the clock was set back that much at `since`;
    the game's clock moves back with them, and it is never refused."""

    since: int
    ms: int
    now: int = 0


Action = (
    Play
    | Draw
    | Pass
    | ChooseColour
    | ChooseSwap
    | Challenge
    | Accept
    | CallUno
    | Catch
    | Slap
    | BreakSilence
    | Leave
    | Timeout
    | RestartTurnTimer
    | RestartCatchTimer
    | GiveTimeBack
)
ACTION_TYPES: tuple[type[Action], ...] = (
    Play,
    Draw,
    Pass,
    ChooseColour,
    ChooseSwap,
    Challenge,
    Accept,
    CallUno,
    Catch,
    Slap,
    BreakSilence,
    Leave,
    Timeout,
    RestartTurnTimer,
    RestartCatchTimer,
    GiveTimeBack,
)
