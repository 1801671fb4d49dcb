"""game_players.hand_sent_for: the turn each hand message was sent anew for

Revision ID: 0002
Revises: stats01
Create Date: 2026-12-02 05:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "stats01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("hand_sent_for", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.drop_column("hand_sent_for")
