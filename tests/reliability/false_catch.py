"""A false catch on purpose: when Catch! would catch nobody though someone holds one card (they called UNO!,
or their window closed), the moment the table offers Catch! alone (RULES.md §5).

The people's own catches (`Person._maybe_catch`) make a false catch only when the group's table shows such a
moment before the round moves on, which the machine's pace decides: the table is redrawn at the group's pace
(20 writes a minute) while the turns go by faster, and a fast machine drew none in three runs. This reads the
moment from the game's database row instead, so a run with `false_catch_penalty` sees what a false catch
costs (`Press.costly`) whatever its pace (`Person.false_catch_at`).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from bot.engine.serialization import state_from_dict


def false_catch_counter(database: Path, game_id: int, catcher: int) -> int | None:
    """The table's counter while a Catch! by `catcher` would be false: someone else holds one card, nobody can
    be caught, and no window is open (its closing would make the press outdated); else None."""
    try:
        with closing(sqlite3.connect(database, timeout=5)) as connection:
            row = connection.execute("SELECT status, state FROM games WHERE id = ?", (game_id,)).fetchone()
    except sqlite3.OperationalError:
        return None  # busy for a moment: look again
    if row is None or row[0] != "running":
        return None
    document = json.loads(row[1])
    if document.get("engine") is None:
        return None
    state = state_from_dict(document["engine"])
    if state.round_over or state.catchable or state.slap_deadline is not None:
        return None
    if not any(len(cards) == 1 for player, cards in state.hands.items() if player != catcher):
        return None
    return int(document["table_counter"])
