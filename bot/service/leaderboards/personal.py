"""A player's figures across every chat: indexed queries over their own `match_results` rows. The figures are
those of the matches the boards count (finished, two people or more played a full round); practice (against
computers alone, or others who left during the first round) is counted apart, and a stopped match counts for
nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, case, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from bot.service.leaderboards.rating import INITIAL_MU, INITIAL_SIGMA, displayed_rating, is_provisional
from bot.storage.models import MatchResult, User
from bot.storage.results import BOARD_PEOPLE

# How many recent rated matches the trend spans (and the sparkline shows).
TREND_MATCHES = 10


@dataclass(frozen=True)
class PersonalStats:
    user_id: int
    name: str
    matches: int  # finished (not stopped early), with another person
    wins: int
    rounds_won: int
    points: int
    best_win_streak: int
    uno_calls: int
    catches_made: int
    catches_suffered: int
    challenges_won: int
    challenges_lost: int
    average_place: float | None
    rating: float
    provisional: bool
    # Ratings before and after the last TREND_MATCHES rated matches, oldest first.
    rating_history: tuple[float, ...]
    # Finished practice matches (see the module), which no figure above counts (nor any board).
    practice_matches: int = 0
    practice_wins: int = 0
    # Of `matches`, those a computer player played in: on the boards, but they change no rating.
    with_computers: int = 0

    @property
    def rating_trend(self) -> float:
        """The rating change over the recent rated matches (0 without any)."""
        return self.rating_history[-1] - self.rating_history[0] if self.rating_history else 0.0


async def personal_stats(session: AsyncSession, user_id: int) -> PersonalStats | None:
    """The user's stats, or None when they have nothing to show: no finished match, practice or not."""
    user = await session.get(User, user_id)
    if user is None:
        return None
    mine = and_(MatchResult.user_id == user_id, MatchResult.stopped_early.is_(False))
    with_people = MatchResult.people >= BOARD_PEOPLE
    totals = (
        await session.execute(
            select(
                func.count().label("matches"),
                _wins().label("wins"),
                *(
                    func.coalesce(func.sum(column), 0).label(column.key)
                    for column in (
                        MatchResult.rounds_won,
                        MatchResult.points,
                        MatchResult.uno_calls,
                        MatchResult.catches_made,
                        MatchResult.catches_suffered,
                        MatchResult.challenges_won,
                        MatchResult.challenges_lost,
                    )
                ),
                func.avg(MatchResult.placement).label("average_place"),
            ).where(mine, with_people)
        )
    ).one()
    practice = (
        await session.execute(
            select(func.count().label("matches"), _wins().label("wins")).where(mine, ~with_people)
        )
    ).one()
    if not (totals.matches or practice.matches):
        return None
    computer = aliased(MatchResult)
    with_computers = await session.scalar(
        select(func.count()).where(
            mine,
            with_people,
            exists().where(computer.game_id == MatchResult.game_id, computer.is_bot.is_(True)),
        )
    )
    placements = await session.scalars(
        select(MatchResult.placement)
        .where(mine, with_people)
        .order_by(MatchResult.finished_at, MatchResult.id)
    )
    recent = await session.scalars(
        select(MatchResult.rating_after)
        .where(MatchResult.user_id == user_id, MatchResult.rating_after.is_not(None))
        .order_by(MatchResult.finished_at.desc(), MatchResult.id.desc())
        .limit(TREND_MATCHES + 1)
    )
    return PersonalStats(
        user_id=user_id,
        name=user.name,
        matches=int(totals.matches),
        wins=int(totals.wins),
        rounds_won=int(totals.rounds_won),
        points=int(totals.points),
        best_win_streak=_best_streak(placement == 1 for placement in placements),
        uno_calls=int(totals.uno_calls),
        catches_made=int(totals.catches_made),
        catches_suffered=int(totals.catches_suffered),
        challenges_won=int(totals.challenges_won),
        challenges_lost=int(totals.challenges_lost),
        average_place=None if totals.average_place is None else float(totals.average_place),
        rating=user.rating,
        provisional=is_provisional(user.rated_matches),
        rating_history=_history(list(recent), user.rated_matches),
        practice_matches=int(practice.matches),
        practice_wins=int(practice.wins),
        with_computers=int(with_computers or 0),
    )


def _wins() -> ColumnElement[int]:
    """How many of the rows are wins (0 of none)."""
    return func.coalesce(func.sum(case((MatchResult.placement == 1, 1), else_=0)), 0)


def _best_streak(wins: Iterable[bool]) -> int:
    best = current = 0
    for won in wins:
        current = current + 1 if won else 0
        best = max(best, current)
    return best


def _history(newest_first: list[float | None], rated_matches: int) -> tuple[float, ...]:
    ratings = [rating for rating in reversed(newest_first) if rating is not None]
    if len(ratings) <= TREND_MATCHES and len(ratings) == rated_matches and ratings:
        # The window reaches back to the first rated match: start from a newcomer's rating.
        ratings.insert(0, displayed_rating(INITIAL_MU, INITIAL_SIGMA))
    return tuple(ratings[-(TREND_MATCHES + 1) :])
