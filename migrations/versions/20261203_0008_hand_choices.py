"""game_players.hand_choices: the page a hand is turned to and the multi-play selection it shows

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 17:40:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Nullable: the hands shown before it open on their first page after the next restart, as they did.
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("hand_choices", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.drop_column("hand_choices")
