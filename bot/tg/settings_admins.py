"""Who may change a chat's settings: its owner and administrators, as Telegram reports them.

The list comes from getChatAdministrators and is kept for a minute per chat (then forgotten), so a burst of
presses costs one call. One the list leaves out is asked about anew with a getChatMember of their own (at
most once per RECHECK_SECONDS each, and not while the list is that fresh): a freshly promoted admin is let
in at once, not told to wait for the list to run out. A change is confirmed by a fresh getChatMember of the
one who asks (`may_change`): a bot that is no admin gets no chat_member updates, so a demoted admin would
otherwise keep changing rules until the list expires.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable

from telegram import Bot
from telegram.error import ChatMigrated, TelegramError

from bot.tg.chat_rights import RightsUnknown, member_is_admin
from bot.tg.send import failed_for_a_moment

log = logging.getLogger(__name__)

Clock = Callable[[], float]
CACHE_SECONDS = 60.0
# One left out of the list is asked about anew at most this often: a member pressing the menu's buttons
# over and over costs a read every few seconds, not one a press.
RECHECK_SECONDS = 5.0


class AdminCache:
    def __init__(self, clock: Clock = time.monotonic, seconds: float = CACHE_SECONDS) -> None:
        self._clock = clock
        self._seconds = seconds
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        self._rechecked: dict[tuple[int, int], float] = {}  # (chat, user): when they were asked about anew
        # (chat, user): their ask on its way, whose answer a try of theirs meanwhile waits for (then gone)
        self._asking: dict[tuple[int, int], asyncio.Future[bool]] = {}

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether the user is the chat's owner or an administrator. When Telegram refuses the list the answer
        is no: a settings change can be retried, a wrong yes cannot be taken back. When it fails for a
        moment, RightsUnknown (the person is told to try again); ChatMigrated for a group that became a
        supergroup."""
        return await self._listed(bot, chat_id, user_id) or await self._promoted(bot, chat_id, user_id)

    async def may_change(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """`is_admin`, confirmed by Telegram now: for what changes something (browsing trusts the list)."""
        if not await self._listed(bot, chat_id, user_id):
            return await self._promoted(bot, chat_id, user_id)  # asked about now, if at all
        if await member_is_admin(bot, chat_id, user_id):
            return True
        self.forget(chat_id)  # demoted since the list was read (or Telegram failed: the list is read anew)
        return False

    def forget(self, chat_id: int) -> None:
        self._admins.pop(chat_id, None)

    async def _listed(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        admins = await self._admins_of(bot, chat_id)
        return admins is not None and user_id in admins

    async def _promoted(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether one the list leaves out is an admin by now, as Telegram says when asked about them alone:
        no without asking when the list, or their last answer, is fresher than RECHECK_SECONDS, or when
        Telegram refused the list. A yes joins them to the list. A moment's failure (RightsUnknown) is no
        answer: their next try asks again, not refused as a member's; a try while it is on its way shares its
        answer."""
        cached, now, key = self._admins.get(chat_id), self._clock(), (chat_id, user_id)
        if cached is None or cached[0] <= now:  # Telegram refused the list just now
            return False
        asked = max(cached[0] - self._seconds, self._rechecked.get(key, -math.inf))
        if now - asked < RECHECK_SECONDS:
            return False
        asking = self._asking.get(key)
        if asking is None:
            asking = self._asking[key] = asyncio.ensure_future(member_is_admin(bot, chat_id, user_id))
            asking.add_done_callback(lambda asked: self._asked(key, asked))
        promoted = await asyncio.shield(asking)  # a press cancelled leaves the others their answer
        self._rechecked = {k: at for k, at in self._rechecked.items() if now - at < RECHECK_SECONDS}
        self._rechecked[key] = now
        if not promoted:
            return False
        # the list as it is now: another asked about meanwhile may have joined it, or it was forgotten
        current = self._admins.get(chat_id)
        if current is not None and current[0] > self._clock():
            self._admins[chat_id] = (current[0], current[1] | {user_id})
        return True

    def _asked(self, key: tuple[int, int], asked: asyncio.Future[bool]) -> None:
        """An ask answered (or failed) is gone; its failure is read here: when every press waiting on it was
        cancelled, nobody else reads it, and asyncio logs it as never retrieved."""
        self._asking.pop(key, None)
        if not asked.cancelled():
            asked.exception()

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
