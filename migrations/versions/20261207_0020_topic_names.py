"""topic_names: the name a forum topic was last renamed to, which Telegram tells a bot only as it happens
(every message in the topic answers its creation, which keeps the name it was created with)

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-07 08:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "topic_names",
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_topic_names_chat_id_chats"),
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("chat_id", "topic_id", name=op.f("pk_topic_names")),
    )


def downgrade() -> None:
    op.drop_table("topic_names")
