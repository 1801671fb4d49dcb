"""initial schema

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:13:42.943017
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chats",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("title", sa.String(length=256), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("settings", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chats")),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("name", sa.String(length=256), nullable=False),
        sa.Column("username", sa.String(length=64), nullable=True),
        sa.Column("language_code", sa.String(length=16), nullable=True),
        sa.Column("language", sa.String(length=8), nullable=True),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("private_chat_started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("blocked", sa.Boolean(), nullable=False),
        sa.Column("rating", sa.Double(), nullable=False),
        sa.Column("rated_matches", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
    )
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_users_username"), ["username"], unique=False)

    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("topic_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False),
        sa.Column("preset", sa.String(length=32), nullable=True),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("created_by", sa.BigInteger(), nullable=True),
        sa.Column("deadline_turn", sa.Integer(), nullable=True),
        sa.Column("turn_deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("uno_deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("slap_deadline_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('lobby', 'running', 'finished', 'stopped')", name=op.f("ck_games_status")
        ),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_games_chat_id_chats"),
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["created_by"], ["users.id"], name=op.f("fk_games_created_by_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_games_chat_id_created_at"), ["chat_id", "created_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_games_status"), ["status"], unique=False)
        batch_op.create_index(
            "uq_games_active_place",
            ["chat_id", "topic_id"],
            unique=True,
            sqlite_where=sa.text("status IN ('lobby', 'running')"),
            postgresql_where=sa.text("status IN ('lobby', 'running')"),
        )

    op.create_table(
        "game_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=64), nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=True),
        sa.Column("payload", sa.JSON().with_variant(postgresql.JSONB(), "postgresql"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_events_game_id_games"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_events")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_game_events_game_id_seq")),
    )
    op.create_table(
        "game_players",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("hand_message_id", sa.BigInteger(), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("left_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_players_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_game_players_user_id_users")),
        sa.PrimaryKeyConstraint("game_id", "user_id", name=op.f("pk_game_players")),
        sa.UniqueConstraint("game_id", "seat", name=op.f("uq_game_players_game_id_seat")),
    )
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_players_user_id"), ["user_id"], unique=False)

    op.create_table(
        "match_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("placement", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("cards_played", sa.Integer(), nullable=False),
        sa.Column("cards_drawn", sa.Integer(), nullable=False),
        sa.Column("uno_calls", sa.Integer(), nullable=False),
        sa.Column("catches_made", sa.Integer(), nullable=False),
        sa.Column("catches_suffered", sa.Integer(), nullable=False),
        sa.Column("challenges_won", sa.Integer(), nullable=False),
        sa.Column("challenges_lost", sa.Integer(), nullable=False),
        sa.Column("timeouts", sa.Integer(), nullable=False),
        sa.Column("duration_seconds", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=32), nullable=True),
        sa.Column("stopped_early", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rounds_played", sa.Integer(), nullable=False),
        sa.Column("rounds_won", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_match_results_chat_id_chats"),
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_match_results_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_match_results_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_match_results")),
        sa.UniqueConstraint("game_id", "user_id", name=op.f("uq_match_results_game_id_user_id")),
    )
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_match_results_chat_id_finished_at"), ["chat_id", "finished_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_match_results_finished_at"), ["finished_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_match_results_user_id_finished_at"), ["user_id", "finished_at"], unique=False
        )

    op.create_table(
        "round_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("chat_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("placement", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("cards_played", sa.Integer(), nullable=False),
        sa.Column("cards_drawn", sa.Integer(), nullable=False),
        sa.Column("uno_calls", sa.Integer(), nullable=False),
        sa.Column("catches_made", sa.Integer(), nullable=False),
        sa.Column("catches_suffered", sa.Integer(), nullable=False),
        sa.Column("challenges_won", sa.Integer(), nullable=False),
        sa.Column("challenges_lost", sa.Integer(), nullable=False),
        sa.Column("timeouts", sa.Integer(), nullable=False),
        sa.Column("duration_seconds", sa.Integer(), nullable=False),
        sa.Column("preset", sa.String(length=32), nullable=True),
        sa.Column("stopped_early", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("hand_points", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["chat_id"],
            ["chats.id"],
            name=op.f("fk_round_results_chat_id_chats"),
            onupdate="CASCADE",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_round_results_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_round_results_user_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_round_results")),
        sa.UniqueConstraint(
            "game_id", "round_number", "user_id", name=op.f("uq_round_results_game_id_round_number_user_id")
        ),
    )
    with op.batch_alter_table("round_results", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_round_results_chat_id_finished_at"), ["chat_id", "finished_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_round_results_finished_at"), ["finished_at"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_round_results_user_id_finished_at"), ["user_id", "finished_at"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("round_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_round_results_user_id_finished_at"))
        batch_op.drop_index(batch_op.f("ix_round_results_finished_at"))
        batch_op.drop_index(batch_op.f("ix_round_results_chat_id_finished_at"))

    op.drop_table("round_results")
    with op.batch_alter_table("match_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_match_results_user_id_finished_at"))
        batch_op.drop_index(batch_op.f("ix_match_results_finished_at"))
        batch_op.drop_index(batch_op.f("ix_match_results_chat_id_finished_at"))

    op.drop_table("match_results")
    with op.batch_alter_table("game_players", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_players_user_id"))

    op.drop_table("game_players")
    op.drop_table("game_events")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_games_active_place",
            sqlite_where=sa.text("status IN ('lobby', 'running')"),
            postgresql_where=sa.text("status IN ('lobby', 'running')"),
        )
        batch_op.drop_index(batch_op.f("ix_games_status"))
        batch_op.drop_index(batch_op.f("ix_games_chat_id_created_at"))

    op.drop_table("games")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_users_username"))

    op.drop_table("users")
    op.drop_table("chats")
