"""match_results.people counts the people who played a full round of the match (were seated at a round's end,
as its round results show): one who joined and left at once no longer makes a match of two, nor does a
walkover before any round ended; a row of one who left before playing a full round keeps everyone the match
had (their loss stands). The users' all-time totals are summed again. Ratings already given stay.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05 12:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_PLAYED_ROUND = """EXISTS (SELECT 1 FROM round_results r
                            WHERE r.game_id = {row}.game_id AND r.user_id = {row}.user_id)"""

# A row's person played a full round, or stayed to the end (a walkover's winner, the only placement 1 that may
# have no round row): their result counts the people who played a full round. A person of the match
# (`people` counted them all) who has no round row either left before the first round ended, or won such a
# walkover; a person deleted by /forgetme is no such row, and still counts as having played.
_PEOPLE_OF_A_FULL_ROUND = f"""
UPDATE match_results SET people = people - (
    SELECT COUNT(*) FROM match_results other
    WHERE other.game_id = match_results.game_id AND NOT other.is_bot
          AND NOT {_PLAYED_ROUND.format(row="other")})
WHERE NOT is_bot AND (placement = 1 OR {_PLAYED_ROUND.format(row="match_results")})
"""

# As in 0010: every person's row of the match again, as the version before this one counted them.
_PEOPLE_OF_THE_MATCH = """
UPDATE match_results SET people = (SELECT COUNT(*) FROM match_results other
                                   WHERE other.game_id = match_results.game_id AND NOT other.is_bot)
WHERE NOT is_bot
"""

# As in 0010: the users' all-time figures summed again over their own rows that the boards count.
_TOTALS = """
UPDATE users SET
    total_matches = (SELECT COUNT(*) FROM match_results r
                     WHERE r.user_id = users.id AND NOT r.is_bot AND r.people >= 2 AND NOT r.stopped_early),
    total_wins = (SELECT COUNT(*) FROM match_results r
                  WHERE r.user_id = users.id AND NOT r.is_bot AND r.people >= 2 AND NOT r.stopped_early
                        AND r.placement = 1),
    total_points = (SELECT COALESCE(SUM(r.points), 0) FROM match_results r
                    WHERE r.user_id = users.id AND NOT r.is_bot AND r.people >= 2 AND NOT r.stopped_early)
WHERE EXISTS (SELECT 1 FROM match_results r WHERE r.user_id = users.id)
"""


def upgrade() -> None:
    op.execute(_PEOPLE_OF_A_FULL_ROUND)
    op.execute(_TOTALS)


def downgrade() -> None:
    op.execute(_PEOPLE_OF_THE_MATCH)
    op.execute(_TOTALS)
