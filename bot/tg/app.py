"""The composition root: build the PTB Application with its services, and run it."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, TypeAlias

from telegram import Update
from telegram.constants import ParseMode
from telegram.ext import AIORateLimiter, Application, ApplicationBuilder, ContextTypes, Defaults

from bot.config import Settings
from bot.storage import Database

logger = logging.getLogger(__name__)

BotApplication: TypeAlias = Application[Any, ContextTypes.DEFAULT_TYPE, Any, Any, Any, Any]

_SERVICES_KEY = "services"


@dataclass(frozen=True, slots=True)
class Services:
    """What handlers need besides Telegram, kept in `application.bot_data`."""

    settings: Settings
    database: Database


def services(application: BotApplication) -> Services:
    found = application.bot_data[_SERVICES_KEY]
    assert isinstance(found, Services)
    return found


def build_application(settings: Settings, token: str, database: Database) -> BotApplication:
    """The Application talking to {TELEGRAM_API_URL}/bot<token>/<method>, with rate limiting and HTML."""
    application = (
        ApplicationBuilder()
        .token(token)
        .base_url(f"{settings.telegram_api_url}/bot")
        .base_file_url(f"{settings.telegram_api_url}/file/bot")
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .rate_limiter(AIORateLimiter())
        .post_init(_post_init)
        .post_shutdown(_post_shutdown)
        .build()
    )
    application.bot_data[_SERVICES_KEY] = Services(settings=settings, database=database)
    application.add_error_handler(_log_error)
    return application


def run_polling(application: BotApplication) -> None:
    """Poll until SIGINT/SIGTERM. Updates sent while the bot was down are still handled."""
    application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)


async def _post_init(application: BotApplication) -> None:
    # getMe has succeeded by now (Application.initialize); the database is migrated.
    logger.info("Started as @%s (id %s)", application.bot.username, application.bot.id)


async def _post_shutdown(application: BotApplication) -> None:
    await services(application).database.dispose()


async def _log_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    update_id = update.update_id if isinstance(update, Update) else None
    logger.error("Error while handling update %s", update_id, exc_info=context.error)
