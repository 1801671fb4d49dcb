"""shown_at_stop: what the bot's messages (the tables and hands, its answers, boards and menus) showed as it
stopped, so that the next start's redraw spends no write on one that would show the same (Telegram refuses
it: "message is not modified")

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-07 08:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "shown_at_stop",
        sa.Column("chat_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("message_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("markup", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=True),
        sa.PrimaryKeyConstraint("chat_id", "message_id", name=op.f("pk_shown_at_stop")),
    )


def downgrade() -> None:
    op.drop_table("shown_at_stop")
