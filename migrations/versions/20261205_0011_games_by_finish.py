"""games: indexed by when they ended (all chats, and each chat), in place of the chat's index by creation that
no query read by its time: start-up, the old logs' job and a group's last game walked every game ever played

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 09:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_chat_id_created_at")
        batch_op.create_index("ix_games_chat_id_finished_at", ["chat_id", "finished_at"], unique=False)
        batch_op.create_index("ix_games_finished_at", ["finished_at"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_finished_at")
        batch_op.drop_index("ix_games_chat_id_finished_at")
        batch_op.create_index("ix_games_chat_id_created_at", ["chat_id", "created_at"], unique=False)
