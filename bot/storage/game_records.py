"""What the games' repository (bot.storage.games) reads and writes, as immutable values: a game, its players,
its log's events, what a hand message was turned to, a step of the old logs' walk; and the refusal of a save
that came too late."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.storage.models import ACTIVE_STATUSES, GameStatus


class StaleGameVersion(Exception):
    """The game changed since it was loaded: reload it, re-apply the action and save again."""

    def __init__(self, game_id: int, expected_version: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected_version}")
        self.game_id = game_id
        self.expected_version = expected_version


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A snapshot of a `games` row. Change it with dataclasses.replace and save it; never mutate `state`."""

    id: int
    chat_id: int
    topic_id: int
    status: GameStatus
    version: int
    state: dict[str, Any]
    preset: str | None
    table_message_id: int | None
    created_by: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None

    @property
    def active(self) -> bool:
        """A lobby or a running match: neither finished nor stopped."""
        return self.status in ACTIVE_STATUSES


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An action to append to a game's log."""

    kind: str
    payload: dict[str, Any]
    actor_id: int | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    seq: int
    version: int
    kind: str
    payload: dict[str, Any]
    actor_id: int | None
    created_at: datetime


EndedGame = tuple[datetime, int]  # a game's place in the order games ended: when it ended, and its id
HandMessage = tuple[int | None, int | None]  # a player's hand message id, and the turn it was sent anew for


@dataclass(frozen=True, slots=True)
class LookedAt:
    """Ended games one step of the old logs' walk looked at: their ids, how many of them had a log (gone
    now), and the last of them (None: none was left)."""

    games: tuple[int, ...]
    logs_dropped: int
    last: EndedGame | None


@dataclass(frozen=True, slots=True)
class HandChoices:
    """What a player turned their hand message to, with what says whether it still holds: the page (None: the
    one the hand opens on) and the turn it was turned in, the multi-play selection and the hand counter of
    the keyboard it was made on."""

    page: int | None
    turn: int | None
    selection: tuple[int, ...]
    counter: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "page": self.page,
            "turn": self.turn,
            "selection": list(self.selection),
            "counter": self.counter,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandChoices:
        return cls(data["page"], data["turn"], tuple(data["selection"]), data["counter"])


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    user_id: int
    seat: int
    hand_message_id: int | None
    joined_at: datetime
    left_at: datetime | None
    hand_sent_for: int | None = None  # the turn (seq) that hand message was sent anew for
    hand_choices: HandChoices | None = None  # what the player turned that message to
