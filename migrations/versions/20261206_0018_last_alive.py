"""last_alive: when the bot last wrote down that it runs (every few seconds, and as it stops), so that the
next start knows how long it was down and gives the games that time back

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06 16:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "last_alive",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("alive_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("stopped", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_last_alive")),
    )


def downgrade() -> None:
    op.drop_table("last_alive")
