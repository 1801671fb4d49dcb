"""round_results, match_results: without their indexes by end time alone, which no query reads (the boards
read their covering indexes, a player's figures and /forgetme theirs by user, a match's rows theirs by game)
and every stored round and match wrote to (the round results' ~19 MB for half a year of 300 groups)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05 10:00:00.000000
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_TABLES = ("round_results", "match_results")


def upgrade() -> None:
    for table in _TABLES:
        op.drop_index(f"ix_{table}_finished_at", table_name=table)


def downgrade() -> None:
    for table in _TABLES:
        op.create_index(f"ix_{table}_finished_at", table, ["finished_at"], unique=False)
