"""`python -m bot`, its matches dealt from seeds counted up from the first argument instead of random ones:
a run's deals, and so how long its matches last, are the same each time. Run as
`python -m tests.reliability.seeded_bot SEED` (process.BotProcess with a `deal_seed`). bot.commands.run
looks up build_application when it runs, so it finds the replacement; the tests that deal so check the
seeds their matches were dealt by (invariants.deal_seeds)."""

from __future__ import annotations

import itertools
import sys
from dataclasses import replace

import bot.tg.app
from bot.__main__ import main
from bot.config import Settings
from bot.storage import Database
from bot.tg.app import BotApplication, Wiring


def deal_from(first: int) -> None:
    """Every application built from now on deals match after match from `first`, `first + 1`, ..."""
    seeds = itertools.count(first)
    build = bot.tg.app.build_application

    def seeded(
        settings: Settings, token: str, database: Database, wiring: Wiring | None = None
    ) -> BotApplication:
        return build(settings, token, database, replace(wiring or Wiring(), seeds=lambda: next(seeds)))

    bot.tg.app.build_application = seeded


if __name__ == "__main__":
    deal_from(int(sys.argv[1]))
    sys.exit(main([]))
