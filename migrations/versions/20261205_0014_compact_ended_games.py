"""games.state: the documents of games that ended and lost their move logs (GAME_LOG_DAYS) keep only what is
still read of them (bot.service.ended_games, as it was at this revision): their piles, hands, recent moves
and figures were two thirds of a busy database. From now on the old logs' job compacts each game as its log
goes; this does the games whose logs went before. Down again, a compact game's engine gets its rules back,
which the bot before this revision reads it with.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 11:30:00.000000
"""

from collections.abc import Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_GAMES = sa.table(
    "games",
    sa.column("id", sa.BigInteger()),
    sa.column("status", sa.String()),
    sa.column("state", sa.JSON().with_variant(JSONB(), "postgresql")),
)
_EVENTS = sa.table("game_events", sa.column("game_id", sa.BigInteger()))
_BATCH = 500  # games read and written at a time

# What a compact document no longer has (emptied), and the engine's fields it keeps.
_EMPTIED: dict[str, Any] = {
    "unreachable": [],
    "told_unreachable": [],
    "kicked": [],
    "kicked_by": {},
    "departures": {},
    "handovers": {},
    "recent": [],
    "hand_counters": {},
    "hand_sends": {},
    "turn_mention": None,
    "silence_told": None,
    "revealed": {},
    "round_stats": {},
    "match_stats": {},
}
_ENGINE_KEPT = ("seed", "players", "scores", "dealer", "round_no", "winners", "match_over", "clock", "seq")


def _compacted(state: Any) -> dict[str, Any] | None:
    """The document compacted; None for one that is already, or is no game document."""
    if (
        not isinstance(state, dict)
        or state.get("compact")
        or not {"players", "names", "engine"} <= state.keys()
    ):
        return None
    players = {str(player) for player in state["players"]}
    names = {player: name for player, name in state["names"].items() if player in players}
    engine = state["engine"]
    if isinstance(engine, dict):
        engine = {name: engine[name] for name in _ENGINE_KEPT if name in engine}
    return {**state, **_EMPTIED, "names": names, "engine": engine, "compact": True}


def _with_engine_rules(state: Any) -> dict[str, Any] | None:
    """A compact document whose engine has its rules again; None for any other."""
    if not isinstance(state, dict) or not state.get("compact") or not isinstance(state.get("engine"), dict):
        return None
    return {**state, "engine": {**state["engine"], "rules": state["rules"]}}


def _ended_games(where: sa.ColumnElement[bool]) -> Iterator[list[tuple[int, Any]]]:
    """The ended games that satisfy `where`, a batch of (id, state) at a time."""
    bind = op.get_bind()
    after = 0
    while True:
        rows = bind.execute(
            sa.select(_GAMES.c.id, _GAMES.c.state)
            .where(_GAMES.c.status.in_(["finished", "stopped"]), _GAMES.c.id > after, where)
            .order_by(_GAMES.c.id)
            .limit(_BATCH)
        ).all()
        if not rows:
            return
        yield [(row.id, row.state) for row in rows]
        after = rows[-1].id


def _rewrite(where: sa.ColumnElement[bool], change: Any) -> None:
    if op.get_context().as_sql:  # offline SQL scripts: documents are rewritten in Python, nothing to print
        return
    bind = op.get_bind()
    update = _GAMES.update().where(_GAMES.c.id == sa.bindparam("game")).values(state=sa.bindparam("new"))
    for batch in _ended_games(where):
        changed = [{"game": game, "new": new} for game, state in batch if (new := change(state)) is not None]
        if changed:
            bind.execute(update, changed)


def upgrade() -> None:
    logged = sa.exists().where(_EVENTS.c.game_id == _GAMES.c.id)
    _rewrite(~logged, _compacted)


def downgrade() -> None:
    _rewrite(sa.true(), _with_engine_rules)
