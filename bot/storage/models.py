"""The database schema. Telegram ids are BIGINT; timestamps are aware UTC; documents are JSON.

Foreign keys to `chats.id` cascade on update so that a group upgraded to a supergroup (its chat id changes)
can be followed with a single UPDATE of `chats.id`.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
    literal_column,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, validates

from bot.storage.types import JsonDocument, RowId, UtcDateTime, utc_now
from bot.visible_text import read_as

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UtcDateTime(), dict[str, Any]: JsonDocument}


class GameStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    STOPPED = "stopped"


ACTIVE_STATUSES = (GameStatus.LOBBY, GameStatus.RUNNING)
_ACTIVE_SQL = text("status IN ('lobby', 'running')")


def _chat_fk() -> ForeignKey:
    return ForeignKey("chats.id", onupdate="CASCADE", ondelete="CASCADE")


class Chat(Base):
    __tablename__ = "chats"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    title: Mapped[str | None] = mapped_column(String(256))
    # An admin's /lang, or taken from whoever first used the bot there; None: follow DEFAULT_LANGUAGE.
    language: Mapped[str | None] = mapped_column(String(8))
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now, onupdate=utc_now)


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(256))
    # How the name reads beside others (`read_as`: "alex" as "Alex"), set with it (`_keep_twin_key`): a
    # board's namesakes are found by it, as its twin marks tell them apart, and by an index. Text: case
    # folding can lengthen a name.
    twin_key: Mapped[str] = mapped_column(Text, default="", server_default="", index=True)
    username: Mapped[str | None] = mapped_column(String(64))  # found in any case: ix_users_username_lower
    # What Telegram reports, and what the user chose in the bot (which wins when set).
    language_code: Mapped[str | None] = mapped_column(String(16))
    language: Mapped[str | None] = mapped_column(String(8))
    # The colour's letter after each card's square in their private chat, "🟥R 5" (/colours).
    colour_letters: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    # Set when the user opened a private chat with the bot, so hands can be sent there.
    private_chat_started_at: Mapped[datetime | None]
    # The user blocked the bot (Telegram answers 403); cleared when they start it again.
    blocked: Mapped[bool] = mapped_column(Boolean, default=False)
    # The fingerprint of their private chat's own menu as last set (its bot's id, language and wording:
    # bot.tg.command_menus OwnMenus), which their Start sets where it reads otherwise; None: never set.
    own_menu: Mapped[str | None] = mapped_column(String(64))
    rating: Mapped[float] = mapped_column(default=1500.0)
    rated_matches: Mapped[int] = mapped_column(default=0)
    # --- stats: the Weng-Lin skill estimate behind `rating` (service/leaderboards/rating.py) ---
    rating_mu: Mapped[float] = mapped_column(default=25.0, server_default=text("25.0"))
    rating_sigma: Mapped[float] = mapped_column(default=25.0 / 3, server_default=text("8.333333333333334"))
    # All-time figures of the user's match_results rows (every chat, never as a computer player), kept beside
    # the rows so the all-time global board reads one row a player instead of their whole history.
    total_matches: Mapped[int] = mapped_column(default=0, server_default=text("0"))  # finished, not stopped
    total_wins: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    total_points: Mapped[int] = mapped_column(default=0, server_default=text("0"))
    # --- end stats ---
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    updated_at: Mapped[datetime] = mapped_column(default=utc_now, onupdate=utc_now)

    @validates("name")
    def _keep_twin_key(self, _: str, name: str) -> str:
        """Every write of the name (a new row's, an update's, /forgetme's) writes its twin key with it."""
        self.twin_key = read_as(name)
        return name


# /stats @username names a player in any case, as Telegram takes usernames: by lower(username), which an index
# of the usernames as stored cannot serve (every user was read).
Index("ix_users_username_lower", func.lower(User.username))


class Game(Base):
    __tablename__ = "games"
    __table_args__ = (
        CheckConstraint("status IN ('lobby', 'running', 'finished', 'stopped')", name="status"),
        # At most one lobby or running game per chat and forum topic; the open games are read from it alone.
        # No index by status: its statistics put a quarter of all games under each, and SQLite then read
        # the whole table instead.
        Index(
            "uq_games_active_place",
            "chat_id",
            "topic_id",
            unique=True,
            sqlite_where=_ACTIVE_SQL,
            postgresql_where=_ACTIVE_SQL,
        ),
        # The games that ended since a time (start-up, the old logs' job), of all chats or of one; a place's
        # last ended game.
        Index(None, "finished_at"),
        Index(None, "chat_id", "finished_at"),
    )

    id: Mapped[int] = mapped_column(RowId, primary_key=True)
    chat_id: Mapped[int] = mapped_column(BigInteger, _chat_fk())
    # The forum topic (message_thread_id) the game lives in; 0 for a chat without topics.
    topic_id: Mapped[int] = mapped_column(BigInteger, default=0)
    status: Mapped[str] = mapped_column(String(16), default=GameStatus.LOBBY.value)
    # Optimistic concurrency: every save checks and increments it.
    version: Mapped[int] = mapped_column(default=1)
    state: Mapped[dict[str, Any]]
    preset: Mapped[str | None] = mapped_column(String(32))
    table_message_id: Mapped[int | None] = mapped_column(BigInteger)
    created_by: Mapped[int | None] = mapped_column(BigInteger, ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = mapped_column(default=utc_now, onupdate=utc_now)


# A game is active as the partial index `uq_games_active_place` says it: SQLite reads a partial index only
# for a query that repeats its condition word for word (these statuses as literals, in this order; not
# parameters). Without it, finding a group's game walked every game the group ever played. Of the table's
# column, not the mapped attribute: that would make the Core statements built with it ORM ones.
GAME_IS_ACTIVE = Game.__table__.c.status.in_(
    [literal_column(f"'{status.value}'") for status in ACTIVE_STATUSES]
)


class GamePlayer(Base):
    __tablename__ = "game_players"
    __table_args__ = (UniqueConstraint("game_id", "seat"), Index(None, "user_id"))

    game_id: Mapped[int] = mapped_column(RowId, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id"), primary_key=True)
    seat: Mapped[int]
    # The private message showing this player's hand, edited in place.
    hand_message_id: Mapped[int | None] = mapped_column(BigInteger)
    # The turn (the game's seq) that message was sent anew for: when the game wanted a newer one sent (a crash
    # came between a move and the message that tells the next player it is their turn), start-up sends it.
    hand_sent_for: Mapped[int | None]
    # What the player turned that message to (a page, a multi-play selection; see `HandChoices`), so that a
    # restart redraws it so. None: nothing turned (its first page, no selection).
    hand_choices: Mapped[dict[str, Any] | None]
    joined_at: Mapped[datetime] = mapped_column(default=utc_now)
    left_at: Mapped[datetime | None]


class LobbySubscription(Base):
    """/notifyme: the user is told in private when the next lobby opens in this chat and forum topic (once:
    the row goes when they are told)."""

    __tablename__ = "lobby_subscriptions"
    __table_args__ = (Index(None, "user_id"),)  # /forgetme deletes a person's rows

    chat_id: Mapped[int] = mapped_column(BigInteger, _chat_fk(), primary_key=True)
    topic_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)  # 0 for a chat without topics
    user_id: Mapped[int] = mapped_column(
        BigInteger, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    # The topic's name as the /notifyme saw it; None outside a topic, or where the bot did not learn it.
    topic_title: Mapped[str | None] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


class TopicName(Base):
    """A forum topic's name as an admin last renamed it: Telegram names a topic to a bot only on the service
    message of its creation (which every message in it answers), with the name it was created with; General
    (topic 0) only as it is renamed."""

    __tablename__ = "topic_names"

    chat_id: Mapped[int] = mapped_column(BigInteger, _chat_fk(), primary_key=True)
    topic_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    name: Mapped[str] = mapped_column(String(128))


class GameEvent(Base):
    """Append-only log of what was applied to a game; replaying it from the seed reproduces the state."""

    __tablename__ = "game_events"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(RowId, primary_key=True)
    game_id: Mapped[int] = mapped_column(RowId, ForeignKey("games.id", ondelete="CASCADE"))
    # 1, 2, 3 ... within a game.
    seq: Mapped[int]
    # The game version this event produced.
    version: Mapped[int]
    kind: Mapped[str] = mapped_column(String(64))
    actor_id: Mapped[int | None] = mapped_column(BigInteger)
    payload: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utc_now)


def _leaderboard_indexes() -> tuple[Index, ...]:
    # A chat's rows (its move to a supergroup), a player's history (/stats, /forgetme). No index by end time
    # alone: the boards read covering indexes of their own, and every stored round and match wrote to it.
    return (
        Index(None, "chat_id", "finished_at"),
        Index(None, "user_id", "finished_at"),
    )


class _PlayerResult:
    """One player's figures in a round or a match; the columns leaderboards sum and rank by period."""

    id: Mapped[int] = mapped_column(RowId, primary_key=True)
    game_id: Mapped[int] = mapped_column(RowId, ForeignKey("games.id", ondelete="CASCADE"))
    chat_id: Mapped[int] = mapped_column(BigInteger, _chat_fk())
    user_id: Mapped[int] = mapped_column(BigInteger, ForeignKey("users.id"))
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    # 1 is the winner.
    placement: Mapped[int]
    points: Mapped[int] = mapped_column(default=0)
    cards_played: Mapped[int] = mapped_column(default=0)
    cards_drawn: Mapped[int] = mapped_column(default=0)
    uno_calls: Mapped[int] = mapped_column(default=0)
    catches_made: Mapped[int] = mapped_column(default=0)
    catches_suffered: Mapped[int] = mapped_column(default=0)
    challenges_won: Mapped[int] = mapped_column(default=0)
    challenges_lost: Mapped[int] = mapped_column(default=0)
    timeouts: Mapped[int] = mapped_column(default=0)
    duration_seconds: Mapped[int] = mapped_column(default=0)
    preset: Mapped[str | None] = mapped_column(String(32))
    stopped_early: Mapped[bool] = mapped_column(Boolean, default=False)
    finished_at: Mapped[datetime] = mapped_column(default=utc_now)


class RoundResult(_PlayerResult, Base):
    __tablename__ = "round_results"
    __table_args__ = (UniqueConstraint("game_id", "round_number", "user_id"), *_leaderboard_indexes())

    # sort_order puts these after the shared columns, so `id` comes first in the table.
    round_number: Mapped[int] = mapped_column(sort_order=1)
    # Points left in the player's hand when the round ended (0 for the winner).
    hand_points: Mapped[int] = mapped_column(default=0, sort_order=1)


class MatchResult(_PlayerResult, Base):
    __tablename__ = "match_results"
    __table_args__ = (UniqueConstraint("game_id", "user_id"), *_leaderboard_indexes())

    rounds_played: Mapped[int] = mapped_column(default=0, sort_order=1)
    rounds_won: Mapped[int] = mapped_column(default=0, sort_order=1)
    # --- stats: the player's rating after this match; None when the match was not rated ---
    rating_after: Mapped[float | None] = mapped_column(sort_order=2)
    # How many people (not computers) the row's result counts as played with, themselves included: those who
    # played a full round of the match (one who joined and left at once adds none), or, for one who left
    # before playing a full round, everyone the match had (bot.service.results.match_people). Under two is
    # practice, which the boards leave out. Counted as the match ends, so a /forgetme deleting a rival's row
    # changes nothing.
    people: Mapped[int] = mapped_column(default=0, server_default=text("0"), sort_order=2)
    # --- end stats ---


# --- stats: covering indexes for the leaderboards (bot/service/leaderboards/leaderboard.py) ---
# Each board query reads only its index (all time, or a month as a range of finished_at).
Index(
    "ix_match_results_chat_board",
    MatchResult.chat_id,
    MatchResult.is_bot,
    MatchResult.finished_at,
    MatchResult.user_id,
    MatchResult.stopped_early,
    MatchResult.placement,
    MatchResult.points,
    MatchResult.people,
)
Index(
    "ix_match_results_global_board",
    MatchResult.is_bot,
    MatchResult.finished_at,
    MatchResult.user_id,
    MatchResult.stopped_early,
    MatchResult.placement,
    MatchResult.points,
    MatchResult.people,
)
# --- end stats ---


class TrackedMessage(Base):
    """A group message of the bot's that it means to delete later (bot.tg.fleeting): at `due_at`, or once a
    newer message of its `kind` is posted in the chat (a board), or as its game goes on (a notice). Written
    down so that a restart still deletes it; the row goes when it is deleted or let be, or once Telegram would
    refuse deleting it (48 hours after `posted_at`: bot.tg.old_logs)."""

    __tablename__ = "tracked_messages"

    # No foreign key to chats: a reply to a command in a chat the bot has no row for is tracked too, and a
    # group that became a supergroup keeps its old messages under the old id.
    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    message_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    # Telegram lets a bot delete its group messages for 48 hours from this.
    posted_at: Mapped[datetime]
    due_at: Mapped[datetime | None]
    kind: Mapped[str | None] = mapped_column(String(64))


class ShownAtStop(Base):
    """What a message of the bot's (a game's table, a player's hand, an answer, a board or menu) showed as
    the bot stopped (bot.tg.shown_at_stop): its last write that landed. Read and emptied at the next start,
    whose redraw then spends no write on a screen that would show the same. A crash leaves none: the bot
    cannot know what landed then."""

    __tablename__ = "shown_at_stop"

    chat_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    message_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    text: Mapped[str] = mapped_column(Text)
    markup: Mapped[dict[str, Any] | None]  # its inline keyboard, as the Bot API writes it


class LastAlive(Base):
    """When the bot last wrote down that it runs (bot.tg.downtime): one row, `id` 1. `stopped`: written as it
    stopped (it ran until `alive_at`), else it may have run a few seconds longer (a crash)."""

    __tablename__ = "last_alive"

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    alive_at: Mapped[datetime]
    stopped: Mapped[bool]


class SetInTelegram(Base):
    """What the bot last set in Telegram that Telegram keeps across its restarts (its command menus, its
    descriptions, the private chats' own menus), by `what`: a fingerprint of each as Telegram accepted it
    (bot.tg.profile_kept), so that a start whose wording reads the same makes no call."""

    __tablename__ = "set_in_telegram"

    what: Mapped[str] = mapped_column(String(32), primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
