"""The skill rating: OpenSkill's Weng-Lin model (Plackett-Luce), one free-for-all match at a time.

Each user carries a skill estimate (mu, sigma). The number people see is conservative, mu - 3 sigma (the skill
the player has with about 99.7% certainty), scaled so that a newcomer starts at 1500. Only matches between two
or more humans with no computer players count, and never a match stopped early nor one off the boards (fewer
than two of them played a full round). After each rated match every participant's `match_results.rating_after`
keeps the new number: that column is the rating history the trend is drawn from, and it disappears with the
player's own rows (/forgetme).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from bot.storage.models import MatchResult, User
from bot.storage.results import BOARD_PEOPLE

INITIAL_MU = 25.0
INITIAL_SIGMA = INITIAL_MU / 3
# Displayed rating = RATING_BASE + RATING_SCALE * (mu - 3 sigma); a newcomer's mu - 3 sigma is 0.
RATING_BASE = 1500.0
RATING_SCALE = 20.0
# Fewer rated matches than this: the rating is marked provisional.
PROVISIONAL_MATCHES = 5

_MODEL = PlackettLuce(mu=INITIAL_MU, sigma=INITIAL_SIGMA)


def displayed_rating(mu: float, sigma: float) -> float:
    """The conservative single number for a skill estimate, rounded to a whole point."""
    return float(round(RATING_BASE + RATING_SCALE * (mu - 3 * sigma)))


def is_provisional(rated_matches: int) -> bool:
    return rated_matches < PROVISIONAL_MATCHES


def shown_rating(rating: float) -> int:
    """A rating as people read it: whole, a half rounded away from zero (1500.5 reads 1501), as the board's
    ranking rounds it (leaderboard `_order_keys`); Python's round() takes a half to the even number (1500),
    which would show a line apart from those it shares a medal with."""
    whole = math.floor(abs(rating) + 0.5)
    return whole if rating >= 0 else -whole


@dataclass(frozen=True)
class RatingChange:
    user_id: int
    before: float
    after: float


async def record_match(session: AsyncSession, game_id: int) -> tuple[RatingChange, ...]:
    """Update the ratings of the humans of a finished match from its `match_results` rows.

    Call it in the transaction that wrote those rows, after they are flushed. Returns the changes (empty when
    the match does not count for rating: stopped early, a computer player, fewer than two humans, a result
    off the boards, or already recorded, so calling it twice is harmless).
    """
    rows = list((await session.scalars(select(MatchResult).where(MatchResult.game_id == game_id))).all())
    humans = [row for row in rows if not row.is_bot]
    if (
        len(humans) < 2
        or len(humans) != len(rows)
        or any(row.stopped_early or row.people < BOARD_PEOPLE or row.rating_after is not None for row in rows)
    ):
        return ()
    humans.sort(key=lambda row: row.user_id)
    # Lock the players' rows in a fixed order (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises).
    users = {
        user.id: user
        for user in await session.scalars(
            select(User)
            .where(User.id.in_([row.user_id for row in humans]))
            .order_by(User.id)
            .with_for_update()
        )
    }
    teams = [
        [_MODEL.rating(mu=users[row.user_id].rating_mu, sigma=users[row.user_id].rating_sigma)]
        for row in humans
    ]
    rated = _MODEL.rate(teams, ranks=[float(row.placement) for row in humans])
    changes = []
    for row, (new,) in zip(humans, rated, strict=True):
        user = users[row.user_id]
        before = user.rating
        user.rating_mu, user.rating_sigma = new.mu, new.sigma
        user.rating = displayed_rating(new.mu, new.sigma)
        user.rated_matches += 1
        row.rating_after = user.rating
        changes.append(RatingChange(user.id, before, user.rating))
    await session.flush()
    return tuple(changes)


def reset_rating(user: User) -> None:
    """Back to a newcomer's rating (for /forgetme)."""
    user.rating_mu, user.rating_sigma = INITIAL_MU, INITIAL_SIGMA
    user.rating = displayed_rating(INITIAL_MU, INITIAL_SIGMA)
    user.rated_matches = 0
