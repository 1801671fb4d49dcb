"""The bot's profile in each language: its description, which a newcomer reads in the empty private chat a
group's Join (or "Open the chat with the bot") sends them to, above Telegram's Start button; and its short
description, on its profile page."""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.error import TelegramError

from bot.i18n import LANGUAGES, Language, Translator

logger = logging.getLogger(__name__)

ProfileTexts = dict[str | None, tuple[str, str]]  # (description, short description) by language code


def profile_texts(translator: Translator, default_language: Language) -> ProfileTexts:
    """(description, short description) per language code. Under none, for every app in neither language
    (which would otherwise read a language its user may not know): both languages' brief texts, the default
    language's first."""
    texts: ProfileTexts = {
        language: (translator.t(language, "bot-description"), translator.t(language, "bot-short-description"))
        for language in LANGUAGES
    }
    both = sorted(LANGUAGES, key=lambda language: language != default_language)
    texts[None] = (
        "\n\n".join(translator.t(language, "bot-description-brief") for language in both),
        " / ".join(translator.t(language, "bot-short-description-brief") for language in both),
    )
    return texts


async def describe_bot(bot: Bot, texts: ProfileTexts) -> bool:
    """Each text (`profile_texts`) set only where it reads otherwise: Telegram lets them change only now and
    then. Whether all read so now; not (Telegram failed for a moment): the bot runs all the same, and tries
    again at its next start."""
    try:
        for code, (description, short) in texts.items():
            if (await bot.get_my_description(code)).description != description:
                await bot.set_my_description(description, code)
            if (await bot.get_my_short_description(code)).short_description != short:
                await bot.set_my_short_description(short, code)
    except TelegramError as error:
        logger.warning("Could not set the bot's description: %s", error.message)
        return False
    return True
