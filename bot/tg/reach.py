"""Before polling: reach Telegram, waiting for a network that is not up yet, refusing a rejected token."""

from __future__ import annotations

import asyncio
import logging

from telegram import Bot
from telegram.error import InvalidToken, NetworkError, RetryAfter, TelegramError

from bot.config import ConfigError
from bot.tg.http import AiohttpRequest
from bot.tg.send import Sleep, retry_after_seconds

logger = logging.getLogger(__name__)

FIRST_RETRY_S = 1.0
LAST_RETRY_S = 60.0


async def wait_for_telegram(token: str, api_url: str, sleep: Sleep = asyncio.sleep) -> None:
    """Ask Telegram who the bot is until it answers: a network that is not up yet (a machine booting) is
    waited for, one line a try; a token Telegram rejects, or a server that is no Bot API, raises ConfigError
    at once."""
    delay = FIRST_RETRY_S
    while True:
        try:
            async with Bot(token, base_url=f"{api_url}/bot", request=AiohttpRequest(connection_pool_size=1)):
                return  # initialising a Bot asks getMe
        except InvalidToken:
            # Telegram answers 401 for an unknown token; a server that is no Bot API answers 404, read alike.
            raise ConfigError(
                "BOT_TOKEN was rejected by Telegram: check the token from @BotFather (and TELEGRAM_API_URL)"
            ) from None
        except RetryAfter as error:  # flood control, as a bot restarting in a loop may meet
            wait = retry_after_seconds(error)
            logger.warning("Telegram asks to wait %.0f s before the bot starts", wait)
            await sleep(wait)
            continue
        except NetworkError as error:
            logger.warning("Telegram is not reachable (%s); trying again in %.0f s", error, delay)
        except TelegramError as error:  # an answer that is no Bot API's (a web page, a proxy's notice)
            raise ConfigError(
                f"TELEGRAM_API_URL={api_url} did not answer as a Bot API server ({error.message})"
            ) from None
        await sleep(delay)
        delay = min(delay * 2, LAST_RETRY_S)
