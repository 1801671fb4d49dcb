"""users.own_menu: the fingerprint of each person's private chat's own menu as last set (its bot's id,
language and wording), so that their Start sets it where another bot on the same database set it, or none
did (out of reach as the menus were set again)

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-07 20:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # None for everyone: each Start of one who chose their language sets their menu once. Not in a batch:
    # SQLite's copy of the table would leave out the index on lower(username) (0017).
    op.add_column("users", sa.Column("own_menu", sa.String(length=64), nullable=True))


def downgrade() -> None:
    op.drop_column("users", "own_menu")  # SQLite 3.35 or later drops it in place
