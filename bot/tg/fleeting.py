"""Group messages worth reading for a while only: an answer to a command (a refusal, "the table is just
above"), an invitation to open the private chat, /help. Each is deleted once its time is up, at the pacer's
lowest priority (`WritePacer.tidy`: after every other write), so that the group's history keeps what the
games said (lobbies, tables, results), not who was refused what. Telegram lets a bot delete its own group
messages for 48 hours; every time here is far shorter.

The deletions to come are timer jobs in memory: a restart forgets them, and those messages then stay (as
every message did before). That loss is small, and keeping them would take a database write per answer.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.tg.invitations import INVITATION_MS
from bot.tg.repeats import REFUSAL_QUIET_MS
from bot.tg.table_edits import Spawn
from bot.tg.timers import Scheduler

# An answer to a command: read by the one who asked, who is looking at the chat. Longer than the minute in
# which the same answer is not given again to the same person ("it is just above" must stay true).
ANSWER_SECONDS = 2 * REFUSAL_QUIET_MS // 1000
# An invitation to the private chat: its button completes the join for as long as the invitation counts.
INVITATION_SECONDS = INVITATION_MS // 1000
# /help in a group: a few lines someone asked for, with the button to the private chat and the full help.
HELP_SECONDS = 10 * 60
# /rules in a group: read like /help, by those who asked then; the next who wants them asks again.
RULES_SECONDS = HELP_SECONDS
# A /stop question nobody answered: by then its game has moved on, and /stop asks anew.
QUESTION_SECONDS = 10 * 60
# A /settings menu nobody pressed for this long: its admin is done with it (/settings posts a fresh one).
MENU_SECONDS = 10 * 60

Tidy = Callable[[int, int], Awaitable[object]]


class FleetingMessages:
    def __init__(self, scheduler: Scheduler, tidy: Tidy, spawn: Spawn) -> None:
        """`tidy(chat_id, message_id)` deletes a message at the lowest priority; `spawn` runs it in the
        background."""
        self._scheduler = scheduler
        self._tidy = tidy
        self._spawn = spawn

    def delete_later(self, chat_id: int, message_id: int, seconds: float) -> None:
        """The message goes after `seconds` (asked again, from now)."""
        self._scheduler.call_later(_job(chat_id, message_id), seconds, lambda: self._due(chat_id, message_id))

    async def _due(self, chat_id: int, message_id: int) -> None:
        # In the background: the deletion may wait long for the bot-wide window, and the timer job that
        # fired it must not (the games' timers are run the same way).
        self._spawn(self._delete(chat_id, message_id))

    def delete_now(self, chat_id: int, message_id: int) -> None:
        """The message goes now (still at the lowest priority), not after a time asked for before."""
        self._scheduler.cancel(_job(chat_id, message_id))
        self._spawn(self._delete(chat_id, message_id))

    async def _delete(self, chat_id: int, message_id: int) -> None:
        await self._tidy(chat_id, message_id)

    def keep(self, chat_id: int, message_id: int) -> None:
        """The message stays after all (a /stop question that ended in the game stopped)."""
        self._scheduler.cancel(_job(chat_id, message_id))


def _job(chat_id: int, message_id: int) -> str:
    return f"fleeting-{chat_id}-{message_id}"
