"""A game's lobby or table in a new message of its group, taken up as the message the game edits: a lobby's
first, the deal's table, one for a lobby or table someone deleted, /table's (the old one deleted, a line
saying it moved left in its place), and a new round's table below the last round's results (the one above
them goes at the pacer's lowest priority; one a restart finds left over, it deletes then).

Apart from the redraws (`ScreenRedraws`, edits of the message the game has) because a new message may wait up
to half a minute for the group's window: a table's is posted without the publishing lock and taken up under
it once it is in, drawn as the game is then; until then the game's changes go to the one on its way. A catch
window or a seven silence the new message shows is seen once it is in, as one an edit shows once the edit
lands (`TableNews`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.service import GameDocument, GameService
from bot.service.locks import GameLocks
from bot.storage import GameRecord
from bot.tg.audiences import Audience
from bot.tg.background import Spawn
from bot.tg.group_posts import GroupPosts
from bot.tg.group_screens import GroupScreens
from bot.tg.pacing import Landed, Render, WritePacer
from bot.tg.pacing_share import Asker
from bot.tg.screen_reposts import ScreenReposts
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent, may_not_post, topic_closed
from bot.tg.table_edits import SettlingEdits
from bot.tg.table_news import TableNews

log = logging.getLogger(__name__)


@dataclass(eq=False)
class _Repost:
    """/table's new message on its way: what the pacer returned for it."""

    old: int | None  # the message it replaces
    posting: asyncio.Future[SendOutcome]
    # the old message is owed a redraw, should the new one be refused: an edit of it was dropped, or its time
    # left not redrawn, while the new one was on its way
    owed: bool


# The game's audience, read (or kept) by the publisher, which alone updates it.
AudienceOf = Callable[[GameRecord, GameDocument], Awaitable[Audience]]
# The game's screens drawn as it is now, once a new message is taken up (or refused).
Draw = Callable[[GameRecord, GameDocument, Audience], Awaitable[None]]
# Whom a new message refused as the group lets the bot post nowhere answered (its chat, them): told why
# (bot.tg.muted_answers).
TellMuted = Callable[[int, tuple[int, ...]], Coroutine[Any, Any, None]]
# What a new screen is queued with: `_queue_screen` has it drawn as it goes out, never sent as it is.
_UNDRAWN = Render("")


