"""The service's inputs and outputs: who asks, where, and what changed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from bot.engine.actions import Action
from bot.engine.events import Event, MatchEnded
from bot.engine.state import GameState
from bot.service.document import GameDocument, Result
from bot.service.progress import Screens
from bot.storage import GameRecord

Clock = Callable[[], int]  # milliseconds since the epoch
Seeds = Callable[[], int]
# Builds the engine action a press asks for, from the current state, the presser and the time (ms).
Intent = Callable[[GameState, int, int], Action]
# For a press on an outdated screen: None if it still means something now, else the reason to refuse it.
StaleCheck = Callable[[GameState, int, int], str | None]  # state, user, now -> refusal


class Surface(Enum):
    """Where a pressed button lives, which decides the counter it is checked against."""

    HAND = "hand"  # the player's private hand message: per-player counter
    TABLE = "table"  # the group's table: the table counter


@dataclass(frozen=True)
class Person:
    user_id: int
    name: str
    username: str | None = None
    language_code: str | None = None


@dataclass(frozen=True)
class Place:
    """A chat, or a forum topic in it (topic 0: no topics)."""

    chat_id: int
    topic_id: int = 0


@dataclass(frozen=True)
class Outcome:
    """A saved change: the new record and document, what happened, and which messages must change."""

    game: GameRecord
    doc: GameDocument
    events: tuple[Event, ...] = ()
    screens: Screens = field(default_factory=Screens)
    opened: bool = False  # the lobby opened: its first message rings (one posted anew later does not)
    started: bool = False  # the match began (dealer draw, deal): new group messages
    stopped: bool = False  # stopped early (/stop, the bot was removed)
    unreachable_notice: int | None = None  # tell the group once that this player cannot get their hand
    idle_warning: bool = False  # nobody moved for long: warn the group before the match is stopped

    @property
    def results(self) -> tuple[Result, ...]:
        """The rounds and the match that ended with this change."""
        return tuple(event for event in self.events if isinstance(event, Result))

    @property
    def match_end(self) -> MatchEnded | None:
        return next((event for event in self.events if isinstance(event, MatchEnded)), None)
