"""/forgetme: a user's own results and rating go; other players' rows of the same matches stay intact."""

from __future__ import annotations

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.leaderboards.rating import reset_rating
from bot.storage.models import MatchResult, RoundResult, User


async def forget_user(session: AsyncSession, user_id: int) -> None:
    """Delete the user's round and match results and reset their rating."""
    await session.execute(delete(RoundResult).where(RoundResult.user_id == user_id))
    await session.execute(delete(MatchResult).where(MatchResult.user_id == user_id))
    user = await session.get(User, user_id)
    if user is not None:
        reset_rating(user)
    await session.flush()
