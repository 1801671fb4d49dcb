"""Turns service outcomes into paced Telegram writes: the lobby/table in the group, hands in private chats.

Every group write goes through the one WritePacer (edits coalesced, a rolling 20-a-minute window). New group
messages only for the game start, round end (and the next deal's table below its results, the old one deleted)
and match end, and rare notices (a player the bot cannot reach, a match nobody moves in); the rest are edits.
Publishing for one game is serialized (outcomes land in the order they were committed; one that comes after
a newer one still posts what it posts once, then the screens are redrawn from the saved game); no game lock
is held meanwhile. In a busy group a new message waits up to half a minute for the group's window: a running
game's are queued under the publishing lock (their place in the chat's order taken) and waited for without it,
so the hands go on.

Here: when a game is drawn (a change, a timer, a restart's healing, a hand press, a deleted message, /table),
under that lock, for whom (`Audiences`), and what is let go once it ended. How each part is drawn is apart:
the hands in `PrivateHands` (those a player asks for: `HandRequests`), the lobby or table in `ScreenRedraws`
(in a new message: `NewScreens`), the results in `ResultsPost`, the notices in `GroupPosts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from telegram import Bot

from bot.i18n import Language, Translator
from bot.service import GameDocument, GameService, Outcome, UnreadableGame
from bot.service.locks import GameLocks
from bot.storage import Database, GameRecord
from bot.tg.audiences import Audience, Audiences
from bot.tg.background import Spawn
from bot.tg.fleeting import FleetingMessages, Followed
from bot.tg.group_posts import GroupPosts
from bot.tg.group_screens import GroupScreens
from bot.tg.group_sight import GroupSight
from bot.tg.hand_requests import HandRequests, Keep
from bot.tg.lobby_rules_notes import LobbyRulesNotes
from bot.tg.new_screens import NewScreens, TellMuted
from bot.tg.newest_versions import NewestVersions
from bot.tg.pacing import WritePacer
from bot.tg.pacing_share import Asker
from bot.tg.private_hands import OnTold, OnToldLate, OnUnreachable, PrivateHands, hand_holders
from bot.tg.render import OutageNote
from bot.tg.render.text import private_chat_link
from bot.tg.results_post import ResultsPost
from bot.tg.screen_redraws import ScreenRedraws
from bot.tg.screen_reposts import ScreenReposts
from bot.tg.table_edits import SettlingEdits
from bot.tg.table_news import TableNews
from bot.tg.told_catches import OnShown, ToldCatches
from bot.tg.told_silences import ToldSilences
from bot.tg.views import GraceEnd

Clock = Callable[[], int]


class Publisher:
    def __init__(
        self,
        bot: Bot,
        pacer: WritePacer,
        service: GameService,
        database: Database,
        translator: Translator,
        default_language: Language,
        clock: Clock,
        ticks: Clock,  # ms on a clock that never jumps: for the times kept in memory only (a send's length)
        on_unreachable: OnUnreachable,
        on_told_late: OnToldLate,
        on_told: OnTold,
        on_catch_shown: OnShown,
        group_edits: SettlingEdits,
        spawn: Spawn,
        fleeting: FleetingMessages,
        grace_end: GraceEnd,
        tell_muted: TellMuted,
    ) -> None:
        self._bot = bot
        self._pacer = pacer
        self._service = service
        self._lock = GameLocks()  # publishing per game in order; not the service's locks, released by then
        self._newest = NewestVersions()
        self._audiences = Audiences(database, default_language)
        self.sight = GroupSight(bot)  # whether it sees each group's messages (seven silence)
        self._hands = PrivateHands(
            pacer,
            service,
            clock,
            ticks,
            on_unreachable,
            on_told_late,
            on_told,
            spawn,
            self.sight.sees,
            grace_end,
        )
        self._requests = HandRequests(service, self._lock, self._hands, self._audience)
        self._silences = ToldSilences(clock, service, spawn)
        self._catches = ToldCatches(clock, service, on_catch_shown, spawn)
        news = TableNews(self._silences, self._catches)
        self._posts = GroupPosts(pacer, service, group_edits, clock, ticks, self.deep_link, fleeting, spawn)
        self._results = ResultsPost(service, self._posts.queue, spawn)
        self._screens = screens = GroupScreens(
            translator, clock, lambda: self.bot_username, self.sight.sees, grace_end
        )
        self._new_screens = NewScreens(
            pacer,
            service,
            group_edits,
            spawn,
            self._lock,
            self._posts,
            screens,
            ScreenReposts(ticks),
            news,
            self._audience,
            self._draw,
            tell_muted,
        )
        self._redraws = ScreenRedraws(service, group_edits, self._lock, screens, news, self._new_screens)

    @property
    def bot_username(self) -> str:
        return self._bot.username

    @property
    def lobby_rules_notes(self) -> LobbyRulesNotes:
        """The notes in a forum's topics whose lobby took rules changed in another topic."""
        return self._posts.rules_notes

    def deep_link(self, payload: str) -> str:
        return private_chat_link(self.bot_username, payload)

    async def publish(self, outcome: Outcome, asker: Asker) -> None:
        """`asker`: whom the change's new table message answers (Runtime.after)."""
        async with self._lock(outcome.game.id):
            with self._let_go_if_failing(outcome.game):
                await self._show(outcome, asker)
                if await self._overtaken(outcome.game):
                    # Its one-time posts went; its screens give way to the newest state (the pacer coalesces
                    # a message's queued edits, so this is rarely one more write).
                    await self._redraw_saved(outcome.game.id)
            self._let_go(outcome.game)

    async def _overtaken(self, record: GameRecord) -> bool:
        """Whether a newer state of the game was drawn before this one. Of a game not kept here (let go as it
        ended meanwhile, or its chat moved) the saved version is read once: its last screens were drawn."""
        if not self._newest.knows(record.id):
            try:
                loaded = await self._service.load(record.id)
            except UnreadableGame:  # none of its screens can be drawn: nothing to draw over
                return False
            if loaded is not None:
                self._newest.note(loaded[0])
        return self._newest.overtaken(record)

    async def _show(self, outcome: Outcome, asker: Asker) -> None:
        """What a change shows: the hands it redraws, the lobby or table, its results and notices."""
        if outcome.screens.lobby or outcome.started:
            self._audiences.forget(outcome.game.id)  # players and languages may have changed
        audience = await self._audience(outcome.game, outcome.doc)
        # Hands first: a turn notification must not wait behind the group's slower pace.
        await self._hands.publish(outcome, audience)
        await self._group(outcome, audience, asker)
        self._posts.of_change(outcome, audience.group)

    async def show_hand(
        self, game_id: int, player: int, page: int | None = None, keep: Keep | None = None
    ) -> None:
        """Re-render one player's hand on a press (`HandRequests.show_hand`)."""
        await self._requests.show_hand(game_id, player, page, keep)

    def language_of(self, game_id: int, player: int) -> str | None:
        """A player's language, when their game's audience is known here (no database read)."""
        audience = self._audiences.known(game_id)
        return audience.players.get(player) if audience is not None else None

    def group_language_of(self, game_id: int) -> str | None:
        """The language of a game's group screens, when its audience is known here (no database read)."""
        audience = self._audiences.known(game_id)
        return audience.group if audience is not None else None

    def outage_over(self, game_id: int, seq: int, note: OutageNote) -> None:
        """A long outage gave the game's turn its time back, making state `seq`: until the game's next change,
        its table says why it stood still (bot.tg.after_outage)."""
        self._screens.outage_over(game_id, seq, note)

    def silence_told(self, game_id: int, holder: int, sent_s: int) -> bool:
        """Whether a group message dated `sent_s` was written after the group could read that `holder`'s
        silence is on."""
        return self._silences.binds(game_id, holder, sent_s)

    def seen_before_start(self, record: GameRecord, doc: GameDocument) -> None:
        """At start-up: a silence the table showed before the restart binds as it did then; a catch window it
        showed is not shown anew."""
        self._silences.seen_before_start(record, doc)
        self._catches.seen_before_start(record, doc)

    def catch_shown(self, game_id: int, seq: int, deadline: int) -> None:
        """The group can see the catch window that closes at `deadline`, of the game's state `seq` (started
        again as it landed)."""
        self._catches.shown(game_id, seq, deadline)

    def catch_seen(self, game_id: int, deadline: int) -> bool:
        """Whether the table showing the catch window that closes at `deadline` landed."""
        return self._catches.seen(game_id, deadline)

    def telling(self, game_id: int) -> int | None:
        """The player a message telling them of their turn is on its way to (Telegram makes the bot wait),
        if any: their turn must not run out before it arrives."""
        return self._hands.telling(game_id)

    def outdated(self, game_id: int, player: int, counter: int) -> bool:
        """Whether a hand press carries a counter older than a hand already shown (counters only grow), so
        it can be refused without waiting for the game."""
        return self._hands.outdated(game_id, player, counter)

    def reshow_hand(self, game_id: int, player: int) -> bool:
        """A press on an outdated keyboard: ask again for the last render of the hand. Free when the screen
        shows it or an edit of it is queued; a write only when it was lost. False when nothing is known of
        the hand here and no publish is under way (e.g. after a restart): then `show_hand` must redraw it."""
        # Unknown here while a publish is under way: it brings the newest hand.
        return self._hands.reshow(game_id, player) or self.drawing(game_id)

    def drawing(self, game_id: int) -> bool:
        """Whether a change of the game is being drawn now (its screens sent or asked for)."""
        return self._lock(game_id).locked()

    async def refresh(self, game_id: int, touch: bool = False) -> None:
        """Redraw everything of a game (start-up healing, a moved chat): the table or lobby, and every hand;
        for a game that has ended, its last screens; and the results a crash kept from being posted.
        `touch`: start-up's, which edits the screens people wait on though they would show the same
        (`_touch`).

        The game is read under the publishing lock: a publish that ran meanwhile showed a state at least as
        new, so a heal never puts an older screen over it; and a publish still waiting for the lock finds the
        results this redraw posts (in the background) and the turn's hand it sent, and skips them.
        """
        async with self._lock(game_id):
            await self._redraw_saved(game_id, touch)

    async def moved(self, game_id: int) -> None:
        """The game's group became a supergroup: its table message is forgotten (its id names another message
        there) and everything of it drawn again there: the one path posting its table in the supergroup (the
        adoption of one refused by the old group, or landed there, draws nothing: bot.tg.new_screens), so it
        gets one whichever of the two takes the lock first. Under the lock, all of it: an adoption cannot
        come between the forgetting and the redraw."""
        async with self._lock(game_id):
            await self._service.set_table_message(game_id, None)
            self.forget(game_id)
            await self._redraw_saved(game_id)

    async def _redraw_saved(self, game_id: int, touch: bool = False) -> None:
        """`refresh`'s redraw, under the publishing lock held."""
        try:
            loaded = await self._service.load(game_id)
        except UnreadableGame:  # none of its screens can be drawn; start-up logs it once while active
            return
        if loaded is None:
            return
        record, doc = loaded
        if doc.compact:  # it ended, and no longer has what its screens are drawn from
            return
        with self._let_go_if_failing(record):  # else let go once its last screens are drawn
            await self._redraw(record, doc, touch)

    async def _redraw(self, record: GameRecord, doc: GameDocument, touch: bool = False) -> None:
        self._newest.note(record)
        audience = await self._audience(record, doc)
        if touch:
            self._touch(record, doc, audience)
        # The results first: a table posted anew (a deal's, which a crash kept back) goes below them.
        await self._results.owed(record, doc, audience.group)
        # A table posted over at a deal, and not seen deleted before a restart, goes.
        self._new_screens.left_over(record, doc)
        await self._draw(record, doc, audience)
        if record.active:
            self._posts.follow(record, doc, audience.group)  # its notices too, as the group reads now
            for player in hand_holders(doc):  # none in a lobby
                await self._hands.redraw(record, doc, audience, player)

    def _touch(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """Start-up: what the messages showed at the last stop (bot.tg.shown_at_stop) spares a write on each
        that would show the same, which hides one deleted while the bot was down. The lobby or table of a game
        that goes on, and the hand of the player it waits for (their turn's time running), are edited all the
        same, once: Telegram answers "message is not modified", or "message to edit not found" and the message
        is posted again (`message_gone`). The other hands come back at their next change (their turn changes
        them), a paused match's screens as it goes on."""
        if not record.active or doc.paused:
            return
        if audience.table is not None:
            self._pacer.touch(record.chat_id, audience.table)
        actor = doc.engine.actor if doc.engine is not None else None
        hand = audience.hands.get(actor) if actor is not None else None
        if actor is not None and hand is not None:
            self._pacer.touch(actor, hand)

    async def _draw(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """The lobby or table as the game is now; for a game that has ended, its last screens."""
        if record.active:
            await self._redraws.screen(record, doc, audience)
        else:
            await self._redraw_ended(record, doc, audience)

    async def _redraw_ended(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """The last screens of a game that has ended: edits of the messages it has, never a new message."""
        if audience.table is not None:
            if doc.engine is None:  # closed before a match began
                await self._redraws.lobby(record, doc, audience)
            else:
                await self._redraws.table(record, doc, audience)
        for player in hand_holders(doc):
            if audience.hands.get(player) is not None:
                await self._hands.edit(record, doc, audience, player)
        self._let_go(record)

    async def remind(self, record: GameRecord, doc: GameDocument) -> None:
        """A slow turn: redraw the table and the turn player's hand with the time left now."""
        async with self._lock(record.id):
            if not await self._still_current(record):
                return
            audience = await self._audience(record, doc)
            await self._redraws.time_left(record, doc, audience)
            actor = doc.state.actor
            if actor is not None and actor not in doc.computers:
                await self._hands.redraw(record, doc, audience, actor)

    async def countdown(self, record: GameRecord, doc: GameDocument) -> None:
        """A window's seconds are running out: redraw the table with the time left now."""
        async with self._lock(record.id):
            if await self._still_current(record):
                await self._redraws.time_left(record, doc, await self._audience(record, doc), at_once=True)

    async def _still_current(self, record: GameRecord) -> bool:
        """Whether the game is still as a timer read it before waiting for the publishing lock: a publish
        that ran meanwhile showed a newer state, which this older one must not replace (an edit `at_once`
        would even drop the newer edit still settling)."""
        loaded = await self._service.load(record.id)
        return loaded is not None and loaded[0].version == record.version

    async def message_gone(self, chat_id: int, message_id: int) -> None:
        """Someone deleted a table or hand message the bot keeps editing: show it in a new message (edits
        of the deleted one would fail from now on, and a player would be left without their cards); a table
        deleted as soon as posted waits (`ScreenReposts`)."""
        for game_id, audience in self._audiences.kept():
            if chat_id > 0 and audience.hands.get(chat_id) == message_id:
                del audience.hands[chat_id]  # nothing to delete when the new one is there
                await self.resend_hand(game_id, chat_id)
            elif (
                chat_id < 0
                and audience.table == message_id
                and await self._new_screens.deleted(game_id, chat_id, audience)
            ):
                await self.refresh(game_id)

    async def resend_hand(self, game_id: int, player: int) -> None:
        """The hand in a new message at the bottom of the private chat (`HandRequests.resend_hand`)."""
        await self._requests.resend_hand(game_id, player)

    async def post_owed(self, game_id: int) -> None:
        """The results the game still owes the group (Telegram refused them: the group had closed to the bot),
        their turn in the group's order taken now: what is posted after them lands below them."""
        async with self._lock(game_id):
            try:
                loaded = await self._service.load(game_id)
            except UnreadableGame:  # nothing of it can be drawn
                return
            if loaded is not None:
                record, doc = loaded
                await self._results.owed(record, doc, (await self._audience(record, doc)).group)

    def may_repost(self, game_id: int, asked_at: int | None = None, shown_at: int | None = None) -> bool:
        """Whether /table may post the game's screen anew now, which counts as posting it (`ScreenReposts`:
        `asked_at` the /table's message id where the chat numbers its messages one by one, `shown_at` the
        screen's)."""
        return self._new_screens.may_repost(game_id, asked_at, shown_at)

    def mark_repost_if_scrolled_away(self, game_id: int, asked_at: int | None, shown_at: int | None) -> bool:
        """Whether more than a few messages came after the game's screen (`asked_at`, `shown_at` as
        `may_repost`'s); if so, it is marked posted anew, for `repost` to post (`ScreenReposts`)."""
        return self._new_screens.mark_repost_if_scrolled_away(game_id, asked_at, shown_at)

    async def repost(self, game_id: int, asker: Asker = None) -> bool:
        """/table: the game's lobby or table posted anew at the bottom of the group (see `NewScreens`)."""
        return await self._new_screens.repost(game_id, asker)

    def moved_to_main_chat(self, game_id: int) -> None:
        """The game goes on in another chat: /table may post its screen there at once."""
        self._new_screens.moved_to_main_chat(game_id)

    async def readers_changed(self, game_id: int) -> None:
        """How the group or a player reads the game changed (a language, a person's colour letters): read the
        audience again and redraw the game."""
        self._audiences.forget(game_id)
        await self.refresh(game_id)

    def forget(self, game_id: int) -> None:
        """Drop what is kept of a game (its chat moved: the next publish reads everything again)."""
        self._audiences.forget(game_id)
        self._hands.forget(game_id)
        self._silences.forget(game_id)
        self._catches.forget(game_id)
        self._posts.forget(game_id)
        self._new_screens.forget(game_id)
        self._newest.forget(game_id)

    def follow_again(self, followed: list[Followed]) -> None:
        """Start-up, before the healing: the group notices posted before a restart follow their games again
        (those of a game that ended go with its last screens)."""
        self._posts.follow_again(followed)

    def ended(self, game_id: int) -> None:
        """The game ended, and takes no more presses: its notices go, and nothing of it stays kept here (a bot
        running for months would otherwise hold every match it ever ran)."""
        self._posts.ended(game_id)
        self.forget(game_id)

    @contextmanager
    def _let_go_if_failing(self, record: GameRecord) -> Iterator[None]:
        """A game that ended is let go though drawing its last screens failed (the database out of reach, a
        bug); not at shutdown's cancelling: the next start redraws it."""
        try:
            yield
        except Exception:
            self._let_go(record)
            raise

    def _let_go(self, record: GameRecord) -> None:
        """A game that ended, its last screens drawn (or not: their drawing failed), is let go."""
        if not record.active:
            self.ended(record.id)

    async def _audience(self, record: GameRecord, doc: GameDocument) -> Audience:
        if record.active and doc.rules.seven_silence:  # what its screens say of a silence: once a group
            await self.sight.learn(record.chat_id)
        audience = await self._audiences.of(record, doc)
        self._hands.restore(record.id, doc, audience)
        if not record.active:
            self._hands.forget(record.id)
            self._silences.forget(record.id)
        return audience

    async def _group(self, outcome: Outcome, audience: Audience, asker: Asker) -> None:
        """A change's lobby or table in the group, and the results it brought (posted in the background)."""
        record, doc = outcome.game, outcome.doc
        if outcome.started:
            self._posts.lobby_over(record)
            await self._redraws.started(outcome, audience, asker)
        elif doc.engine is None or outcome.screens.lobby:
            await self._redraws.lobby(record, doc, audience, rings=outcome.opened)
            if not record.active:
                self._posts.lobby_over(record)
                if audience.table is not None:
                    self._posts.lobby_closed(record, doc, audience.table)
            return
        elif outcome.screens.table:
            await self._redraws.table(record, doc, audience, hold=outcome.screens.table_waits, change=True)
        await self._results.of_change(record, doc, audience.group, outcome)
