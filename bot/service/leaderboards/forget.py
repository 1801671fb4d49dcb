"""/forgetme: a user's own results, rating, kept name and /notifyme subscriptions go; other players' rows of
the same matches stay, and so do the matches, with a stand-in that is nobody's for the user: their seats,
move logs and the rest of what the matches kept of them go (bot.service.ended_games). A deleted Telegram
account loses only its name, there too (`forget_name_in_games`). Both drop the name a running match keeps of a
chat admin outside it who removed a player (`forget_kicker_name`)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Select, and_, delete, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.document import GameDocument, read_document
from bot.service.ended_games import compacted, without_person
from bot.service.leaderboards.rating import reset_rating
from bot.service.model import Place
from bot.storage import Database
from bot.storage.games import GameRepository
from bot.storage.models import (
    ACTIVE_STATUSES,
    GAME_IS_ACTIVE,
    Game,
    GameEvent,
    GamePlayer,
    GameStatus,
    LobbySubscription,
    MatchResult,
    RoundResult,
    User,
)

# The rows that are the user's alone: /forgetme deletes them all.
_OWN_ROWS = (RoundResult, MatchResult, LobbySubscription)
# Games the user is taken out of in one unit of work: a player of thousands of games must not hold every
# other game's moves up for the seconds that rewriting all their states at once would take.
FORGET_BATCH = 20


@dataclass(frozen=True)
class StillPlaying:
    """A game of the user's that is not over: its end would write their results, rating and totals again,
    and its stored names would keep theirs."""

    chat_title: str
    lobby: bool  # they can leave it; from a match, leaving only turns their result into a forfeit
    place: Place  # its chat or forum topic: a /stats sent there says "here", not its title
    removed: bool = False  # kicked from the match: its end writes nothing of theirs, but keeps their name
    forum_general: bool = False  # GameDocument.forum_general: named so beside the forum's topics' games
    topic_title: str | None = None  # GameDocument.topic_title: a General renamed names its game so


async def still_playing(games: GameRepository, user_id: int) -> tuple[StillPlaying, ...]:
    """Every lobby the user is in and running match they played in (left or removed ones included: the match
    still has them among its players), oldest first: all are named at once, not one a /forgetme."""
    return tuple(
        StillPlaying(
            doc.chat_title,
            lobby=record.status is GameStatus.LOBBY,
            removed=user_id in doc.kicked,
            place=Place(record.chat_id, record.topic_id),
            forum_general=doc.forum_general,
            topic_title=doc.topic_title,
        )
        for record in await games.list_active_of(user_id)
        if user_id in (doc := read_document(record)).players
    )


async def forget(database: Database, user_id: int, batch: int = FORGET_BATCH) -> tuple[StillPlaying, ...]:
    """The whole of /forgetme: the figures at once, then the games done with, `batch` at a time.
    Nothing is deleted while the user is in a game (the games are returned): its end would bring the figures
    back."""
    async with database.unit_of_work() as uow:
        playing = await still_playing(uow.games, user_id)
        if playing:
            return playing
        await forget_user(uow.session, user_id)
        await forget_kicker_name(uow.session, user_id)
    after = 0
    while True:
        async with database.unit_of_work() as uow:
            last = await forget_in_games_done_with(uow.session, user_id, after, batch)
        if last is None:
            return ()
        after = last


async def anything_to_forget(session: AsyncSession, user_id: int) -> bool:
    """Whether /forgetme would delete anything: a row of the user's own (a result, a /notifyme request), their
    name kept on their user row, or a game they are done with that still has them (their results may be gone
    while it does)."""
    return bool(
        await session.scalar(
            select(
                or_(
                    *(exists().where(table.user_id == user_id) for table in _OWN_ROWS),
                    exists().where(User.id == user_id, or_(User.name != "", User.username.is_not(None))),
                    _games_done_with(user_id).exists(),
                    _games_naming_kicker(user_id).exists(),
                )
            )
        )
    )


async def forget_user(session: AsyncSession, user_id: int) -> None:
    """Delete the user's round and match results and /notifyme subscriptions, reset their rating and totals,
    and drop the name the bot keeps on their user row (it is learnt again when they next write to the bot)."""
    for table in _OWN_ROWS:
        await session.execute(delete(table).where(table.user_id == user_id))
    user = await session.get(User, user_id)
    if user is not None:
        reset_rating(user)
        user.total_matches = user.total_wins = user.total_points = 0
        user.name = ""
        user.username = None
    await session.flush()


async def forget_in_games_done_with(
    session: AsyncSession, user_id: int, after: int, limit: int
) -> int | None:
    """Take the user out of up to `limit` games they are done with, ids above `after`; the last id done, or
    None when no game was left. An ended game keeps a stand-in for them (`without_person`), and loses their
    seat, its move log and them as its creator; a lobby they left, still going on, or a match it became,
    loses only their name (the game needs the rest until it ends, and the next /forgetme does the rest)."""
    done_with = list(
        await session.scalars(
            _games_done_with(user_id)
            .where(Game.id > after)
            .order_by(Game.id)
            .limit(limit)
            .with_for_update(of=Game)  # as in `forget_kicker_name` (the games' rows alone, not the seats')
        )
    )
    for game in done_with:
        if game.status in ACTIVE_STATUSES:
            _blank_name(game, user_id)
        else:
            await _take_out(session, game, user_id)
        game.version += 1  # a change of the game like any other: one read before it must not overwrite it
    await session.flush()
    return done_with[-1].id if done_with else None


async def _take_out(session: AsyncSession, game: Game, user_id: int) -> None:
    try:
        doc = GameDocument.from_dict(compacted(game.state))
    except Exception:  # a document that cannot be read is kept for whoever mends it: only the name goes
        _blank_name(game, user_id)
    else:
        game.state = without_person(doc, user_id)
    if game.created_by == user_id:
        game.created_by = None
    await session.execute(
        delete(GamePlayer).where(GamePlayer.game_id == game.id, GamePlayer.user_id == user_id)
    )
    await session.execute(delete(GameEvent).where(GameEvent.game_id == game.id))


async def forget_name_in_games(database: Database, user_id: int, batch: int = FORGET_BATCH) -> None:
    """Blank the user's name in every game that keeps it (their account was deleted: the boards already say
    "Deleted account"), `batch` games a unit of work. Their results stay; so do their seats, which a match
    still going needs. A running match then names them "Deleted account" (bot.tg.render.names), and tells
    their leaving by it (bot.tg.render.narration)."""
    async with database.unit_of_work() as uow:
        await forget_kicker_name(uow.session, user_id)
    after = 0
    while True:
        async with database.unit_of_work() as uow:
            games = list(
                await uow.session.scalars(
                    _games_naming(user_id)
                    .where(Game.id > after)
                    .order_by(Game.id)
                    .limit(batch)
                    .with_for_update(of=Game)  # as in `forget_kicker_name`
                )
            )
            for game in games:
                _blank_name(game, user_id)
                game.version += 1  # as in `forget_in_games_done_with`: a change like any other
            await uow.session.flush()
        if not games:
            return
        after = games[-1].id


async def forget_kicker_name(session: AsyncSession, user_id: int) -> None:
    """Drop the user's name from the running matches that keep it as a chat admin outside the match who
    removed a player (GameDocument.kicker_names; an ended game keeps none): their screens then say "a chat
    admin", as of an anonymous admin. Active games are few: all in one go. Their rows are locked as they are
    read (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises): this write checks no version, so a move
    saved between the read and the flush would be overwritten by the state read before it. The bot's units
    of work take turns (bot.storage.unit_of_work), so only another program's write could come between: the
    lock keeps this safe without leaning on that."""
    for game in await session.scalars(_games_naming_kicker(user_id).with_for_update()):
        kept = {admin: name for admin, name in game.state["kicker_names"].items() if admin != str(user_id)}
        game.state = {**game.state, "kicker_names": kept}  # reassigned: see `_blank_name`
        game.version += 1  # as in `forget_in_games_done_with`: a change like any other
    await session.flush()


def _games_naming_kicker(user_id: int) -> Select[Game]:
    """The active games whose kept names of chat admins who removed a player hold the user's."""
    return select(Game).where(
        GAME_IS_ACTIVE, Game.state[("kicker_names", str(user_id))].as_string().is_not(None)
    )


def _games_naming(user_id: int) -> Select[Game]:
    """The user's games whose stored names hold theirs."""
    return (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(GamePlayer.user_id == user_id, Game.state[("names", str(user_id))].as_string() != "")
    )


def _blank_name(game: Game, user_id: int) -> None:
    # A new dict, not an in-place change: SQLAlchemy saves a JSON column only when it is reassigned.
    if str(user_id) in game.state.get("names", {}):
        game.state = {**game.state, "names": {**game.state["names"], str(user_id): ""}}


def _games_done_with(user_id: int) -> Select[Game]:
    """The user's games that ended and still have their seat, and those still on whose lobby they left (it
    keeps the names of everyone who joined, and so does the match it becomes) whose stored names still hold
    theirs. One who leaves a match or is removed from it gets `left_at` too (`settle`), but stays among its
    players: `still_playing` names that match, and /forgetme waits for its end before coming here."""
    return (
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(
            GamePlayer.user_id == user_id,
            or_(
                Game.status.not_in([status.value for status in ACTIVE_STATUSES]),
                and_(
                    GamePlayer.left_at.is_not(None),
                    Game.state[("names", str(user_id))].as_string() != "",
                ),
            ),
        )
    )
