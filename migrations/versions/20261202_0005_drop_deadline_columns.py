"""games: drop the deadline columns nothing ever wrote (the deadlines live in the game state)

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 23:10:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_DEADLINES = ("turn_deadline_at", "uno_deadline_at", "slap_deadline_at")


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        for column in ("deadline_turn", *_DEADLINES):
            batch_op.drop_column(column)


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("deadline_turn", sa.Integer(), nullable=True))
        for column in _DEADLINES:
            batch_op.add_column(sa.Column(column, sa.DateTime(timezone=True), nullable=True))
