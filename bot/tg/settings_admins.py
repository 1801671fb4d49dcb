"""Who may change a chat's settings: its owner and administrators, as Telegram reports them.

The list comes from getChatAdministrators and is kept for a minute per chat (then forgotten), so a burst of
presses costs one call; a freshly promoted admin waits at most that long. A change is confirmed by a fresh
getChatMember of the one who asks (`may_change`): a bot that is no admin gets no chat_member updates, so a
demoted admin would otherwise keep changing rules until the list expires.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from telegram import Bot
from telegram.error import ChatMigrated, TelegramError

from bot.tg.chat_rights import RightsUnknown, member_is_admin
from bot.tg.send import failed_for_a_moment

log = logging.getLogger(__name__)

Clock = Callable[[], float]
CACHE_SECONDS = 60.0


class AdminCache:
    def __init__(self, clock: Clock = time.monotonic, seconds: float = CACHE_SECONDS) -> None:
        self._clock = clock
        self._seconds = seconds
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether the user is the chat's owner or an administrator. When Telegram refuses the list the answer
        is no: a settings change can be retried, a wrong yes cannot be taken back. When it fails for a
        moment, RightsUnknown (the person is told to try again); ChatMigrated for a group that became a
        supergroup."""
        admins = await self._admins_of(bot, chat_id)
        return admins is not None and user_id in admins

    async def may_change(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """`is_admin`, confirmed by Telegram now: for what changes something (browsing trusts the list)."""
        if not await self.is_admin(bot, chat_id, user_id):
            return False
        if await member_is_admin(bot, chat_id, user_id):
            return True
        self.forget(chat_id)  # demoted since the list was read (or Telegram failed: the list is read anew)
        return False

    def forget(self, chat_id: int) -> None:
        self._admins.pop(chat_id, None)

    async def _admins_of(self, bot: Bot, chat_id: int) -> frozenset[int] | None:
        now = self._clock()
        cached = self._admins.get(chat_id)
        if cached is not None and cached[0] > now:
            return cached[1]
        try:
            members = await bot.get_chat_administrators(chat_id)
        except ChatMigrated:
            raise  # no refusal: the group is a supergroup now (chat_rights.chat_admin)
        except TelegramError as error:
            if failed_for_a_moment(error):
                raise RightsUnknown(f"the admins of chat {chat_id}: {error.message}") from error
            log.warning("Could not list the admins of chat %s: %s", chat_id, error.message)
            return None
        admins = frozenset(member.user.id for member in members)
        # The lists run out: those of chats nobody asked about for a minute go (each chat's kept for good grew
        # with every group whose settings were ever opened).
        self._admins = {chat: kept for chat, kept in self._admins.items() if kept[0] > now}
        self._admins[chat_id] = (now + self._seconds, admins)
        return admins