class NewScreens:
    def __init__(
        self,
        pacer: WritePacer,
        service: GameService,
        group_edits: SettlingEdits,
        spawn: Spawn,
        lock: GameLocks,
        posts: GroupPosts,
        screens: GroupScreens,
        reposts: ScreenReposts,
        news: TableNews,
        audience: AudienceOf,
        draw: Draw,
        tell_muted: TellMuted,
    ) -> None:
        self._pacer = pacer
        self._service = service
        self._group_edits = group_edits
        self._spawn = spawn
        self._lock = lock  # the publisher's: a new message is taken up under it
        self._posts = posts
        self._screens = screens
        self._reposts = reposts
        self._news = news
        self._audience = audience
        self._draw = draw
        self._tell_muted = tell_muted
        # games whose new table message is on its way (the game had none): the chat it goes to, and what the
        # pacer returned for it; and those posted anew by /table (the old one still shown meanwhile)
        self._tables_posting: dict[int, tuple[int, asyncio.Future[SendOutcome]]] = {}
        self._reposting: dict[int, _Repost] = {}
        # by game: the chat its new message was last drawn for, and what follows its landing, for the state
        # that drawing showed
        self._landing: dict[int, tuple[int, Landed | None]] = {}

    async def lobby(self, record: GameRecord, shown: Render, audience: Audience, rings: bool = False) -> None:
        """A new lobby message, which later changes edit (none while one deleted at once holds it back).
        Awaited under the publishing lock: a lobby has nothing else to show, and those told of it (/notifyme)
        must not hear of it before the group. `rings`: the lobby's first message (the game opened: people are
        asked to join); one posted anew for one deleted (at once, or by a later change when it was held back),
        or in the supergroup a group became, goes without a sound."""
        if self._reposts.held_back(record.id):
            return
        # Refused (the bot may not post there), it tells its creator's /new (or Play again) why
        # (bot.tg.muted_answers).
        outcome = await self._posts.queue(record, shown, silent=not rings, asker=record.created_by)
        if not isinstance(outcome, Sent) or outcome.message_id is None:
            return
        audience.table = outcome.message_id
        self._reposts.posted(record.id)
        await self._service.set_table_message(record.id, outcome.message_id)

    def table(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        asker: Asker = None,
        deal: bool = False,
    ) -> bool:
        """A new table message for the game (it has none, or the one it has is above the last round's
        results), or the one on its way drawn as the game is then. False when one deleted at once holds it
        back: the table message the game has, if any, goes on showing it. `asker`: as `repost`'s (the
        deal's table answers /startgame); `deal`: the match's first table, the only one that rings."""
        chat_id, posting = self._tables_posting.get(record.id, (None, None))
        # One on its way to the group the game's supergroup was is no table of the game's: refused or landed
        # there, its adoption draws nothing (`_adopt`).
        if posting is not None and chat_id == record.chat_id:
            # it goes out as the game is then, or (sent already) is drawn once adopted
            group = audience.group
            self._pacer.revise(record.chat_id, posting, lambda: self._new_screen(record, doc, group))
            return True
        if self._reposts.held_back(record.id):
            return False
        self._post_table(record, doc, audience, asker, deal)
        return True

    def revise_repost(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """A /table post still queued goes out as the game is then, with no edit after it (one that ended
        meanwhile is drawn once it is adopted)."""
        repost = self._reposting.get(record.id)
        if repost is not None and record.active:
            lang = audience.group
            self._pacer.revise(record.chat_id, repost.posting, lambda: self._new_screen(record, doc, lang))

    def may_repost(self, game_id: int, asked_at: int | None = None, shown_at: int | None = None) -> bool:
        """Whether /table may post the game's screen anew now, which counts as posting it: `ScreenReposts`."""
        return self._reposts.may_repost(game_id, asked_at, shown_at)

    def mark_repost_if_scrolled_away(self, game_id: int, asked_at: int | None, shown_at: int | None) -> bool:
        """Whether the game's screen is out of sight, then marked posted anew: `ScreenReposts`."""
        return self._reposts.mark_repost_if_scrolled_away(game_id, asked_at, shown_at)

    def moved_to_main_chat(self, game_id: int) -> None:
        """The game goes on in another chat: /table may post its screen there at once."""
        self._reposts.moved_to_main_chat(game_id)

    async def repost(self, game_id: int, asker: Asker = None) -> bool:
        """/table: the lobby or table in a new message at the bottom of the group, whose talk has pushed it
        out of sight; the old message is deleted. False when the game has no such screen (it ended). `asker`:
        whom it answers (/table's sender), told why should the group refuse it (bot.tg.muted_answers). Silent:
        it tells no one of a turn, and whoever asked for it is looking.

        The new message may wait for the group's window (up to half a minute in a busy group): the game's
        publishing lock is not held meanwhile, so moves keep reaching the hands (and the old table). One
        asked for while another is on its way is that one (one in and not yet taken up landed as this /table
        waited for the lock, below it): a second would be deleted as soon as it landed, the first taken up by
        then. Should that one be refused, this one is posted, asked again behind that refusal's taking up,
        but not when it was refused as the bot may not post there (its topic closed, the group muting it):
        this one would be too (the match pauses, its table saying so); in a group muting it, whoever asked
        for this one is told why, as that one's asker is (the refusal named only them). One
        on its way to where the game was (a group become a supergroup, a topic of a group whose topics went
        off) is that one too: refused there, or landed in the group it left, whose move posts the game's
        screen anew (`Publisher.moved`), or in the one chat the topics' messages are now part of."""
        async with self._lock(game_id):
            loaded = await self._service.load(game_id)
            if loaded is None or not loaded[0].active:
                return False
            record, doc = loaded
            repost = self._reposting.get(game_id)
            joined = repost is not None
            if repost is None:
                repost = self._reposting[game_id] = await self._queue_repost(record, doc, asker)
        if joined:
            outcome = await asyncio.shield(repost.posting)
            if may_not_post(outcome) and not topic_closed(outcome) and asker is not None:
                self._spawn(self._tell_muted(record.chat_id, (asker,)))
            if isinstance(outcome, Sent) or may_not_post(outcome):
                return True
            return await self.repost(game_id, asker)  # (refused)
        try:
            outcome = await repost.posting
            self._landed(game_id, record.chat_id, outcome)
            async with self._lock(game_id):
                await self._adopt(game_id, record.chat_id, repost.old, outcome, owed=repost.owed)
        finally:  # (landed, it is still on its way until taken up: the old message goes then)
            del self._reposting[game_id]
        return True

    async def _queue_repost(self, record: GameRecord, doc: GameDocument, asker: Asker) -> _Repost:
        """/table's new message queued, under the lock."""
        audience = await self._audience(record, doc)
        old = audience.table
        # it goes once the new one is in: no edit of it is worth a write now
        dropped = old is not None and self._group_edits.drop(record.chat_id, old)
        posting = self._queue_screen(record, doc, audience.group, silent=True, asker=asker)
        return _Repost(old, posting, owed=dropped)

    def hold_time_left(self, game_id: int) -> bool:
        """Holds back a redraw of the old table's time left while /table's new message of the game is on its
        way (queued, or in and not yet taken up): True then (`ScreenRedraws.time_left` skips it), and the old
        table is owed that redraw should the new one be refused."""
        repost = self._reposting.get(game_id)
        if repost is not None:
            repost.owed = True
        return repost is not None

    async def deleted(self, game_id: int, chat_id: int, audience: Audience) -> bool:
        """Someone deleted the game's lobby or table message (if `chat_id` is the game's): the game has none
        now. Whether to post it anew now: not when the one posted for a deleted one went as soon as it was
        posted (`ScreenReposts`)."""
        loaded = await self._service.load(game_id)
        if loaded is None or loaded[0].chat_id != chat_id:
            return False  # the same message id in another group
        audience.table = None
        await self._service.set_table_message(game_id, None)
        if not self._reposts.deleted(game_id):
            log.info("game %s's new message was deleted at once; a new one waits", game_id)
            return False
        return True

    def left_over(self, record: GameRecord, doc: GameDocument) -> None:
        """At a redraw: the table a new one was posted below a round's results for, if a restart came before
        it was seen deleted, goes now."""
        if doc.old_table is not None:
            self._spawn(self._tidy_table(record.id, record.chat_id, doc.old_table))

    def forget(self, game_id: int) -> None:
        self._reposts.forget(game_id)
        self._screens.forget(game_id)
        self._landing.pop(game_id, None)

    def _new_screen(self, record: GameRecord, doc: GameDocument, lang: str) -> Render:
        """The lobby or table drawn for a new message (when it goes out, if it waited); what its landing tells
        is kept until it lands."""
        self._landing[record.id] = (record.chat_id, self._news.to_tell(record, doc))
        return self._screens.new_screen(record, doc, lang)

    def _queue_screen(
        self,
        record: GameRecord,
        doc: GameDocument,
        lang: str,
        silent: bool,
        asker: Asker,
        urgent: bool = False,
    ) -> asyncio.Future[SendOutcome]:
        """The game's screen in a new message, drawn when it goes out (the time left then, as an edit's): one
        drawn when it was queued, seconds before a busy group's window let it go, cost the edit adopting it
        at once (the seconds a catch window had left). Queued undrawn: the revision follows at once, before
        the chat's worker can take it (a chat that refuses it takes nothing). `urgent`: ahead of the chat's
        other screens (`WritePacer.queue`)."""
        posting = self._posts.queue(record, _UNDRAWN, silent=silent, asker=asker, urgent=urgent)
        self._pacer.revise(record.chat_id, posting, lambda: self._new_screen(record, doc, lang))
        return posting

    def _landed(self, game_id: int, chat_id: int, outcome: SendOutcome) -> None:
        """The game's new message is in (or refused): the group sees the catch window or the silence its last
        drawing showed, from now (not only once the edit adopting it lands: a busy group's may wait seconds
        more, and the adoption waits for the game's lock and the database). One in the group the game's
        supergroup was leaves what the supergroup's drawing keeps to that one."""
        chat, landing = self._landing.get(game_id, (None, None))
        if chat != chat_id:
            return
        del self._landing[game_id]
        if landing is not None and isinstance(outcome, Sent):
            landing()

    def _post_table(
        self, record: GameRecord, doc: GameDocument, audience: Audience, asker: Asker, deal: bool
    ) -> None:
        """A new table message, adopted in the background: the game's next publishes (its hands) must not wait
        for the group's window with it. Only the deal's rings the group: one below the last round's results,
        or for a table someone deleted, or in the supergroup a group became, tells no one of a turn (the
        next mover's hand rings for theirs). The deal's goes ahead of the group's other screens, its lobby's
        last edit too: its first mover's hand rang already, and a lobby's joins may have filled the window."""
        old = audience.table
        below_results = old is not None
        if old is not None:  # it goes once this one is in: no edit of it is worth a write now
            self._group_edits.discard(record.chat_id, old)
        posting = self._queue_screen(record, doc, audience.group, silent=not deal, asker=asker, urgent=deal)
        self._tables_posting[record.id] = (record.chat_id, posting)
        self._spawn(self._adopt_table(record.id, record.chat_id, posting, below_results))

    async def _adopt_table(
        self, game_id: int, chat_id: int, posting: asyncio.Future[SendOutcome], below_results: bool
    ) -> None:
        outcome = await posting
        self._landed(game_id, chat_id, outcome)
        async with self._lock(game_id):
            if self._tables_posting.get(game_id, (None, None))[1] is posting:  # not the supergroup's since
                del self._tables_posting[game_id]
            try:
                await self._adopt(game_id, chat_id, None, outcome, below_results)
            except Exception:  # in the background, as a publish: logged, and the next change draws anew
                log.exception("adopting game %s's new table failed", game_id)

    async def _adopt(
        self,
        game_id: int,
        chat_id: int,
        old: int | None,
        outcome: SendOutcome,
        below_results: bool = False,
        owed: bool = True,
    ) -> None:
        """The game's screen posted anew in `chat_id` (by /table, or a table the game needed) becomes its
        lobby or table message, drawn as the game is now; the old message goes, its buttons with it. Refused,
        the old one goes on showing the game (redrawn if `owed`: the game's changes meanwhile were drawn on
        it, and what it shows is known, but an edit or a countdown of it may have been held back); with
        none, the game's next change asks for a new one. The group became a supergroup meanwhile: nothing, the
        game's move draws it there (`Publisher.moved`), the one path posting its table in the supergroup, so
        it gets one whichever of the two takes the lock first. `below_results`: a table posted below a round's
        results, for whichever the game shows now, which goes at the lowest priority (refused, the old one
        shows the round). Under the lock."""
        loaded = await self._service.load(game_id)
        if loaded is None:
            return
        record, doc = loaded
        # a message in (or refused by) the old group is none of the game's now, nor the mention kept for the
        # supergroup's table drawn meanwhile
        if record.chat_id != chat_id:
            return
        mentioned = self._screens.adopted(game_id)
        audience = await self._audience(record, doc)
        round_no = doc.engine.round_no if doc.engine is not None else None
        if below_results:
            old = audience.table
            audience.table_round = round_no  # refused: not asked again this round
        new = outcome.message_id if isinstance(outcome, Sent) else None
        if new is not None and audience.table != old:  # the game posted one of its own meanwhile
            self._spawn(self._pacer.delete(record.chat_id, new))
            return
        if new is None and (old is None or not owed):
            return
        if new is not None:
            audience.table, audience.table_round = new, round_no
            self._reposts.posted(record.id, beside_shown=old is not None)
            replaced = old if below_results else None
            await self._service.set_table_message(record.id, new, mentioned, round_no, replaced)
            if old is not None:  # posted anew for one still there
                self._group_edits.discard(record.chat_id, old)
            if replaced is not None:
                self._spawn(self._tidy_table(record.id, record.chat_id, replaced))
            elif old is not None:  # /table's: someone may be looking at it
                self._spawn(
                    self._pacer.delete(record.chat_id, old, instead=self._screens.moved(audience.group))
                )
        await self._draw(record, doc, audience)  # what changed while it waited (refused: on the old one)

    async def _tidy_table(self, game_id: int, chat_id: int, message_id: int) -> None:
        """A table posted over below a round's results goes after every other write; once it is gone the
        game no longer keeps it for a restart to delete."""
        try:
            if await self._pacer.tidy(chat_id, message_id):
                await self._service.old_table_deleted(game_id, message_id)
        except Exception:  # in the background: a restart deletes it
            log.exception("deleting game %s's old table failed", game_id)
