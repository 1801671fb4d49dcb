"""tracked_messages: the group messages the bot means to delete later (answers after their time, a board once
a newer one is posted, a game's notices as it goes on), so that a restart still deletes them

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05 18:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tracked_messages",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("message_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("posted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("kind", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("chat_id", "message_id", name=op.f("pk_tracked_messages")),
    )


def downgrade() -> None:
    op.drop_table("tracked_messages")
