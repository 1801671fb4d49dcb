"""Turns service outcomes into paced Telegram writes: the lobby/table in the group, hands in private chats.

Every group write goes through the one WritePacer (edits coalesced, a rolling 20-a-minute window). New group
messages only for the game start, round end (and the next deal's table below its results, the old one deleted)
and match end, and rare notices (a player the bot cannot reach, a match nobody moves in); the rest are edits.
The hands are `PrivateHands`' job. Publishing for one game is serialized (outcomes land in the order they were
committed); no game lock is held meanwhile. In a busy group a new message waits up to half a minute for the
group's window: a running game's are queued under the publishing lock (their place in the chat's order taken)
and waited for without it, so the hands go on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from telegram import Bot

from bot.i18n import Language, Translator
from bot.service import GameDocument, GameService, LobbyClosed, Outcome, UnreadableGame
from bot.service.locks import GameLocks
from bot.storage import Database, GameRecord, GameStatus
from bot.tg import render
from bot.tg.audiences import Audience, Audiences
from bot.tg.fleeting import FleetingMessages
from bot.tg.group_posts import GroupPosts
from bot.tg.group_screens import GroupScreens
from bot.tg.pacing import Render, WritePacer
from bot.tg.private_hands import OnToldLate, OnUnreachable, PrivateHands
from bot.tg.render.text import private_chat_link
from bot.tg.results_post import ResultsPost
from bot.tg.screen_reposts import ScreenReposts
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent
from bot.tg.table_edits import HOLD_SECONDS, SettlingEdits, Spawn
from bot.tg.told_silences import ToldSilences
from bot.tg.views import seats

log = logging.getLogger(__name__)

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
        on_unreachable: OnUnreachable,
        on_told_late: OnToldLate,
        group_edits: SettlingEdits,
        spawn: Spawn,
        fleeting: FleetingMessages,
    ) -> None:
        self._bot = bot
        self._spawn = spawn
        self._pacer = pacer
        self._group_edits = group_edits
        self._service = service
        self._t = translator
        self._clock = clock
        self._lock = GameLocks()  # publishing per game in order; not the service's locks, released by then
        self._audiences = Audiences(database, default_language)
        self._hands = PrivateHands(pacer, service, clock, on_unreachable, on_told_late, spawn)
        self._silences = ToldSilences(clock, lambda *told: spawn(self._store_silence_told(*told)))
        self._posts = GroupPosts(pacer, group_edits, clock, self.deep_link, fleeting)
        self._results = ResultsPost(service, self._posts.queue, spawn)
        self._reposts = ScreenReposts(clock)
        # games whose new table message is on its way (the game had none), and those posted anew by /table
        # (the old one still shown meanwhile): what the pacer returned for it
        self._tables_posting: dict[int, asyncio.Future[SendOutcome]] = {}
        self._reposting: dict[int, asyncio.Future[SendOutcome]] = {}
        self._screens = GroupScreens(translator, clock, lambda: self.bot_username)

    @property
    def bot_username(self) -> str:
        return self._bot.username

    def deep_link(self, payload: str) -> str:
        return private_chat_link(self.bot_username, payload)

    async def publish(self, outcome: Outcome) -> None:
        async with self._lock(outcome.game.id):
            if outcome.screens.lobby or outcome.started:
                self._audiences.forget(outcome.game.id)  # players and languages may have changed
            audience = await self._audience(outcome.game, outcome.doc)
            # Hands first: a turn notification must not wait behind the group's slower pace.
            await self._hands.publish(outcome, audience)
            await self._group(outcome, audience)
            if outcome.unreachable_notice is not None:
                self._posts.tell_unreachable(outcome, audience.group, outcome.unreachable_notice)
            self._posts.follow(outcome.game, outcome.doc, audience.group)
            if outcome.idle_warning:
                warning = self._posts.warn_idle(outcome, audience.group)
                self._spawn(self._store_turn_mentioned(outcome.game.id, outcome.doc.turn_began, warning))
            self._let_go(outcome.game)

    async def show_hand(
        self,
        game_id: int,
        player: int,
        page: int | None = None,
        keep: Callable[[GameDocument, tuple[int, ...]], tuple[int, ...]] | None = None,
    ) -> None:
        """Re-render one player's hand (a page press, a multi-play selection, a stale press that heals the
        keyboard), read under the publishing lock like `refresh`; `keep`: the selection to show on it, given
        the one it shows (None: that one, while its keyboard is current). What it then shows is stored for a
        restart."""
        async with self._lock(game_id):
            loaded = await self._service.load(game_id)
            if loaded is None or loaded[0].status is not GameStatus.RUNNING:
                return
            record, doc = loaded
            audience = await self._audience(record, doc)  # after a restart, what the hand was turned to
            shown = self._hands.selection(doc, record.id, player)
            selection = keep(doc, shown) if keep is not None else shown
            await self._hands.choose(record, doc, audience, player, page, selection)

    def language_of(self, game_id: int, player: int) -> str | None:
        """A player's language, when their game's audience is known here (no database read)."""
        audience = self._audiences.known(game_id)
        return audience.players.get(player) if audience is not None else None

    def group_language_of(self, game_id: int) -> str | None:
        """The language of a game's group screens, when its audience is known here (no database read)."""
        audience = self._audiences.known(game_id)
        return audience.group if audience is not None else None

    def silence_told(self, game_id: int, holder: int, sent_s: int) -> bool:
        """Whether a group message dated `sent_s` was written after the group could read that `holder`'s
        silence is on."""
        return self._silences.binds(game_id, holder, sent_s)

    async def _store_silence_told(self, game_id: int, holder: int, told_ms: int) -> None:
        try:
            await self._service.silence_told(game_id, holder, told_ms)
        except Exception:  # only a restart would miss it: the silence would bind from its redraw on
            log.exception("storing that game %s's silence was told failed", game_id)

    async def _store_turn_mentioned(
        self, game_id: int, turn: int, posting: asyncio.Future[SendOutcome]
    ) -> None:
        """A message mentioning the player of `turn` notified them: a /table soon after must not again."""
        outcome = await posting
        if not isinstance(outcome, Sent) or outcome.message_id is None:
            return
        try:
            await self._service.turn_mentioned(game_id, turn, outcome.message_id)
        except Exception:  # the next new table message of that turn would only mention them again
            log.exception("storing that game %s mentioned its player to move failed", game_id)

    def seen_before_start(self, record: GameRecord, doc: GameDocument) -> None:
        """At start-up: a silence the table showed before the restart binds as it did then."""
        self._silences.seen_before_start(record, doc)

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
        return self._hands.reshow(game_id, player) or self._lock(game_id).locked()

    async def refresh(self, game_id: int) -> None:
        """Redraw everything of a game (start-up healing, a moved chat): the table or lobby, and every hand;
        for a game that has ended, its last screens; and the results a crash kept from being posted.

        The game is read under the publishing lock: a publish that ran meanwhile showed a state at least as
        new, so a heal never puts an older screen over it; and a publish still waiting for the lock finds the
        results this redraw posts (in the background) and the turn's hand it sent, and skips them.
        """
        async with self._lock(game_id):
            try:
                loaded = await self._service.load(game_id)
            except UnreadableGame:  # none of its screens can be drawn; start-up logs it once while active
                return
            if loaded is None:
                return
            record, doc = loaded
            if doc.compact:  # it ended, and no longer has what its screens are drawn from
                return
            audience = await self._audience(record, doc)
            # The results first: a table posted anew (a deal's, which a crash kept back) goes below them.
            await self._results.owed(record, doc, audience.group)
            if doc.old_table is not None:  # posted over at a deal, and not seen deleted before a restart
                self._spawn(self._tidy_table(record.id, record.chat_id, doc.old_table))
            await self._draw(record, doc, audience)
            if record.active:
                for player in hand_holders(doc):  # none in a lobby
                    if audience.turn_untold(doc, player):  # a crash came before the hand that tells them
                        await self._hands.send(record, doc, audience, player)
                    else:
                        selection = self._hands.selection(doc, record.id, player)
                        await self._hands.edit(record, doc, audience, player, selection)

    async def _draw(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """The lobby or table as the game is now; for a game that has ended, its last screens."""
        if record.active:
            await self._screen(record, doc, audience)
        else:
            await self._redraw_ended(record, doc, audience)

    async def _redraw_ended(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """The last screens of a game that has ended: edits of the messages it has, never a new message."""
        if audience.table is not None:
            if doc.engine is None:  # closed before a match began
                await self._lobby(record, doc, audience)
            else:
                await self._table(record, doc, audience)
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
            await self._table(record, doc, audience)
            actor = doc.state.actor
            if actor is None or actor in doc.computers:
                return
            if audience.turn_untold(doc, actor):  # the message telling them it is their turn never went out
                await self._hands.send(record, doc, audience, actor)
            else:
                selection = self._hands.selection(doc, record.id, actor)
                await self._hands.edit(record, doc, audience, actor, selection)

    async def countdown(self, record: GameRecord, doc: GameDocument) -> None:
        """A window's seconds are running out: redraw the table with the time left now."""
        async with self._lock(record.id):
            if await self._still_current(record):
                await self._table(record, doc, await self._audience(record, doc), at_once=True)

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
            elif chat_id < 0 and audience.table == message_id:
                loaded = await self._service.load(game_id)
                if loaded is None or loaded[0].chat_id != chat_id:
                    continue  # the same message id in another group
                audience.table = None
                await self._service.set_table_message(game_id, None)
                if not self._reposts.deleted(game_id):
                    log.info("game %s's new message was deleted at once; a new one waits", game_id)
                    continue
                await self.refresh(game_id)

    async def resend_hand(self, game_id: int, player: int) -> None:
        """The hand in a new message at the bottom of the private chat, the old one deleted (the player
        asked for it with /start, or deleted it)."""
        async with self._lock(game_id):
            loaded = await self._service.load(game_id)
            if loaded is None or loaded[0].status is not GameStatus.RUNNING:
                return
            record, doc = loaded
            if player in doc.state.players:
                await self._hands.send(record, doc, await self._audience(record, doc), player)

    def may_repost(self, game_id: int) -> bool:
        """Whether /table may post the game's screen anew now, which counts as posting it."""
        return self._reposts.may_repost(game_id)

    async def repost(self, game_id: int) -> bool:
        """/table: the lobby or table in a new message at the bottom of the group, whose talk has pushed it
        out of sight; the old message is deleted. False when the game has no such screen (it ended).

        The new message may wait for the group's window (up to half a minute in a busy group): the game's
        publishing lock is not held meanwhile, so moves keep reaching the hands (and the old table)."""
        async with self._lock(game_id):
            loaded = await self._service.load(game_id)
            if loaded is None or not loaded[0].active:
                return False
            record, doc = loaded
            audience = await self._audience(record, doc)
            old = audience.table
            if old is not None:
                self._group_edits.discard(record.chat_id, old)
            posting = self._posts.queue(record, self._screens.new_screen(record, doc, audience.group))
            self._reposting[game_id] = posting
        try:
            outcome = await posting
        finally:
            self._reposting.pop(game_id, None)
        async with self._lock(game_id):
            await self._adopt(game_id, record.chat_id, old, outcome)
        return True

    async def _adopt(
        self, game_id: int, chat_id: int, old: int | None, outcome: SendOutcome, below_results: bool = False
    ) -> None:
        """The game's screen posted anew in `chat_id` (by /table, or a table the game needed) becomes its
        lobby or table message, drawn as the game is now; the old message goes, its buttons with it. Refused,
        the old one goes on showing the game; with none, the game's next change asks for a new one, unless
        the group became a supergroup meanwhile: then it gets one there now. `below_results`: a table posted
        below a round's results, for whichever the game shows now, which goes at the lowest priority (refused,
        the old one shows the round). Under the lock."""
        mentioned = self._screens.adopted(game_id)
        loaded = await self._service.load(game_id)
        if loaded is None:
            return
        record, doc = loaded
        audience = await self._audience(record, doc)
        round_no = doc.engine.round_no if doc.engine is not None else None
        if below_results:
            old = audience.table
            audience.table_round = round_no  # refused: not asked again this round
        upgraded = record.chat_id != chat_id  # a message in the old group is none of the game's now
        new = outcome.message_id if isinstance(outcome, Sent) and not upgraded else None
        if new is not None and audience.table != old:  # the game posted one of its own meanwhile
            self._spawn(self._pacer.delete(record.chat_id, new))
            return
        if new is None and old is None and not upgraded:
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
                moved = Render(self._t.t(audience.group, "gameplay-table-moved"))
                self._spawn(self._pacer.delete(record.chat_id, old, instead=moved))
        await self._draw(record, doc, audience)  # what changed while it waited (refused: on the old one)

    async def _tidy_table(self, game_id: int, chat_id: int, message_id: int) -> None:
        """A table posted over below a round's results goes after every other write; once it is gone the
        game no longer keeps it for a restart to delete."""
        try:
            if await self._pacer.tidy(chat_id, message_id):
                await self._service.old_table_deleted(game_id, message_id)
        except Exception:  # in the background: a restart deletes it
            log.exception("deleting game %s's old table failed", game_id)

    async def _screen(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        if record.status is GameStatus.LOBBY:
            await self._lobby(record, doc, audience)
        else:
            await self._table(record, doc, audience)

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
        self._posts.forget(game_id)
        self._reposts.forget(game_id)
        self._screens.forget(game_id)

    def _let_go(self, record: GameRecord) -> None:
        """A game that ended, its last screens drawn, takes no more presses: nothing of it stays kept here
        (a bot running for months would otherwise hold every match it ever ran)."""
        if not record.active:
            self._posts.ended(record.id)
            self.forget(record.id)

    async def _audience(self, record: GameRecord, doc: GameDocument) -> Audience:
        audience = await self._audiences.of(record, doc)
        self._hands.restore(record.id, doc, audience)
        if not record.active:
            self._hands.forget(record.id)
            self._silences.forget(record.id)
        return audience

    # ---- the group ------------------------------------------------------------------------------------

    async def _group(self, outcome: Outcome, audience: Audience) -> None:
        record, doc, lang = outcome.game, outcome.doc, audience.group
        if outcome.started:
            draw = render.dealer_draw(outcome.events, seats(doc), lang, doc.rules.deck)
            text = f"{self._t.t(lang, 'gameplay-started')}\n\n{draw}"
            if audience.table is not None:  # the lobby's message keeps the dealer's draw; the table: below
                self._group_edits.now(record.chat_id, audience.table, Render(text))
                audience.table = None
                await self._service.set_table_message(record.id, None)
            await self._table(record, doc, audience)
        elif doc.engine is None or outcome.screens.lobby:
            await self._lobby(record, doc, audience, closed=outcome.closed)
            return
        elif outcome.screens.table:
            await self._table(record, doc, audience, hold=outcome.screens.table_waits)
        await self._results.of_change(record, doc, lang, outcome)

    async def _lobby(
        self, record: GameRecord, doc: GameDocument, audience: Audience, closed: LobbyClosed | None = None
    ) -> None:
        shown = self._screens.lobby(record, doc, audience.group, closed)
        if audience.table is not None:
            self._group_edits.now(record.chat_id, audience.table, shown)
            self._revise_repost(record, doc, audience)
            return
        if not self._reposts.held_back(record.id):
            await self._new_group_message(record, shown, audience)

    async def _table(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        at_once: bool = False,
        hold: bool = False,
    ) -> None:
        above_results = _above_results(record, doc, audience)
        if audience.table is None or above_results:
            posting = self._tables_posting.get(record.id)
            if posting is not None:  # goes out as the game is then, or (sent already) is drawn once adopted
                group = audience.group
                self._pacer.revise(
                    record.chat_id, posting, lambda: self._screens.new_table(record, doc, group)
                )
                return
            if not self._reposts.held_back(record.id):
                self._post_table(record, doc, audience)
                return
            if audience.table is None:
                return
        self._revise_repost(record, doc, audience)
        landed = self._silences.to_tell(record, doc)
        group, table = audience.group, audience.table

        def shown() -> Render:  # rendered when the edit goes out, with the time left then
            return self._screens.table(record, doc, group, table)

        # A silence the group has not seen yet is as urgent as a window: it binds only once it is read.
        if at_once or _window_changing(doc) or landed is not None:
            self._group_edits.now(record.chat_id, table, shown(), landed, redraw=shown)
        else:
            wait = HOLD_SECONDS if hold else None
            self._group_edits.later(record.chat_id, table, shown, self._lock(record.id), wait)

    def _revise_repost(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """A /table post still queued goes out as the game is then, with no edit after it (one that ended
        meanwhile is drawn once it is adopted)."""
        posting = self._reposting.get(record.id)
        if posting is not None and record.active:
            self._pacer.revise(
                record.chat_id, posting, lambda: self._screens.new_screen(record, doc, audience.group)
            )

    def _post_table(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """A new table message (the deal's, one for a table someone deleted, or one below the last round's
        results: silent, as the next mover's hand rings), adopted in the background: the game's next
        publishes (its hands) must not wait for the group's window with it."""
        old = audience.table
        below_results = old is not None
        if old is not None:  # it goes once this one is in: no edit of it is worth a write now
            self._group_edits.discard(record.chat_id, old)
        shown = self._screens.new_table(record, doc, audience.group)
        posting = self._posts.queue(record, shown, silent=below_results)
        self._tables_posting[record.id] = posting
        self._spawn(self._adopt_table(record.id, record.chat_id, posting, below_results))

    async def _adopt_table(
        self, game_id: int, chat_id: int, posting: asyncio.Future[SendOutcome], below_results: bool
    ) -> None:
        outcome = await posting
        async with self._lock(game_id):
            self._tables_posting.pop(game_id, None)
            try:
                await self._adopt(game_id, chat_id, None, outcome, below_results)
            except Exception:  # in the background, as a publish: logged, and the next change draws anew
                log.exception("adopting game %s's new table failed", game_id)

    async def _new_group_message(self, record: GameRecord, shown: Render, audience: Audience) -> None:
        """A new lobby message, which later changes edit. Awaited under the publishing lock: a lobby has
        nothing else to show, and those told of it (/notifyme) must not hear of it before the group."""
        outcome = await self._posts.queue(record, shown)
        if not isinstance(outcome, Sent) or outcome.message_id is None:
            return
        audience.table = outcome.message_id
        self._reposts.posted(record.id)
        await self._service.set_table_message(record.id, outcome.message_id)


def _above_results(record: GameRecord, doc: GameDocument, audience: Audience) -> bool:
    """Whether the running match's table message was posted in an earlier round: that round's results are
    below it, and the live table (with its UNO!, Catch! and Slap! buttons) belongs at the bottom."""
    posted = audience.table_round
    if record.status is not GameStatus.RUNNING or audience.table is None or posted is None:
        return False
    return posted < doc.state.round_no


def _window_changing(doc: GameDocument) -> bool:
    """A window (UNO!, Catch!, Slap!) opened or closed with this change, or one is open: it lasts seconds,
    so the table's buttons and names must not wait."""
    state = doc.engine
    if state is None:
        return False
    windows = (state.catch_deadline, state.slap_deadline)
    return doc.table_counter == state.seq or any(deadline is not None for deadline in windows)


def hand_holders(doc: GameDocument) -> list[int]:
    """Every person dealt into the match, those who left it too (their hand says they are out)."""
    if doc.engine is None:
        return []
    return [p for p in doc.players if p not in doc.computers]
