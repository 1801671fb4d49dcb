"""Compact, versioned callback_data for inline buttons (Telegram allows 1-64 bytes).

Layout: `<codec version><action code>:<game id>:<state counter>[:<arg>...]`, numbers in lower-case base 36,
e.g. `1p:2n9c:1b:4f` = play card 159 in game 123456 at state 47. The state counter (the game's version) lets
the service refuse stale presses; the server re-checks every press, so a forged payload can at most name a
move the presser is allowed to make anyway. `decode` never raises: garbage yields a `CallbackDataError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

CODEC_VERSION = "1"
MAX_BYTES = 64
MAX_GAME_ID = 2**63 - 1
MAX_STATE = 2**32 - 1
MAX_ARG = 36**2 - 1  # two base-36 digits: card ids, colours, seats, pages, setting indexes
_NUMBER = re.compile(r"0|[1-9a-z][0-9a-z]*")


class Action(StrEnum):
    JOIN = "j"
    LEAVE = "l"
    START = "s"
    PLAY = "p"  # args: card ids (several for multi-play)
    TRY = "q"  # args: a card not marked playable: the press is refused with the engine's reason
    DRAW = "d"
    PASS = "n"
    UNO = "u"
    CATCH = "c"  # args: optionally the seat being caught
    CHALLENGE = "h"
    ACCEPT = "a"  # take the pending penalty
    COLOUR = "o"  # args: colour index
    SWAP = "w"  # args: seat to swap hands with (7-0)
    SLAP = "x"
    PAGE = "g"  # args: page of the hand keyboard, then the multi-play selection it keeps (card ids, in order)
    SELECT = "m"  # args: a multi-play selection in order (card ids; the newly chosen card last)
    REFRESH = "r"
    SETTING = "e"  # args: setting index, optionally its new value index
    ADD_COMPUTER = "b"  # lobby: add a computer player
    REMOVE_COMPUTER = "v"  # lobby: remove a computer player; args: its number (1 for the computer -1)
    # args: 1 to confirm stopping the game, 0 to keep playing, then 1 when asked under a linked channel's post
    # (the settled question names the group's chat); state: STOP_ASKED_* or 0
    STOP = "t"
    TOP = "k"  # leaderboard navigation; game id and state 0; args: scope, ordering, period, page
    FORGET = "f"  # /forgetme answer; game id = the user id, state 0; args: 1 to confirm, 0 to cancel
    # under a match's end: a new lobby in that chat, or join its open one; the ended game's id (0 on buttons
    # posted before they named it), state 0
    AGAIN = "y"
    # in the private chat: leave the game paused in a closed forum topic (where only admins post); state 0, or
    # LEAVE_PAUSED_MUTED
    LEAVE_PAUSED = "z"
    # /kick's answer: remove a player; state and args: their user id (bot.tg.kick_buttons)
    KICK = "i"


# The /stop question's buttons: asked while the game had not started, so its Yes does not stop a match dealt
# since (0: asked about a running match, or by a bot from before this flag: Yes stops whatever runs).
STOP_ASKED_IN_LOBBY = 1
# Asked in private about a match paused as its group refuses the bot's posts: a Yes or No pressed once it goes
# on says the bot may post there again (not that a topic was reopened).
STOP_ASKED_MUTED = 2
# The private chat's Leave of a game paused as its group refuses the bot's posts: pressed once it goes on, it
# says to send /leave in its group (not "in its topic").
LEAVE_PAUSED_MUTED = 1

# (minimum, maximum) number of arguments per action
ARITY: dict[Action, tuple[int, int]] = {
    Action.PLAY: (1, 8),
    Action.TRY: (1, 1),
    Action.REMOVE_COMPUTER: (1, 1),
    Action.CATCH: (0, 1),
    Action.COLOUR: (1, 1),
    Action.SWAP: (1, 1),
    Action.PAGE: (1, 9),
    Action.SELECT: (1, 8),
    Action.SETTING: (1, 2),
    Action.STOP: (1, 2),
    Action.TOP: (4, 4),
    Action.FORGET: (1, 1),
    Action.KICK: (2, 2),
}
_BY_CODE = {action.value: action for action in Action}


@dataclass(frozen=True)
class CallbackData:
    action: Action
    game_id: int
    state: int
    args: tuple[int, ...] = ()


ErrorReason = Literal["malformed", "unsupported_version", "unknown_action", "bad_arity", "out_of_range"]


@dataclass(frozen=True)
class CallbackDataError:
    """Why a callback_data string was refused (the button is stale, forged or from another bot version)."""

    reason: ErrorReason
    raw: str


def _base36(value: int) -> str:
    digits = ""
    while True:
        value, digit = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if value == 0:
            return digits


def _arity_ok(action: Action, count: int) -> bool:
    low, high = ARITY.get(action, (0, 0))
    return low <= count <= high


def encode(action: Action, game_id: int, state: int, *args: int) -> str:
    """The callback_data for a button; raises ValueError for values out of range (a programming error)."""
    if not 0 <= game_id <= MAX_GAME_ID or not 0 <= state <= MAX_STATE:
        raise ValueError(f"game id {game_id} or state {state} out of range")
    if not all(0 <= arg <= MAX_ARG for arg in args) or not _arity_ok(action, len(args)):
        raise ValueError(f"bad arguments {args} for {action.name}")
    fields = [f"{CODEC_VERSION}{action.value}", _base36(game_id), _base36(state), *map(_base36, args)]
    return ":".join(fields)


def kind(raw: str) -> str:
    """What a button does (its codec version and action), whatever game, state and arguments it names."""
    return raw.partition(":")[0]


def decode(raw: str) -> CallbackData | CallbackDataError:
    """The button's meaning, or why it cannot be trusted. Never raises."""
    if not isinstance(raw, str) or not raw or len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return CallbackDataError("malformed", str(raw))
    if raw[0] != CODEC_VERSION:
        return CallbackDataError("unsupported_version", raw)
    head, *fields = raw[1:].split(":")
    action = _BY_CODE.get(head)
    if action is None:
        return CallbackDataError("unknown_action", raw)
    if len(fields) < 2 or not all(_NUMBER.fullmatch(field) for field in fields):
        return CallbackDataError("malformed", raw)
    game_id, state, *args = (int(field, 36) for field in fields)
    if game_id > MAX_GAME_ID or state > MAX_STATE or any(arg > MAX_ARG for arg in args):
        return CallbackDataError("out_of_range", raw)
    if not _arity_ok(action, len(args)):
        return CallbackDataError("bad_arity", raw)
    return CallbackData(action, game_id, state, tuple(args))
