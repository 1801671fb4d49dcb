"""Start the bot in polling mode (the default), after applying pending migrations."""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
from importlib.metadata import PackageNotFoundError, version

from sqlalchemy.engine import make_url

from bot.config import Settings
from bot.storage import Database
from bot.storage.instance_lock import only_bot_on
from bot.storage.migrate import upgrade_to_head

logger = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: everything is configured through the environment."""


def run(args: argparse.Namespace) -> int:
    settings: Settings = args.settings
    token = settings.require_token()
    # Imported here: the Telegram side (PTB, the renders, the catalogues) is most of start-up, which
    # migrate, simulate and a configuration error do without.
    from bot.tg.app import build_application, run_polling
    from bot.tg.reach import wait_for_telegram

    database = make_url(settings.database_url).render_as_string(hide_password=True)
    logger.info("uno-bot %s starting on the database %s", _installed_version(), database)
    with only_bot_on(settings.database_url):
        asyncio.run(upgrade_to_head(settings.database_url))
        asyncio.run(wait_for_telegram(token, settings.telegram_api_url))
        application = build_application(settings, token, Database.connect(settings.database_url))
        # What start-up loaded (modules, PTB, SQLAlchemy, migrations, translations) lives as long as the
        # process. Frozen, it is left out of later full collections, which otherwise scanned it all and
        # stopped the event loop for ~110 ms about once a minute under load: every press arriving meanwhile
        # waited.
        gc.collect()
        gc.freeze()
        run_polling(application)
    return 0


def _installed_version() -> str:
    try:
        return version("uno-bot")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"
