"""Everything the handlers share: the service, the publisher, the timers; and what follows every change."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from telegram import Bot

from bot.config import Settings
from bot.i18n import Translator
from bot.service import GameDocument, GameService, Outcome, Place, Refusal
from bot.service.document import StopReason
from bot.service.lately_seen import LatelySeen
from bot.service.settings import chat_language
from bot.storage import Database, GameRecord, GameStatus
from bot.tg.audiences import private_language
from bot.tg.background import Done
from bot.tg.closed_topic_answers import ClosedTopicAnswers
from bot.tg.command_budget import (
    COMPUTER_TOGGLE_BURST,
    LOBBY_TOGGLE_BURST,
    LOBBY_TOGGLE_SPACING_MS,
    CommandBudget,
)
from bot.tg.command_menus import OwnMenus
from bot.tg.comment_threads import CommentThreads
from bot.tg.fleeting import FleetingMessages
from bot.tg.forum_topics import ForumTopics
from bot.tg.invitations import Invitations
from bot.tg.lobby_rules_notes import RulesNote
from bot.tg.match_log import log_match_milestone
from bot.tg.muted_answers import MutedAnswers
from bot.tg.muted_groups import MutedGroups
from bot.tg.paced_writes import Undelivered
from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_share import Asker
from bot.tg.pauses import Pauses
from bot.tg.player_reach import PlayerReach
from bot.tg.posting_rechecks import PostingRechecks
from bot.tg.publisher import Publisher
from bot.tg.repeats import (
    REFUSAL_QUIET_MS,
    REPOST_MS,
    SETTLED_QUESTION_MS,
    Repeats,
    StopQuestions,
)
from bot.tg.send import (
    ChatMoved,
    Sleep,
    Unreachable,
    account_deleted,
    edited_message_gone,
    may_not_post,
    topic_closed,
    topic_gone,
)
from bot.tg.shown_stop_questions import ShownStopQuestions
from bot.tg.timers import Timers
from bot.tg.twin_presses import TwinPresses

log = logging.getLogger(__name__)


@dataclass
class Runtime:
    settings: Settings
    database: Database
    service: GameService
    translator: Translator
    clock: Callable[[], int]
    # ms on a clock that never jumps, for the budgets of commands and presses: the wall clock set back an hour
    # would count a person's last commands as an hour ahead, and leave every new one unanswered that long
    ticks: Callable[[], int]
    sleep: Sleep = asyncio.sleep  # on the clock's time: the bot's own waits (a read asked again)
    bot: Bot | None = None  # the application's, set with the pacer
    pacer: WritePacer | None = None
    publisher: Publisher | None = None
    timers: Timers | None = None
    fleeting: FleetingMessages | None = None  # group messages deleted after their time
    stop_questions: StopQuestions = field(default_factory=StopQuestions)  # by game and thread
    # by chat and message: the /stop questions open in groups, redrawn in the group's next language
    shown_stop_questions: ShownStopQuestions = field(default_factory=ShownStopQuestions)
    settled_questions: Repeats[tuple[int, int]] = field(  # by chat and message: the /stop questions answered
        default_factory=lambda: Repeats(SETTLED_QUESTION_MS)
    )
    refusals: Repeats[tuple[Place, int, str]] = field(  # by chat and topic, person, answer
        default_factory=lambda: Repeats(REFUSAL_QUIET_MS)
    )
    # by game and answer: /table's "the table is just above" (or, the game ended, "it is over"), said once
    # while it is (not by each who asked at once)
    table_pointers: Repeats[tuple[int, str]] = field(default_factory=lambda: Repeats(REPOST_MS))
    commands: CommandBudget = field(default_factory=CommandBudget)  # by chat and sender: commands handled
    lobby_toggles: CommandBudget = field(  # by game and person: the lobby's Join and Leave presses that count
        default_factory=lambda: CommandBudget(LOBBY_TOGGLE_BURST, LOBBY_TOGGLE_SPACING_MS)
    )
    computer_toggles: CommandBudget = field(  # by game and person: its Add and Remove a computer presses
        default_factory=lambda: CommandBudget(COMPUTER_TOGGLE_BURST, LOBBY_TOGGLE_SPACING_MS)
    )
    invitations: Invitations = field(default_factory=Invitations)  # sent to the private chat to join
    twin_presses: TwinPresses = field(default_factory=TwinPresses)  # a press resent or tapped twice
    # these three kept a day of `ticks`: a wall clock set a day ahead would drop them all, each read again
    # by person: their name and @username, then their app's language, in their last update
    names_seen: LatelySeen[int, tuple[str, str | None]] = field(default_factory=LatelySeen)
    language_codes_seen: LatelySeen[int, str] = field(default_factory=LatelySeen)
    # groups whose language is kept (chosen, taken or followed: bot.tg.handlers.language_taken)
    group_languages_settled: LatelySeen[int, bool] = field(default_factory=LatelySeen)
    # groups whose word on the language they took was refused (a forum topic closed to the bot, the bot
    # muted): said with their next command (bot.tg.handlers.language_taken), or forgotten with the group
    # (`group_gone`: the bot removed), or after a day of `ticks` (a group where only admins may send may never
    # let the bot post); a basic group's moves with it to the supergroup it becomes (`migrate`)
    language_notes_owed: LatelySeen[int, str] = field(default_factory=LatelySeen)
    # told the chat where a match started or ended: its open settings menu reads so (bot.tg.settings_handlers)
    matches_changed: Callable[[int], Coroutine[Any, Any, None]] | None = None
    # set at start-up (bot.tg.stop_questions_kept `outlived`): the /stop questions asked in private about a
    # game that ended another way say so (their chat and message)
    questions_outlived: Callable[[list[tuple[int, int]]], Coroutine[Any, Any, None]] | None = None
    own_menus: OwnMenus | None = None  # the settings handlers' (bot.tg.settings_handlers), a Start's too
    _tasks: set[asyncio.Task[Any]] = field(default_factory=set)
    _healing: asyncio.Task[None] | None = None
    _hands_healing: set[tuple[int, int]] = field(default_factory=set)
    # where an answer goes that a forum topic closed to the bot refuses: its asker's private chat
    closed_topics: ClosedTopicAnswers = field(init=False)
    pauses: Pauses = field(init=False)  # a match paused while the bot may not post there, and going on
    # what follows a forum topic's closing, reopening, deletion, or the group's topics turned off
    topics: ForumTopics = field(init=False)
    muted_groups: MutedGroups = field(init=False)  # groups where the bot may not post
    muted_answers: MutedAnswers = field(init=False)  # who is told so of a group in `muted_groups`
    player_reach: PlayerReach = field(init=False)  # players the bot may not write to in private, and back
    comment_threads: CommentThreads = field(init=False)  # under a linked channel's posts

    def __post_init__(self) -> None:
        default = self.settings.default_language
        self.comment_threads = CommentThreads(self.ticks)
        self.closed_topics = ClosedTopicAnswers(self.database, self.translator, default, lambda: self.pacer)
        self.pauses = Pauses(self.service, self.after, self.stop_questions, lambda: self.publishing)
        self.topics = ForumTopics(
            service=self.service,
            database=self.database,
            after=self.after,
            spawn=self.spawn,
            stop=self._stop,
            group_gone=self.group_gone,
            stop_questions=self.stop_questions,
            closed_topics=self.closed_topics,
            pauses=self.pauses,
            publishing=lambda: self.publishing,
            timers=lambda: self.timers,
            bot=lambda: self.bot,
            sleep=self.sleep,
        )
        rechecks = PostingRechecks(lambda: self.bot, self.ticks, self.sleep, self.spawn)
        self.muted_groups = MutedGroups(
            self.service, self.pauses, lambda: self.publishing, self.ticks, self.spawn, rechecks
        )
        self.muted_answers = MutedAnswers(self.closed_topics, self.refusals, self.ticks)
        self.player_reach = PlayerReach(
            self.service,
            self.database,
            self.after,
            self.writable,
            self.tell,
            lambda: self.publishing,
            self.spawn,
            self.ticks,
        )

    @property
    def publishing(self) -> Publisher:
        assert self.publisher is not None, "the publisher is created in post_init"
        return self.publisher

    async def after(self, outcome: Outcome, asker: Asker = None) -> asyncio.Task[None]:
        """A change was committed: re-arm its timers now, publish it in the background (in commit order).
        Await the returned task to say something after what it publishes. `asker`: the command's sender (or
        presser) its new group message answers (/startgame's table, Start's), should the group refuse it."""
        log_match_milestone(outcome)
        if self.timers is not None:
            self.timers.arm(outcome.game, outcome.doc)
        if not outcome.game.active:  # its /stop questions left open: not redrawn as open on a language switch
            outlived = self.shown_stop_questions.ended(outcome.game.id)
            if outlived and self.questions_outlived is not None:  # those asked in private say it is over
                self.spawn(self.questions_outlived(outlived))
        if outcome.started or (outcome.doc.engine is None and not outcome.game.active):
            self._invitations_over(outcome.game.id)
        match_over = outcome.doc.engine is not None and not outcome.game.active  # won, stopped, given up
        if self.matches_changed is not None and (outcome.started or match_over):
            self.spawn(self.matches_changed(outcome.game.chat_id))
        return self.spawn(self._publish(outcome, asker))

    def _invitations_over(self, game_id: int) -> None:
        """The lobby was dealt or closed: the group messages sending people to the private chat to join it go.
        They read "Anna, you're in the game: open the chat with me" beside the notice that Anna cannot get
        her cards, and on after she was out of the match, or asked to join a game dealt without them."""
        for posted in self.invitations.posted_for(game_id):
            if self.fleeting is not None and posted in self.fleeting:
                self.fleeting.delete_now(*posted)

    async def chat_rules_changed(
        self, chat_id: int, changed_in: int | None = None, note: RulesNote | None = None
    ) -> None:
        """An admin changed the chat's rules: its open lobbies show (and will start with) the new ones. Made
        in forum topic `changed_in` (which reads the change), the lobbies of other topics are told `note`."""
        outcomes = await self.service.lobbies_take_chat_rules(chat_id)
        for outcome in outcomes:
            await self.after(outcome)
        elsewhere = [o.game for o in outcomes if changed_in is not None and o.game.topic_id != changed_in]
        if elsewhere and note is not None:
            self.spawn(self.publishing.lobby_rules_notes.tell(elsewhere, note))

    async def sees_group(self, chat_id: int) -> bool:
        """Whether the bot sees the group's messages, as its matches' screens will say (seven silence)."""
        return await self.publishing.sight.sees_learned(chat_id)

    async def readers_changed(self, chat_id: int) -> None:
        """A group's or a person's language changed, or a person's colour letters: the screens of their
        running games are redrawn so (in the background; only what reads differently is written), and the
        /stop questions open in the chat (the group's, or those asked in the person's private chat)."""
        if self.pacer is not None and self.shown_stop_questions.open_in(chat_id, self.ticks()):
            default = self.settings.default_language
            async with self.database.unit_of_work() as uow:
                lang = await (chat_language if chat_id < 0 else private_language)(uow, chat_id, default)
            for message_id, render in self.shown_stop_questions.in_language(chat_id, lang, self.ticks()):
                self.pacer.edit(chat_id, message_id, render)
        games = await (self.service.active_games_in if chat_id < 0 else self.service.active_games_of)(chat_id)
        for record in games:
            self.spawn(self.publishing.readers_changed(record.id))

    def tell(self, chat_id: int, text: str | Render) -> None:
        """A paced message (e.g. a reply in a private chat), sent in the background: a burst of commands
        must wait for Telegram's per-chat limit instead of running into 429s. Plain text, or a Render with
        buttons."""
        assert self.pacer is not None, "the pacer is created in post_init"
        self.spawn(self._tell(self.pacer, chat_id, text))

    def heal_screens(self, game_ids: list[int], touch: bool = False) -> None:
        """Redraw these games' screens (a crash may have left them behind) in the background, so that
        start-up does not wait for it: presses are served meanwhile. `touch`: start-up's heal
        (Publisher.refresh)."""
        self._healing = self.spawn(self._heal(game_ids, touch))

    def show_hand(
        self,
        game_id: int,
        user_id: int,
        page: int | None = None,
        keep: Callable[[GameDocument, tuple[int, ...]], tuple[int, ...]] | None = None,
    ) -> None:
        """Redraw a player's hand (another page, a multi-play selection `keep` picks, given the one shown)
        in the background: the press is answered already."""
        self.spawn(self.publishing.show_hand(game_id, user_id, page, keep))

    def heal_hand(self, game_id: int, user_id: int) -> None:
        """A press on an outdated keyboard: make the hand show its latest state, with at most one redraw
        under way per hand however often people press (a lagging hand invites presses)."""
        key = (game_id, user_id)
        if self.publishing.reshow_hand(game_id, user_id) or key in self._hands_healing:
            return
        self._hands_healing.add(key)
        task = self.spawn(self.publishing.show_hand(game_id, user_id))
        task.add_done_callback(lambda _: self._hands_healing.discard(key))

    async def stop_healing(self) -> None:
        if self._healing is not None:
            self._healing.cancel()
            await asyncio.wait({self._healing})

    def spawn(self, work: Coroutine[Any, Any, Done]) -> asyncio.Task[Done]:
        """Run `work` in the background; `idle` waits for it, `aclose` cancels it (shutdown). Its failure is
        logged as it fails: most background work is awaited by nobody."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_log_failure)
        return task

    async def _heal(self, game_ids: list[int], touch: bool) -> None:
        for game_id in game_ids:
            try:
                await self.publishing.refresh(game_id, touch)
            except Exception:
                log.exception("redrawing game %s failed", game_id)
        log.info("Screens redrawn: %s games (active or just ended)", len(game_ids))

    async def _tell(self, pacer: WritePacer, chat_id: int, text: str | Render) -> None:
        await pacer.send(chat_id, text if isinstance(text, Render) else Render(text))

    async def _publish(self, outcome: Outcome, asker: Asker) -> None:
        try:
            await self.publishing.publish(outcome, asker)
        except Exception:
            log.exception("publishing game %s failed", outcome.game.id)

    async def idle(self) -> None:
        """Wait until every publish has run and every paced write is done (tests, shutdown)."""
        while True:
            while self._tasks:
                await asyncio.gather(*self._tasks)
            if self.pacer is not None:
                await self.pacer.drain()
            if not self._tasks:  # else a write's failure (`undelivered`) started more
                return

    def stop_writing(self) -> None:
        """The shutdown grace is over: every queued and later write fails at once (the next start redraws)."""
        if self.pacer is None or self.pacer.stopped:
            return
        if not self.pacer.idle:
            log.warning("Stopping with writes still queued; the screens are redrawn at the next start")
        self.pacer.stop()

    async def aclose(self) -> None:
        """Drop what is still waiting to be published or written (the next start redraws the screens)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self.pacer is not None:
            await self.pacer.aclose()

    def writable(self, chat_id: int) -> None:
        """Telegram lets the bot write to this chat again (after a 403 the pacer refuses writes there)."""
        if self.pacer is not None:
            self.pacer.writable(chat_id)

    async def turn_told_late(self, game_id: int, user_id: int, turn: int | None) -> None:
        """The message telling a player of their turn arrived late: the turn's time starts again from now."""
        outcome = await self.service.turn_told_late(game_id, user_id, turn)
        if outcome is not None:
            await self.after(outcome)

    async def catch_shown(self, record: GameRecord, doc: GameDocument, late_at: int | None) -> None:
        """The table showing a catch window landed (`doc`: the game it showed): computers catch no sooner than
        people could from now (their thinking starts again), and a window whose table landed late (at
        `late_at`) gets its time again from now (unless it closed or changed meanwhile). Landed past the
        window's end, the table was drawn with no Catch!: the window started again is the group's news, and
        computers wait for the edit showing it."""
        deadline, outcome = doc.state.catch_deadline, None
        if late_at is not None and deadline is not None:
            outcome = await self.service.catch_told_late(record.id, deadline, late_at)
        if outcome is None:
            if self.timers is not None:
                self.timers.arm(record, doc)
            return
        restarted = outcome.doc.state.catch_deadline
        open_on_it = late_at is not None and deadline is not None and late_at < deadline
        if restarted is not None and open_on_it:  # open on the table since it landed: its redraw is no news
            self.publishing.catch_shown(record.id, outcome.doc.state.seq, restarted)
        await self.after(outcome)

    async def group_gone(self, chat_id: int, topic_id: int | None = None, *, muted: bool = False) -> None:
        """The bot may no longer write to this group (removed from it, or the group deleted) or to this forum
        topic (deleted): their games stop, and the players' hands say so instead of offering a turn nobody
        can see. `muted` in it (for a moment, perhaps: an admin trying its permissions), its matches pause
        instead, until it lets the bot post again (bot.tg.muted_groups), a day at most; its lobbies stop,
        as nobody could be asked to join them, and so does a match whose table it never took."""
        if muted:
            self.muted_groups.refused(chat_id)
        elif topic_id is None:  # its next command may never come (a muted bot's comes once an admin lets it
            self.language_notes_owed.forget(chat_id)  # write again)
        for record in await self.service.active_games_in(chat_id):
            if topic_id not in (None, record.topic_id):
                continue
            # A match the group never saw (its table refused: a Start pressed meanwhile) stops, as a lobby.
            if muted and record.status is GameStatus.RUNNING and record.table_message_id is not None:
                await self.pauses.pause(record.id, f"chat {chat_id} refuses the bot's posts", muted=True)
            else:
                await self._stop(record.id, StopReason.GONE)

    async def _stop(self, game_id: int, reason: StopReason) -> None:
        """The bot stops the game for `reason`, unless it ended meanwhile."""
        try:
            outcome = await self.service.stop(game_id, None, is_admin=True, reason=reason)
        except Refusal:
            return
        await self.after(outcome)

    async def undelivered(self, failed: Undelivered) -> None:
        """A paced write did not land: a player who blocked the bot, a group the bot is no longer in, a
        deleted forum topic, a group that became a supergroup, or an edit of a message someone deleted."""
        if isinstance(failed.outcome, Unreachable) and failed.chat_id > 0:
            await self.player_reach.unreachable(failed.chat_id, account_deleted(failed.outcome))
        elif isinstance(failed.outcome, Unreachable):
            await self.group_gone(failed.chat_id)
        elif isinstance(failed.outcome, ChatMoved):
            await self.migrate(failed.outcome.chat_id, failed.outcome.new_chat_id)
        elif topic_gone(failed.outcome) and failed.thread_id is not None:
            # In the background: this runs in the chat's write queue, which a moved game's table goes through.
            self.spawn(self.topics.thread_gone(failed.chat_id, failed.thread_id))
        elif topic_closed(failed.outcome) and failed.message_id is not None:
            # Its topic is not known (a new message without one is General's, an edit's never is): the
            # topic's closing, which the bot is told of, stopped its game.
            pass
        elif topic_closed(failed.outcome) and failed.chat_id < 0:
            # A new message refused in a closed topic (the closing not told, say): as its closing does. A
            # message to General carries no thread id; General's games are topic 0.
            await self.topics.closed(failed.chat_id, failed.thread_id or 0)
        elif may_not_post(failed.outcome) and failed.chat_id < 0:
            # Muted in the group: nobody would see the table or the results; whom it answered is told why.
            self.spawn(self.muted_answers.refused(failed.chat_id, failed.askers))
            await self.group_gone(failed.chat_id, muted=True)
        elif edited_message_gone(failed.outcome) and failed.message_id is not None:
            # In the background: this runs in the chat's write queue, which the new message must go through.
            self.spawn(self.publishing.message_gone(failed.chat_id, failed.message_id))

    async def migrate(self, old_id: int, new_id: int) -> None:
        """Follow a group upgraded to a supergroup: its games move along and get a new table message, once."""
        # A game opened in the supergroup before the upgrade was followed keeps its place; the group's game
        # there is stopped, and its standings go to the supergroup with the moved games' screens.
        taken = {record.topic_id for record in await self.service.active_games_in(new_id)}
        stopped = []
        for record in await self.service.active_games_in(old_id):
            if record.topic_id in taken:
                with suppress(Refusal):  # it ended meanwhile
                    stopped.append((await self.service.stop(record.id, None, is_admin=True)).game.id)
        async with self.database.unit_of_work() as uow:
            moved = await uow.chats.migrate(old_id, new_id)
        owed = self.language_notes_owed.take(old_id, self.ticks())
        if owed is not None:
            self.language_notes_owed.saw(new_id, owed, self.ticks())
        self.muted_groups.migrated(old_id, new_id)
        assert self.pacer is not None and self.fleeting is not None, "created in post_init"
        # The old group's queued writes fail now, not once its window (a flood's minute) lets them be refused:
        # results queued there are no longer on their way when the redraws below post what the games owe.
        self.pacer.moved(old_id, new_id)
        self.fleeting.let_be_in(old_id)  # the old group's answers, boards and questions stay as posted
        if not moved:  # a second notice of the same upgrade: the games have their new table already
            return
        for game_id in [*stopped, *(record.id for record in await self.service.active_games_in(new_id))]:
            await self._drawn_in_the_supergroup(game_id)
        # A match that ended as the group's writes were held back owes it the results (Play again under them):
        # its redraw posts them in the supergroup; its last table stays in the old group, as posted.
        for game_id in await self.service.recently_ended(new_id):
            if game_id not in stopped:
                await self._drawn_in_the_supergroup(game_id)
        # A lobby the old group's Play again opened after its settings had moved on took the default rules.
        await self.chat_rules_changed(new_id)

    async def _drawn_in_the_supergroup(self, game_id: int) -> None:
        """A game moved along with its group: its screens are drawn again there, the old group's table
        message forgotten (its id names another message in the supergroup): a running game gets a new one, an
        ended one its results if they are still owed."""
        self.stop_questions.forget(game_id)  # a question left in the old group: /stop asks anew
        await self.publishing.moved(game_id)


def _log_failure(task: asyncio.Task[Any]) -> None:
    """A background task's exception, with its traceback (not a cancellation: shutdown's, or a task
    replaced). Retrieving it here keeps asyncio from logging it again when the task is collected."""
    if not task.cancelled() and (error := task.exception()) is not None:
        work = getattr(task.get_coro(), "__qualname__", "?")
        log.error("Background task %s (%s) failed", task.get_name(), work, exc_info=error)
