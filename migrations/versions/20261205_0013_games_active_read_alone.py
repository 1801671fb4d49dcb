"""games: without the index by status, so that the open games are read from the index of the open games alone
(by place) whatever SQLite's statistics say: with statistics of a filled database, the planner took the
status index for ~a quarter of all games and read the whole table instead

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05 10:30:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_games_status", table_name="games")


def downgrade() -> None:
    op.create_index("ix_games_status", "games", ["status"], unique=False)
