"""The /stop questions open about a game, kept in its document (`GameDocument.stop_questions`) so that a
restart knows them as the bot that asked them did (bot.tg.stop_questions_kept): a /stop meanwhile is not
asked twice, and each is redrawn in its reader's next language. Stored flat, as JSON objects."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class StopQuestion:
    """A /stop question posted and not answered: its chat (the group's, or its asker's private chat) and
    message; the thread it counts as open in (bot.tg.repeats `StopQuestions`: its asker's private chat's is
    below 0); when it was asked (ms, the wall clock). What it says: `lobby`, it was asked about a lobby (its
    Yes closes the lobby only); `counted`, the match counts already (it is the stopper's loss); `muted`,
    asked in private as the group refuses the bot's posts (else as the game's topic is closed); `commented`,
    asked under a channel's post (it names the game)."""

    chat_id: int
    message_id: int
    thread: int
    asked_ms: int
    lobby: bool = False
    counted: bool = False
    muted: bool = False
    commented: bool = False

    @property
    def in_private(self) -> bool:
        return self.thread < 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StopQuestion:
        return cls(
            chat_id=int(data["chat_id"]),
            message_id=int(data["message_id"]),
            thread=int(data["thread"]),
            asked_ms=int(data["asked_ms"]),
            lobby=bool(data.get("lobby", False)),
            counted=bool(data.get("counted", False)),
            muted=bool(data.get("muted", False)),
            commented=bool(data.get("commented", False)),
        )
