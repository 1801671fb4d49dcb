"""lobby_subscriptions.topic_title: the forum topic's name, so a waiting person's greeting names the topic

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 13:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: the requests made before it name their chat only, as they did.
    with op.batch_alter_table("lobby_subscriptions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("topic_title", sa.String(length=128), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("lobby_subscriptions", schema=None) as batch_op:
        batch_op.drop_column("topic_title")
