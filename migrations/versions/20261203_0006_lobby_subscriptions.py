"""lobby_subscriptions: who asked (/notifyme) to be told in private when the next lobby opens in a place

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 11:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "lobby_subscriptions",
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_lobby_subscriptions_chat_id_chats"),
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_lobby_subscriptions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("chat_id", "topic_id", "user_id", name=op.f("pk_lobby_subscriptions")),
    )
    with op.batch_alter_table("lobby_subscriptions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_lobby_subscriptions_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_table("lobby_subscriptions")
