"""match_results.people: how many people played each match, so that practice against computers stays off
the boards; the all-time totals on the users are summed again without it, nor the points of stopped matches

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-05 07:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_BOARD_COLUMNS = ["user_id", "stopped_early", "placement", "points"]
_INDEXES = {
    "ix_match_results_chat_board": ["chat_id", "is_bot", "finished_at", *_BOARD_COLUMNS],
    "ix_match_results_global_board": ["is_bot", "finished_at", *_BOARD_COLUMNS],
}

# Every person's row of a match is still there when this runs, except those deleted by /forgetme.
_PEOPLE = """
UPDATE match_results SET people = (SELECT COUNT(*) FROM match_results other
                                   WHERE other.game_id = match_results.game_id AND NOT other.is_bot)
"""


def _totals(match_counted: str, points_counted: str) -> str:
    """The users' all-time figures summed again over their own rows: matches and wins of the rows that satisfy
    `match_counted`, points of those that satisfy `points_counted` (as in 0004)."""
    return f"""
UPDATE users SET
    total_matches = (SELECT COUNT(*) FROM match_results r
                     WHERE r.user_id = users.id AND NOT r.is_bot AND {match_counted}),
    total_wins = (SELECT COUNT(*) FROM match_results r
                  WHERE r.user_id = users.id AND NOT r.is_bot AND {match_counted} AND r.placement = 1),
    total_points = (SELECT COALESCE(SUM(r.points), 0) FROM match_results r
                    WHERE r.user_id = users.id AND NOT r.is_bot AND {points_counted})
WHERE EXISTS (SELECT 1 FROM match_results r WHERE r.user_id = users.id)
"""


# Now only finished matches of two people or more count, points included; before, points of stopped ones did.
_COUNTED = "r.people >= 2 AND NOT r.stopped_early"
_COUNTED_BEFORE = "NOT r.stopped_early"


def upgrade() -> None:
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("people", sa.Integer(), server_default=sa.text("0"), nullable=False))
        for name, columns in _INDEXES.items():
            batch_op.drop_index(name)
            batch_op.create_index(name, [*columns, "people"], unique=False)
    op.execute(_PEOPLE)
    op.execute(_totals(_COUNTED, _COUNTED))


def downgrade() -> None:
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        for name, columns in _INDEXES.items():
            batch_op.drop_index(name)
            batch_op.create_index(name, columns, unique=False)
        batch_op.drop_column("people")
    op.execute(_totals(_COUNTED_BEFORE, "TRUE"))
