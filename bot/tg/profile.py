"""The bot's profile in each language: its description, which a newcomer reads in the empty private chat a
group's Join (or "Open the chat with the bot") sends them to, above Telegram's Start button; and its short
description, on its profile page."""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.error import TelegramError

from bot.i18n import LANGUAGES, Language, Translator

logger = logging.getLogger(__name__)


async def describe_bot(bot: Bot, translator: Translator, default_language: Language) -> None:
    """Each text set only where it reads otherwise: Telegram lets them change only now and then. Not done
    (Telegram failed for a moment): the bot runs all the same, and tries again at its next start."""
    try:
        for language in LANGUAGES:
            code = None if language == default_language else language  # none: every other language
            description = translator.t(language, "bot-description")
            if (await bot.get_my_description(code)).description != description:
                await bot.set_my_description(description, code)
            short = translator.t(language, "bot-short-description")
            if (await bot.get_my_short_description(code)).short_description != short:
                await bot.set_my_short_description(short, code)
    except TelegramError as error:
        logger.warning("Could not set the bot's description: %s", error.message)
