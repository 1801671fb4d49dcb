"""set_in_telegram: what the bot last set in Telegram that Telegram keeps (its command menus, its
descriptions, the private chats' own menus), a fingerprint of each, so that a start whose wording reads the
same makes no call

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-07 17:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "set_in_telegram",
        sa.Column("what", sa.String(length=32), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("what", name=op.f("pk_set_in_telegram")),
    )


def downgrade() -> None:
    op.drop_table("set_in_telegram")
