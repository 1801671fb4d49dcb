"""64-bit game, event and result ids on PostgreSQL (SQLite's INTEGER ids are 64-bit already)

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 11:20:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The generated ids and the columns that refer to a game.
_ID_TABLES = ("games", "game_events", "round_results", "match_results")
_GAME_REFERENCES = ("game_players", "game_events", "round_results", "match_results")


def _resize(old: type[sa.Integer], new: type[sa.Integer], sequence_type: str) -> None:
    if op.get_context().dialect.name != "postgresql":
        return
    for table in _ID_TABLES:
        op.alter_column(table, "id", type_=new(), existing_type=old(), existing_nullable=False)
        # A serial's sequence keeps its own type (int stops at 2**31 - 1), so it is widened with the column.
        op.execute(f"ALTER SEQUENCE {table}_id_seq AS {sequence_type}")
    for table in _GAME_REFERENCES:
        op.alter_column(table, "game_id", type_=new(), existing_type=old(), existing_nullable=False)


def upgrade() -> None:
    _resize(sa.Integer, sa.BigInteger, "bigint")


def downgrade() -> None:
    _resize(sa.BigInteger, sa.Integer, "integer")
