"""users.total_matches, total_wins, total_points: all-time figures for the global board, from the results

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 14:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_COLUMNS = ("total_matches", "total_wins", "total_points")

# What each column sums over a user's own rows (never those played as a computer player).
_BACKFILL = """
UPDATE users SET
    total_matches = (SELECT COUNT(*) FROM match_results r
                     WHERE r.user_id = users.id AND NOT r.is_bot AND NOT r.stopped_early),
    total_wins = (SELECT COUNT(*) FROM match_results r
                  WHERE r.user_id = users.id AND NOT r.is_bot AND NOT r.stopped_early AND r.placement = 1),
    total_points = (SELECT COALESCE(SUM(r.points), 0) FROM match_results r
                    WHERE r.user_id = users.id AND NOT r.is_bot)
WHERE EXISTS (SELECT 1 FROM match_results r WHERE r.user_id = users.id)
"""


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        for column in _COLUMNS:
            batch_op.add_column(sa.Column(column, sa.Integer(), server_default=sa.text("0"), nullable=False))
    op.execute(_BACKFILL)


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        for column in reversed(_COLUMNS):
            batch_op.drop_column(column)
