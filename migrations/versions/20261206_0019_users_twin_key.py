"""users.twin_key: how each name reads for twin marks (in any case, cleaned: `read_as`), indexed, so that a
board's namesakes are the ones its marks tell apart ("alex" and "Alex"), not those of the exact name stored,
and the /stats card finds its own without reading every user

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06 23:30:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from bot.visible_text import read_as

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_USERS = sa.table("users", sa.column("id", sa.BigInteger()), sa.column("name"), sa.column("twin_key"))
_BATCH = 1_000  # rows read and written at a time: 50,000 users take no more memory than this many


def upgrade() -> None:
    # Not in a batch: SQLite's copy of the table would leave out the index on lower(username) (0017).
    op.add_column("users", sa.Column("twin_key", sa.Text(), server_default="", nullable=False))
    _fill_twin_keys()
    op.create_index("ix_users_twin_key", "users", ["twin_key"], unique=False)


def _fill_twin_keys() -> None:
    """Each existing row's key, worked out in Python as the bot does on every write of a name (`read_as`
    has no SQL twin, and a later change of it fills them again in a migration of its own); a name of nothing
    visible, or none (a deleted account's), keeps the default ""."""
    if op.get_context().as_sql:  # offline SQL scripts: the keys are worked out in Python, nothing to print
        return
    connection = op.get_bind()
    write = _USERS.update().where(_USERS.c.id == sa.bindparam("user_id")).values(twin_key=sa.bindparam("key"))
    after = None  # user ids run below 0 (computer players)
    while True:
        read = sa.select(_USERS.c.id, _USERS.c.name).order_by(_USERS.c.id).limit(_BATCH)
        if after is not None:
            read = read.where(_USERS.c.id > after)
        rows = connection.execute(read).all()
        if not rows:
            return
        if keys := [{"user_id": user_id, "key": key} for user_id, name in rows if (key := read_as(name))]:
            connection.execute(write, keys)
        after = rows[-1].id


def downgrade() -> None:
    op.drop_index("ix_users_twin_key", table_name="users")
    op.drop_column("users", "twin_key")  # SQLite 3.35 or later drops it in place
