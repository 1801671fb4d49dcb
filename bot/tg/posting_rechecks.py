"""Whether a group that refused the bot's posts lets it post now, asked of Telegram when someone there presses
a button of the bot's or sends it a command (bot.tg.handlers.muted_group): nothing tells a bot that members'
"Send messages" was turned back on, and else each would be told for a day that the bot can't post there.
Asked once a group in RECHECK_MS: the presses of a burst share one read's answer."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from telegram import Bot
from telegram.error import TelegramError

from bot.tg.background import SpawnOf
from bot.tg.chat_rights import bot_may_post
from bot.tg.send import Sleep

log = logging.getLogger(__name__)

RECHECK_MS = 10 * 1000
# A press waits for the read: a longer flood wait is no answer (the group is taken to refuse posts still).
LONGEST_WAIT_S = 5.0


class PostingRechecks:
    def __init__(
        self, bot: Callable[[], Bot | None], ticks: Callable[[], int], sleep: Sleep, spawn: SpawnOf[bool]
    ) -> None:
        """`bot`: the running bot's (created when it starts); `ticks`: ms on the monotonic clock; `sleep`:
        waits on the bot's clock (a read asked again)."""
        self._bot = bot
        self._ticks = ticks
        self._sleep = sleep
        self._spawn = spawn
        self._asked: dict[int, tuple[int, asyncio.Task[bool]]] = {}  # by group: when, and the read

    async def may_post(self, chat_id: int) -> bool:
        """Whether Telegram says the bot may post in the group now; not when it could not tell. The answer
        of a read asked within RECHECK_MS (or still under way) is the answer."""
        now = self._ticks()
        self._asked = {chat: asked for chat, asked in self._asked.items() if _current(*asked, now)}
        asked = self._asked.get(chat_id)
        if asked is None:
            asked = self._asked[chat_id] = (now, self._spawn(self._read(chat_id)))
        return await asyncio.shield(asked[1])  # one asker's update cancelled leaves the read to the others

    async def _read(self, chat_id: int) -> bool:
        bot = self._bot()
        assert bot is not None, "set in post_init"
        try:
            return await bot_may_post(bot, chat_id, self._sleep, LONGEST_WAIT_S)
        except TelegramError as error:
            log.warning("Could not read whether the bot may post in chat %s: %s", chat_id, error.message)
            return False


def _current(at: int, read: asyncio.Task[bool], now: int) -> bool:
    """Whether a read asked at `at` answers for now: asked within RECHECK_MS, or still under way."""
    return now - at < RECHECK_MS or not read.done()
