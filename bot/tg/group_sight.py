"""Whether the bot sees every message of a group, which seven silence needs: where it does not (privacy mode
on, and no admin there), nobody is fined for breaking a silence, and the screens say so.

Known without a Bot API call per screen or move: getMe's can_read_all_group_messages (privacy mode off) at
start-up, else the bot's admin status in each group as last heard: its my_chat_member updates (a promotion
counts from the update that tells it), and the getChatMember answers that a group message during a silence
asks for. A group not heard of since start-up is asked once, when a match with the rule is shown there or the
rule is switched on."""

from __future__ import annotations

from telegram import Bot
from telegram.error import ChatMigrated

from bot.tg.chat_rights import RightsUnknown, member_is_admin


class GroupSight:
    def __init__(self, bot: Bot) -> None:
        self._bot = bot
        self._admin: dict[int, bool] = {}  # chat -> whether the bot is an admin there, as last heard

    def sees(self, chat_id: int) -> bool:
        """What the screens say: seeing, unless the bot is known not to (a group it could not ask about yet
        keeps the rule's usual lines)."""
        return self._bot.can_read_all_group_messages or self._admin.get(chat_id, True)

    def heard(self, chat_id: int, admin: bool) -> None:
        """The bot's status in the group changed (a my_chat_member update)."""
        self._admin[chat_id] = admin

    async def sees_learned(self, chat_id: int) -> bool:
        """What the screens will say (`sees`), the group asked about first if not heard of yet (`learn`):
        the settings' warning that a silence needs the group's messages says the same as its matches."""
        await self.learn(chat_id)
        return self.sees(chat_id)

    async def learn(self, chat_id: int) -> None:
        """Ask about a group not heard of yet (once: a failure to tell keeps the usual lines until the next
        update or group message tells)."""
        if self._bot.can_read_all_group_messages or chat_id in self._admin:
            return
        try:
            await self.check(chat_id)
        except (RightsUnknown, ChatMigrated):
            self._admin[chat_id] = True

    async def check(self, chat_id: int) -> bool:
        """Whether the bot sees the group's messages now, asked of Telegram when privacy mode is on (the
        answer is kept). RightsUnknown when Telegram cannot tell just now."""
        if self._bot.can_read_all_group_messages:
            return True
        self._admin[chat_id] = admin = await member_is_admin(self._bot, chat_id, self._bot.id)
        return admin
