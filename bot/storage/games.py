"""The games' repository: their records (bot.storage.game_records) saved with optimistic concurrency, with
their append-only event log (dropped only when the game has long ended)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    CursorResult,
    Row,
    Select,
    Table,
    bindparam,
    delete,
    exists,
    func,
    insert,
    null,
    select,
    tuple_,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.game_records import (
    EndedGame,
    GameRecord,
    HandChoices,
    HandMessage,
    LookedAt,
    NewEvent,
    PlayerRecord,
    StaleGameVersion,
    StoredEvent,
)
from bot.storage.models import ACTIVE_STATUSES, GAME_IS_ACTIVE, Game, GameEvent, GamePlayer, GameStatus
from bot.storage.types import utc_now

# A save writes every field but these: the identity, the place (chat, topic), the creator and creation time.
# `version` is checked and bumped by the save itself.
_FIXED_FIELDS = frozenset({"id", "chat_id", "topic_id", "version", "created_by", "created_at"})
_SAVED_FIELDS = tuple(field.name for field in fields(GameRecord) if field.name not in _FIXED_FIELDS)
_RECORD_FIELDS = tuple(field.name for field in fields(GameRecord))

# The statements of a move (read the game, save it, log what was applied) are built once: building one costs
# more than SQLite takes to run it, and every press runs all three while it holds the writer.
_GAMES = cast(Table, Game.__table__)
_EVENTS = cast(Table, GameEvent.__table__)
_PLAYERS = cast(Table, GamePlayer.__table__)
_RECORD = select(*(_GAMES.c[name] for name in _RECORD_FIELDS))
_GET = _RECORD.where(_GAMES.c.id == bindparam("game"))
# The active games' reads too, most of them made by a press or command: Core rows of the record's columns,
# where ORM entities were built, put in the session's identity map and each statement built anew (~0.3 ms).
_FIND_ACTIVE = _RECORD.where(
    _GAMES.c.chat_id == bindparam("chat"), _GAMES.c.topic_id == bindparam("topic"), GAME_IS_ACTIVE
)
_ACTIVE = _RECORD.where(GAME_IS_ACTIVE)
# Not finished either: SQLite then reads the chat's unfinished games alone in its index by end, where it
# would otherwise walk every game of the chat in that index.
_ACTIVE_IN = _RECORD.where(
    _GAMES.c.chat_id == bindparam("chat"), _GAMES.c.finished_at.is_(None), GAME_IS_ACTIVE
)
# Each active game asked whether the user joined it: a join would read every game they ever played.
_ACTIVE_OF = _RECORD.where(
    exists().where(_PLAYERS.c.game_id == _GAMES.c.id, _PLAYERS.c.user_id == bindparam("user")),
    GAME_IS_ACTIVE,
)
_PLAYER_FIELDS = (
    "user_id",
    "seat",
    "hand_message_id",
    "joined_at",
    "left_at",
    "hand_sent_for",
    "hand_choices",
)
_PLAYERS_OF = (
    select(*(_PLAYERS.c[name] for name in _PLAYER_FIELDS))
    .where(_PLAYERS.c.game_id == bindparam("game"))
    .order_by(_PLAYERS.c.seat)
)
_SAVE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game"), _GAMES.c.version == bindparam("expected_version"))
    .values({name: bindparam(f"new_{name}") for name in (*_SAVED_FIELDS, "version")})
)
# Each row numbers itself after the ones before it, so one event is one statement.
_APPEND = insert(_EVENTS).values(
    game_id=bindparam("game"),
    seq=select(func.coalesce(func.max(_EVENTS.c.seq), 0) + 1)
    .where(_EVENTS.c.game_id == bindparam("game"))
    .scalar_subquery(),
    version=bindparam("event_version"),
    kind=bindparam("event_kind"),
    payload=bindparam("event_payload"),
    actor_id=bindparam("event_actor"),
)

# A hand sent anew (most moves send one) records its message. The ORM's bulk update by primary key builds
# its statement machinery anew each time: ~0.5 ms more CPU than these, run as one executemany.
_SET_PLAYER = _PLAYERS.c.game_id == bindparam("game"), _PLAYERS.c.user_id == bindparam("user")
_SET_HAND_MESSAGE = (
    update(_PLAYERS)
    .where(*_SET_PLAYER)
    .values(hand_message_id=bindparam("message"), hand_sent_for=bindparam("sent_for"))
)
_SET_HAND_CHOICES = update(_PLAYERS).where(*_SET_PLAYER).values(hand_choices=bindparam("choices"))


class GameRepository:
    def __init__(self, session: AsyncSession) -> None:
        self._session = session

    async def create(
        self,
        *,
        chat_id: int,
        state: dict[str, Any],
        topic_id: int = 0,
        created_by: int | None = None,
        preset: str | None = None,
        events: Sequence[NewEvent] = (),
    ) -> GameRecord:
        """Insert a game in the lobby. A second active game in the same place violates a unique index."""
        row = Game(
            chat_id=chat_id,
            topic_id=topic_id,
            status=GameStatus.LOBBY.value,
            version=1,
            state=state,
            preset=preset,
            created_by=created_by,
        )
        self._session.add(row)
        await self._session.flush()
        await self._append(row.id, row.version, events)
        return _record(row)

    async def get(self, game_id: int) -> GameRecord | None:
        row = (await self._session.execute(_GET, {"game": game_id})).first()
        return None if row is None else _record(row)

    async def find_active(self, chat_id: int, topic_id: int = 0) -> GameRecord | None:
        """The lobby or running game of a chat (and forum topic), if any."""
        row = (await self._session.execute(_FIND_ACTIVE, {"chat": chat_id, "topic": topic_id})).first()
        return None if row is None else _record(row)

    async def move_to_topic(self, game_id: int, topic_id: int) -> None:
        """The game's place in its chat changes (a forum's topics turned off: the main chat's now); a save
        never writes it."""
        await self._session.execute(update(Game).where(Game.id == game_id).values(topic_id=topic_id))

    async def any_in(self, chat_id: int) -> bool:
        """Whether the chat has had a game (a lobby, a match, ended or not) in any of its topics."""
        return bool(await self._session.scalar(select(exists().where(Game.chat_id == chat_id))))

    async def last_ended(self, chat_id: int, topic_id: int = 0) -> GameRecord | None:
        """The latest game of a chat (and forum topic) that has ended, if any has."""
        rows = await self._session.scalars(
            select(Game)
            .where(Game.chat_id == chat_id, Game.topic_id == topic_id, Game.status.not_in(ACTIVE_STATUSES))
            .order_by(Game.finished_at.desc(), Game.id.desc())
            .limit(1)
            .execution_options(populate_existing=True)
        )
        row = rows.first()
        return None if row is None else _record(row)

    async def list_active(self) -> list[GameRecord]:
        """Every lobby or running game, e.g. to re-arm their timers on start-up."""
        return await self._active(_ACTIVE)

    async def ended_since(
        self, since: datetime, chat_id: int | None = None, player: int | None = None
    ) -> list[int]:
        """The games (of this chat, or of all; of this player, or of anyone's) that finished or were
        stopped at `since` or later, oldest first."""
        query = select(Game.id).where(Game.status.not_in(ACTIVE_STATUSES), Game.finished_at >= since)
        if chat_id is not None:
            query = query.where(Game.chat_id == chat_id)
        if player is not None:
            query = query.join(GamePlayer, GamePlayer.game_id == Game.id).where(GamePlayer.user_id == player)
        return list(await self._session.scalars(query.order_by(Game.finished_at)))

    async def drop_logs_of_games_ended_before(
        self, before: datetime, after: EndedGame | None, games: int
    ) -> LookedAt:
        """Look at the next `games` games, in the order they ended, that ended before `before` (and after
        `after`), and delete the event logs they still have. Nothing reads an ended game's log (results and
        stats have rows of their own), and it is most of what a match leaves in the database. A call looks at
        `games` games at most: most ended games lost their logs long ago, and walking them all held every
        press up."""
        ended = select(Game.finished_at, Game.id).where(
            Game.status.not_in(ACTIVE_STATUSES), Game.finished_at < before
        )
        if after is not None:
            ended = ended.where(tuple_(Game.finished_at, Game.id) > tuple_(*after))
        looked = (await self._session.execute(ended.order_by(Game.finished_at, Game.id).limit(games))).all()
        if not looked:
            return LookedAt((), 0, None)
        ids = [game_id for _, game_id in looked]
        logged = list(
            await self._session.scalars(
                select(_EVENTS.c.game_id).where(_EVENTS.c.game_id.in_(ids)).distinct()
            )
        )
        if logged:
            await self._session.execute(delete(_EVENTS).where(_EVENTS.c.game_id.in_(logged)))
        last_ended, last_id = looked[-1]
        return LookedAt(tuple(ids), len(logged), (cast(datetime, last_ended), last_id))  # it ended: not None

    async def logs_kept_since(self) -> datetime | None:
        """When the first game ended that may still have an event log (None: no ended game has one): no game
        that ended before it has one. Every logged game is numbered from the oldest logged one on (found at
        the start of the logs' index), and these games are found by their end in its index, never read."""
        oldest_logged = select(func.min(_EVENTS.c.game_id)).scalar_subquery()
        return await self._session.scalar(
            select(Game.finished_at)
            .where(Game.finished_at.is_not(None), Game.id >= oldest_logged)
            .order_by(Game.finished_at)
            .limit(1)
        )

    async def list_active_in(self, chat_id: int) -> list[GameRecord]:
        """The lobbies and running games of a chat, in all its forum topics."""
        return await self._active(_ACTIVE_IN, {"chat": chat_id})

    async def list_active_of(self, user_id: int) -> list[GameRecord]:
        """The lobbies and running games this user has joined (left ones included)."""
        return await self._active(_ACTIVE_OF, {"user": user_id})

    async def hands_told(self) -> dict[int, dict[int, int | None]]:
        """Of every running game, by game and player: the turn (seq) the player's hand message was sent anew
        for, for those who have one."""
        # The running games first, from the open games' index: joined, SQLite with statistics may walk every
        # player of every game instead.
        running = select(Game.id).where(GAME_IS_ACTIVE, Game.status == GameStatus.RUNNING)
        rows = await self._session.execute(
            select(GamePlayer.game_id, GamePlayer.user_id, GamePlayer.hand_sent_for).where(
                GamePlayer.game_id.in_(running), GamePlayer.hand_message_id.is_not(None)
            )
        )
        told: dict[int, dict[int, int | None]] = {}
        for game_id, user_id, sent_for in rows:
            told.setdefault(game_id, {})[user_id] = sent_for
        return told

    async def _active(self, query: Select[Any], values: Mapping[str, int] | None = None) -> list[GameRecord]:
        rows = await self._session.execute(query, values)
        # Ordered here: asked for in SQL, a walk of the whole table (kept in that order) looks cheaper to
        # SQLite with statistics than the open games' index and a sort of the few it holds.
        return sorted((_record(row) for row in rows), key=lambda record: record.id)

    async def save(self, game: GameRecord, events: Sequence[NewEvent] = ()) -> GameRecord:
        """Write `game` if the row is still at `game.version`, append `events`; returns the new snapshot.

        Raises StaleGameVersion, changing nothing, when another writer saved first.
        """
        new_version = game.version + 1
        values = {f"new_{name}": getattr(game, name) for name in _SAVED_FIELDS}
        result = await self._session.execute(
            _SAVE, {**values, "new_version": new_version, "game": game.id, "expected_version": game.version}
        )
        if cast(CursorResult[Any], result).rowcount != 1:
            raise StaleGameVersion(game.id, game.version)
        await self._append(game.id, new_version, events)
        return replace(game, version=new_version)  # the row now holds exactly this: no need to read it back

    async def events(self, game_id: int) -> list[StoredEvent]:
        rows = await self._session.scalars(
            select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.seq)
        )
        return [
            StoredEvent(row.seq, row.version, row.kind, row.payload, row.actor_id, row.created_at)
            for row in rows
        ]

    async def add_player(self, game_id: int, user_id: int) -> None:
        """Seat a player after every seat used so far; one who left the lobby and comes back gets their row
        again (a seat number is never given twice: the left ones keep theirs)."""
        seat = await self._session.scalar(
            select(func.coalesce(func.max(GamePlayer.seat), -1) + 1).where(GamePlayer.game_id == game_id)
        )
        rejoined = await self._session.execute(
            update(GamePlayer)
            .where(GamePlayer.game_id == game_id, GamePlayer.user_id == user_id)
            .values(
                seat=seat,
                left_at=None,
                joined_at=utc_now(),
                hand_message_id=None,
                hand_sent_for=None,
                hand_choices=null(),  # SQL NULL, not a JSON null
            )
            .execution_options(synchronize_session=False)
        )
        if cast(CursorResult[Any], rejoined).rowcount == 0:
            self._session.add(GamePlayer(game_id=game_id, user_id=user_id, seat=seat))
        await self._session.flush()

    async def players(self, game_id: int) -> list[PlayerRecord]:
        rows = await self._session.execute(_PLAYERS_OF, {"game": game_id})
        return [
            PlayerRecord(
                user,
                seat,
                message,
                joined,
                left,
                sent_for,
                HandChoices.from_dict(choices) if choices else None,
            )
            for user, seat, message, joined, left, sent_for, choices in rows
        ]

    async def set_hand_messages(self, ids: Mapping[tuple[int, int], HandMessage]) -> None:
        """Several players' hand messages in one statement: {(game id, user id): (message id, sent for)}."""
        if ids:
            rows = [{"game": g, "user": u, "message": m, "sent_for": seq} for (g, u), (m, seq) in ids.items()]
            await self._session.execute(_SET_HAND_MESSAGE, rows)

    async def set_hand_choices(self, choices: Mapping[tuple[int, int], HandChoices]) -> None:
        """What several players turned their hands to, in one statement: {(game id, user id): choices}."""
        if choices:
            rows = [{"game": g, "user": u, "choices": chosen.to_dict()} for (g, u), chosen in choices.items()]
            await self._session.execute(_SET_HAND_CHOICES, rows)

    async def delete(self, game_id: int) -> None:
        """The game is gone as if never opened: its row, its players and its log."""
        for table in (_EVENTS, _PLAYERS):
            await self._session.execute(delete(table).where(table.c.game_id == game_id))
        await self._session.execute(delete(_GAMES).where(_GAMES.c.id == game_id))

    async def mark_left(self, game_id: int, user_id: int) -> None:
        await self._session.execute(
            update(GamePlayer)
            .where(GamePlayer.game_id == game_id, GamePlayer.user_id == user_id)
            .values(left_at=utc_now())
            .execution_options(synchronize_session=False)
        )

    async def _append(self, game_id: int, version: int, events: Sequence[NewEvent]) -> None:
        # Safe without a race: the caller holds the game row's write lock (the UPDATE or INSERT above).
        for event in events:
            await self._session.execute(
                _APPEND,
                {
                    "game": game_id,
                    "event_version": version,
                    "event_kind": event.kind,
                    "event_payload": event.payload,
                    "event_actor": event.actor_id,
                },
            )


def _record(row: Game | Row[Any]) -> GameRecord:
    """A record from an ORM row or a Core row of the same columns."""
    values = {name: getattr(row, name) for name in _RECORD_FIELDS}
    values["status"] = GameStatus(row.status)
    return GameRecord(**values)
