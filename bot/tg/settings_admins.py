"""Who may change a chat's settings: its owner and administrators, as Telegram reports them.

The list comes from getChatAdministrators and is kept for a minute per chat (then forgotten), so a burst of
presses costs one call. A bot that is no admin gets no chat_member updates, so the list may be out of date
either way: whoever asks is asked about anew with a getChatMember of their own (at most once per
RECHECK_SECONDS each, and not while the list is that fresh), the answer joining them to the list or taking
them off it. A freshly promoted admin is let in at once, not told to wait for the list to run out; a demoted
one is refused at their first press of any kind once RECHECK_SECONDS have passed since they were last asked
about (or the list was read), not left browsing the menu on the list until a change is refused. A change is
confirmed by a fresh getChatMember of an admin the list names, however lately asked (`may_change`).
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
# Whoever presses is asked about alone at most this often (one the list leaves out: made an admin since? one
# it names: demoted since?): pressing the menu's buttons over and over costs a read every few seconds, not one
# a press.
RECHECK_SECONDS = 5.0


class AdminCache:
    def __init__(self, clock: Clock = time.monotonic, seconds: float = CACHE_SECONDS) -> None:
        self._clock = clock
        self._seconds = seconds
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        self._rechecked: dict[tuple[int, int], float] = {}  # (chat, user): when they were asked about alone
        # (chat, user): their ask on its way, whose answer a try of theirs meanwhile waits for (then gone)
        self._asking: dict[tuple[int, int], asyncio.Future[bool]] = {}

    async def is_admin(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether the user is the chat's owner or an administrator, as the list or their own ask says
        (`_checked`). When Telegram refuses the list the answer is no: a settings change can be retried, a
        wrong yes cannot be taken back. When it fails for a moment, RightsUnknown (the person is told to try
        again); ChatMigrated for a group that became a supergroup."""
        if await self._admins_of(bot, chat_id) is None:
            return False
        return await self._checked(bot, chat_id, user_id)

    async def may_change(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """`is_admin`, confirmed by Telegram now when the list names them: for what changes something."""
        admins = await self._admins_of(bot, chat_id)
        if admins is None:
            return False
        if user_id not in admins:
            return await self._checked(bot, chat_id, user_id)  # asked about now, if at all
        return await self._ask(bot, chat_id, user_id)

    def forget(self, chat_id: int) -> None:
        self._admins.pop(chat_id, None)

    async def _checked(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether the user is an admin: as the list says while it, or their last ask, is fresher than
        RECHECK_SECONDS; else as Telegram says when asked about them alone (`_ask`)."""
        cached, now = self._admins.get(chat_id), self._clock()
        if cached is None or cached[0] <= now:  # (read just before: Telegram refused it)
            return False
        asked = max(cached[0] - self._seconds, self._rechecked.get((chat_id, user_id), -math.inf))
        if now - asked < RECHECK_SECONDS:
            return user_id in cached[1]
        return await self._ask(bot, chat_id, user_id)

    async def _ask(self, bot: Bot, chat_id: int, user_id: int) -> bool:
        """Whether Telegram says the user is an admin when asked about them alone: a yes joins them to the
        list, a no takes them off it. A moment's failure (RightsUnknown) is no answer: their next try asks
        again, not refused as a member's; a try while it is on its way shares its answer."""
        now, key = self._clock(), (chat_id, user_id)
        asking = self._asking.get(key)
        if asking is None:
            asking = self._asking[key] = asyncio.ensure_future(member_is_admin(bot, chat_id, user_id))
            asking.add_done_callback(lambda asked: self._asked(key, asked))
        admin = await asyncio.shield(asking)  # a press cancelled leaves the others their answer
        self._rechecked = {k: at for k, at in self._rechecked.items() if now - at < RECHECK_SECONDS}
        self._rechecked[key] = now
        # the list as it is now: another asked about meanwhile may have joined or left it, or it was forgotten
        current = self._admins.get(chat_id)
        if current is not None and current[0] > self._clock():
            admins = current[1] | {user_id} if admin else current[1] - {user_id}
            self._admins[chat_id] = (current[0], admins)
        return admin

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
