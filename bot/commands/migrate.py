"""Apply pending database migrations and exit."""

from __future__ import annotations

import argparse
import asyncio
import logging

from bot.config import Settings
from bot.storage.instance_lock import only_bot_on
from bot.storage.migrate import upgrade_to_head

logger = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the database comes from DATABASE_URL."""


def run(args: argparse.Namespace) -> int:
    settings: Settings = args.settings
    with only_bot_on(settings.database_url):  # not under a running bot, whose queries expect its own schema
        asyncio.run(upgrade_to_head(settings.database_url))
    logger.info("Database is up to date")
    return 0
