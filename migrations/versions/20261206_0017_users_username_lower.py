"""users: the usernames indexed in lower case, as /stats @username looks them up (in any case), instead of as
stored, which no query read: with 100,000 users the lookup read them all

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-06 03:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.drop_index("ix_users_username", table_name="users")
    op.create_index("ix_users_username_lower", "users", [sa.text("lower(username)")], unique=False)


def downgrade() -> None:
    op.drop_index("ix_users_username_lower", table_name="users")
    op.create_index("ix_users_username", "users", ["username"], unique=False)
