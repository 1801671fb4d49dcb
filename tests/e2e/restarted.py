"""A match's table seen through the bot started anew, for the tests of what a restart keeps."""

from __future__ import annotations

from typing import Any

from tests.rules_in_play.table import Table


def again(table: Table, bot: Any) -> Table:
    """The same table seen through the restarted bot."""
    return Table(bot, table.fake, table.group, table.people)
