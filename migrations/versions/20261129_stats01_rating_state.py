"""stats: users' Weng-Lin rating state, each match result's rating after it, leaderboard indexes

Revision ID: stats01
Revises: 0001
Create Date: 2026-11-29 12:35:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "stats01"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("rating_mu", sa.Double(), server_default=sa.text("25.0"), nullable=False)
        )
        batch_op.add_column(
            sa.Column(
                "rating_sigma", sa.Double(), server_default=sa.text("8.333333333333334"), nullable=False
            )
        )

    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rating_after", sa.Double(), nullable=True))
        batch_op.create_index(
            "ix_match_results_chat_board",
            ["chat_id", "is_bot", "finished_at", "user_id", "stopped_early", "placement", "points"],
            unique=False,
        )
        batch_op.create_index(
            "ix_match_results_global_board",
            ["is_bot", "finished_at", "user_id", "stopped_early", "placement", "points"],
            unique=False,
        )


def downgrade() -> None:
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.drop_index("ix_match_results_global_board")
        batch_op.drop_index("ix_match_results_chat_board")
        batch_op.drop_column("rating_after")

    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_column("rating_sigma")
        batch_op.drop_column("rating_mu")
