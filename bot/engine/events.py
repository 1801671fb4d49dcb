"""Events: what happened, for the adapter to narrate. All are frozen dataclasses that round-trip through JSON.

`CardsDrawn.cards` are private to the drawer: narrate only `count` to the table.
`Challenged.hand` is private to the challenger. Not frozen, for speed: treat them as immutable.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour


class DrawReason(StrEnum):
    TURN = "turn"
    PENALTY = "penalty"
    CHALLENGE = "challenge"
    UNO = "uno"
    FALSE_CATCH = "false_catch"
    CREEPER = "creeper"
    DOWNPOUR = "downpour"
    SLAP = "slap"  # the last to slap
    SLAP_ALONE = "slap_alone"  # the only one to slap: the last too (RULES.md §7, zero_slap)
    NO_SLAP = "no_slap"  # did not slap in time
    SILENCE = "silence"
    START = "start"
    COVER = "cover"


@dataclass(slots=True)
class DealerDraw:
    player: int
    card: int
    attempt: int


@dataclass(slots=True)
class DealerChosen:
    player: int


@dataclass(slots=True)
class RoundStarted:
    round_no: int
    dealer: int
    first_player: int
    start_card: int


@dataclass(slots=True)
class StartCardReturned:
    card: int


@dataclass(slots=True)
class CardPlayed:
    player: int
    card: int
    jump_in: bool = False


@dataclass(slots=True)
class CardsDrawn:
    player: int
    count: int
    cards: tuple[int, ...]
    reason: DrawReason
    due: int = 0  # the cards it was to take, when the piles had fewer (0: it took them all)
    # the drawer had called "UNO!", a call these cards took back: the table hides it with a draw it keeps
    # untold (bot.tg.render.untold_draw)
    uno_taken_back: bool = False
    # the drawer's own catch window, which these cards closed (RULES.md §5: back up to two cards, they can no
    # longer be caught): the table's Catch! line goes at once, so the table tells the draw at once too
    catch_closed: bool = False


@dataclass(slots=True)
class Passed:
    player: int


@dataclass(slots=True)
class ColourChosen:
    player: int
    colour: Colour
    for_leaver: bool = False  # set for a player who left while choosing: the colour they held most
    for_timeout: bool = False  # set when their turn ran out while choosing: the colour they held most


@dataclass(slots=True)
class UnoCalled:
    player: int


@dataclass(slots=True)
class Caught:
    catcher: int
    target: int


@dataclass(slots=True)
class FalseCatch:
    player: int


@dataclass(slots=True)
class CatchWindowClosed:
    pass


@dataclass(slots=True)
class Challenged:
    challenger: int
    challenged: int
    guilty: bool
    hand: tuple[int, ...]


@dataclass(slots=True)
class CardReturned:
    """Extreme challenge: a guilty player takes the black card back."""

    player: int
    card: int


@dataclass(slots=True)
class ColourReverted:
    """Extreme challenge: a caught bluff's colour is undone, its card staying on the pile (its player left, or
    the pile was reshuffled since): the colour in force before it is back."""

    colour: Colour


@dataclass(slots=True)
class Skipped:
    player: int


@dataclass(slots=True)
class DirectionChanged:
    direction: int


@dataclass(slots=True)
class CoverRequired:
    player: int


@dataclass(slots=True)
class HandsSwapped:
    player: int
    target: int


@dataclass(slots=True)
class HandsRotated:
    direction: int
    hands: int = 0  # how many passed on (two: a swap); 0 in a log stored before it was kept


@dataclass(slots=True)
class CreeperRevealed:
    player: int
    card: int


@dataclass(slots=True)
class Downpour:
    player: int
    count: int
    short: bool = False  # the cards ran out before everyone else had their count


@dataclass(slots=True)
class SlapStarted:
    deadline: int


@dataclass(slots=True)
class Slapped:
    player: int


@dataclass(slots=True)
class SilenceStarted:
    player: int


@dataclass(slots=True)
class SilenceEnded:
    pass


@dataclass(slots=True)
class SilenceBroken:
    player: int


@dataclass(slots=True)
class TimedOut:
    player: int
    kind: TimeoutKind
    missed: int = 1  # the player's turns missed in a row, this one included (afk_limit removes them)
    covering: bool = False  # an 8 they played was still to cover (eight_cover): only that ran out of time


@dataclass(slots=True)
class PlayerLeft:
    player: int
    afk: bool = False


@dataclass(slots=True)
class PenaltyVoided:
    """The cards a leaver was to draw (a +2, +4 or chain on them, or a bluff of theirs challenged after they
    left): nobody takes them, and play goes on."""

    player: int
    count: int


@dataclass(slots=True)
class Reshuffled:
    count: int


@dataclass(slots=True)
class RoundEnded:
    """`hand_points`: what each hand was worth; `scored`: what each player gained; `totals`: match totals;
    `lone_zeros`: the players whose hand was a single 0 counted as 100 (lone_zero_100)."""

    round_no: int
    winner: int
    hand_points: dict[int, int]
    scored: dict[int, int]
    totals: dict[int, int]
    stalled: bool = False
    lone_zeros: tuple[int, ...] = ()


@dataclass(slots=True)
class MatchEnded:
    winners: tuple[int, ...]
    totals: dict[int, int]


Event = (
    DealerDraw
    | DealerChosen
    | RoundStarted
    | StartCardReturned
    | CardPlayed
    | CardsDrawn
    | Passed
    | ColourChosen
    | UnoCalled
    | Caught
    | FalseCatch
    | CatchWindowClosed
    | Challenged
    | CardReturned
    | ColourReverted
    | Skipped
    | DirectionChanged
    | CoverRequired
    | HandsSwapped
    | HandsRotated
    | CreeperRevealed
    | Downpour
    | SlapStarted
    | Slapped
    | SilenceStarted
    | SilenceEnded
    | SilenceBroken
    | TimedOut
    | PlayerLeft
    | PenaltyVoided
    | Reshuffled
    | RoundEnded
    | MatchEnded
)
EVENT_TYPES: tuple[type[Event], ...] = (
    DealerDraw,
    DealerChosen,
    RoundStarted,
    StartCardReturned,
    CardPlayed,
    CardsDrawn,
    Passed,
    ColourChosen,
    UnoCalled,
    Caught,
    FalseCatch,
    CatchWindowClosed,
    Challenged,
    CardReturned,
    ColourReverted,
    Skipped,
    DirectionChanged,
    CoverRequired,
    HandsSwapped,
    HandsRotated,
    CreeperRevealed,
    Downpour,
    SlapStarted,
    Slapped,
    SilenceStarted,
    SilenceEnded,
    SilenceBroken,
    TimedOut,
    PlayerLeft,
    PenaltyVoided,
    Reshuffled,
    RoundEnded,
    MatchEnded,
)
