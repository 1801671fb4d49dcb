"""Groups where the bot may not post (muted, or a new message of its refused as members may not send): their
matches paused, their lobbies stopped (bot.tg.runtime `group_gone`). Telegram tells no bot that a group let
its members send again, so the first new message that lands there says it (what their stopped games owe is
posted then: only a game that ended within bot.service.reports.ENDED_RECENTLY_MS owes any); meanwhile people
there are told why nothing happens (bot.tg.handlers.muted_group), unless Telegram, asked then, says the bot
may post there now (`still_refused`, bot.tg.posting_rechecks); a basic group's mark moves with it to the
supergroup it becomes (`migrated`)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service import GameDocument, GameService
from bot.storage import GameRecord
from bot.tg.background import Spawn
from bot.tg.pauses import Pauses
from bot.tg.posting_rechecks import PostingRechecks
from bot.tg.publisher import Publisher
from bot.tg.repeats import POSTS_REFUSED_MS, Repeats


class MutedGroups:
    def __init__(
        self,
        service: GameService,
        pauses: Pauses,
        publishing: Callable[[], Publisher],
        ticks: Callable[[], int],
        spawn: Spawn,
        rechecks: PostingRechecks,
    ) -> None:
        """`pauses`: a match paused and going on; `publishing`: the running bot's (created when it starts);
        `ticks`: ms on the monotonic clock; `spawn`: the runtime's (background work); `rechecks`: whether a
        group marked still refuses posts."""
        self._service = service
        self._pauses = pauses
        self._publishing = publishing
        self._ticks = ticks
        self._spawn = spawn
        self._rechecks = rechecks
        self._refused: Repeats[int] = Repeats(POSTS_REFUSED_MS)  # by group

    def refused(self, chat_id: int) -> None:
        """The bot may not post in this group (it was muted, or a new message of its refused)."""
        self._refused.say(chat_id, self._ticks())

    def seen_before_start(self, record: GameRecord, doc: GameDocument) -> None:
        """At start-up: the group of a match paused as it refused the bot's posts is marked again (the marks
        are not kept across a restart), else its first post landing would not have the match go on."""
        if doc.paused_muted:
            self.refused(record.chat_id)

    def may_not_post_in(self, chat_id: int) -> bool:
        """Whether the bot may not post in this group, as far as it knows."""
        return self._refused.said(chat_id, self._ticks())

    async def still_refused(self, chat_id: int) -> bool:
        """Whether the bot may not post in this group (`may_not_post_in`), Telegram asked first whether it
        may now (`rechecks`): when it may, all follows as when a message of the bot's lands there, before
        the press or command that asked goes on (its paused match going on: not refused as paused)."""
        if not self.may_not_post_in(chat_id):
            return False
        if not await self._rechecks.may_post(chat_id):
            return True
        if self._refused.take(chat_id, self._ticks()):  # (else another press or command's read took it)
            await self.writable_again(chat_id)
        return False

    def posted(self, chat_id: int) -> None:
        """A new message of the bot's landed in this chat: in a group that refused one, it may post again."""
        if chat_id < 0 and self._refused.take(chat_id, self._ticks()):
            self._spawn(self.writable_again(chat_id))

    async def writable_again(self, chat_id: int) -> None:
        """The bot may post in the group again: the matches paused as it could not go on, their time given
        back; the games that stopped when it could not (removed, or muted for a day) show their last screens
        and post the standings the group never got."""
        self._refused.forget(chat_id)
        for record in await self._service.active_games_in(chat_id):
            await self._pauses.go_on(record.id, f"chat {chat_id} takes the bot's posts again", muted=True)
        for game_id in await self._service.recently_ended(chat_id):
            await self._publishing().refresh(game_id)

    def migrated(self, old_id: int, new_id: int) -> None:
        """The group became a supergroup: the supergroup's rights are the group's."""
        if self._refused.take(old_id, self._ticks()):
            self._refused.say(new_id, self._ticks())
