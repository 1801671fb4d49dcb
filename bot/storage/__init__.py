"""Persistence: SQLAlchemy models, the engine, units of work and repositories."""

from bot.storage.game_records import (
    GameRecord,
    HandChoices,
    NewEvent,
    PlayerRecord,
    StaleGameVersion,
    StoredEvent,
)
from bot.storage.models import GameStatus
from bot.storage.reads import Reads
from bot.storage.subscriptions import AwaitedPlace
from bot.storage.unit_of_work import Database, UnitOfWork

__all__ = [
    "AwaitedPlace",
    "Database",
    "GameRecord",
    "GameStatus",
    "HandChoices",
    "NewEvent",
    "PlayerRecord",
    "Reads",
    "StaleGameVersion",
    "StoredEvent",
    "UnitOfWork",
]
