"""/forgetme: a user's own results, rating and kept name go; other players' rows of the same matches stay."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.leaderboards.rating import reset_rating
from bot.storage.models import ACTIVE_STATUSES, Game, GamePlayer, MatchResult, RoundResult, User


async def forget_user(session: AsyncSession, user_id: int) -> None:
    """Delete the user's round and match results, reset their rating, and drop the name the bot keeps of
    them: on their user row (it is learnt again when they next write to the bot) and in the games that have
    ended (a game still going on needs it to show its table)."""
    await session.execute(delete(RoundResult).where(RoundResult.user_id == user_id))
    await session.execute(delete(MatchResult).where(MatchResult.user_id == user_id))
    user = await session.get(User, user_id)
    if user is not None:
        reset_rating(user)
        user.total_matches = user.total_wins = user.total_points = 0
        user.name = ""
        user.username = None
    ended = await session.scalars(
        select(Game)
        .join(GamePlayer, GamePlayer.game_id == Game.id)
        .where(
            GamePlayer.user_id == user_id, Game.status.not_in([status.value for status in ACTIVE_STATUSES])
        )
    )
    key = str(user_id)
    for game in ended:
        names = game.state.get("names", {})
        if key in names:
            # A new dict, not an in-place change: SQLAlchemy saves a JSON column only when it is reassigned.
            game.state = {**game.state, "names": {**names, key: ""}}
            game.version += 1  # a change of the game like any other: one read before it must not overwrite it
    await session.flush()
