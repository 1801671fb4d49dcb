"""A game's stored round and match rows, as the tests read them back (the bot itself reads them only through
the boards, the rating and the round's people)."""

from __future__ import annotations

from sqlalchemy import select

from bot.storage import UnitOfWork
from bot.storage.models import MatchResult, RoundResult


async def stored_rounds(uow: UnitOfWork, game_id: int) -> list[RoundResult]:
    """The game's round rows, round by round, each round's in placement order."""
    rows = await uow.session.scalars(
        select(RoundResult)
        .where(RoundResult.game_id == game_id)
        .order_by(RoundResult.round_number, RoundResult.placement)
    )
    return list(rows)


async def stored_matches(uow: UnitOfWork, game_id: int) -> list[MatchResult]:
    """The game's match rows in placement order."""
    rows = await uow.session.scalars(
        select(MatchResult).where(MatchResult.game_id == game_id).order_by(MatchResult.placement)
    )
    return list(rows)
