"""What the adapter reports back to the service about Telegram: the messages it posted (the table, hands,
results, a seven silence told, a turn told late), names changed there, people it can or cannot write to, and
outages (Telegram or the database out of reach).

GameService inherits it; each change is one transaction under the game's lock (bot.service.changes).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace

from bot.engine.actions import GiveTimeBack, RestartCatchTimer, RestartTurnTimer
from bot.service import lobby, stop_rules
from bot.service.changes import Changes, Work
from bot.service.document import GameDocument, Result, readable
from bot.service.errors import Refusal, UnreadableGame
from bot.service.hand_messages import HandMessages
from bot.service.model import Clock, Outcome
from bot.service.playing import unseen_window_waits_until
from bot.service.progress import Screens, humans
from bot.service.results import at
from bot.service.stop_questions import StopQuestion
from bot.storage import GameRecord, GameStatus, HandChoices, NewEvent, UnitOfWork
from bot.storage.unit_of_work import Database

# Games that ended this recently are redrawn at start-up as well as the active ones. Their last writes wait
# in the pacer for a few seconds (a private chat takes one a second, a group one per 3 s), so a restart
# right after a match ended would otherwise leave hands saying "your turn" in a finished game.
ENDED_RECENTLY_MS = 10 * 60 * 1000


class ReportUseCases:
    # Set by GameService, whose part this is.
    _db: Database
    _clock: Clock
    _changes: Changes
    _hand_messages: HandMessages
    _started: int

    async def rename(self, game_id: int, chat_title: str, topic_title: str | None = None) -> Outcome | None:
        """The group (or the forum topic, or General, `topic_title`) was renamed: the game takes its new
        title, which heads its players' hands (None: the game ended, or has those names already)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            same_topic = topic_title in (None, doc.topic_title)
            if not record.active or (doc.chat_title == chat_title and same_topic):
                return None
            renamed = replace(doc, chat_title=chat_title, topic_title=topic_title or doc.topic_title)
            if record.status is not GameStatus.RUNNING:
                return Work(record, renamed, [])  # a lobby shows no title: the hands it deals will
            hands = frozenset(humans(renamed, renamed.state))
            return Work(record, renamed, [], screens=Screens(hands_to_edit=hands))

        return await self._changes.optional(game_id, step)

    async def move_to_main_chat(self, game_id: int, chat_title: str) -> Outcome | None:
        """The group's admins turned its forum topics off: the game goes on in the group's one chat, named
        as the group is (None: the game ended, or plays there already). Refused when a game plays there."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if not record.active or record.topic_id == 0:
                return None
            if await uow.games.find_active(record.chat_id) is not None:
                raise Refusal("game_running")  # the chat holds one game: General's, or one moved before
            await uow.games.move_to_topic(record.id, 0)
            moved = replace(record, topic_id=0)
            renamed = replace(doc, chat_title=chat_title, topic_title=None)
            if record.status is not GameStatus.RUNNING:
                return Work(moved, renamed, [])
            return Work(moved, renamed, [], screens=Screens(hands_to_edit=frozenset(humans(doc, doc.state))))

        return await self._changes.optional(game_id, step)

    async def out_of_forum(self, game_id: int) -> Outcome | None:
        """The group's forum topics were turned off: its General game, in the one chat now, is named by the
        group alone on its hands, as a plain group's (None: the game ended, or is not General's)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if not record.active or not doc.forum_general:
                return None
            renamed = replace(doc, forum_general=False)
            if record.status is not GameStatus.RUNNING:
                return Work(record, renamed, [])  # a lobby shows no title: the hands it deals will
            return Work(record, renamed, [], screens=Screens(hands_to_edit=frozenset(humans(doc, doc.state))))

        return await self._changes.optional(game_id, step)

    async def rename_player(self, game_id: int, user_id: int, name: str) -> Outcome | None:
        """A player changed their Telegram name: the lobby, or the table and the hands, show the new one
        (None: the game ended, they are not in it, or it has that name already)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if not record.active or user_id not in doc.players or doc.names.get(user_id) == name:
                return None
            renamed = doc.changed_name(user_id, name)  # a name taken anew takes its twin mark, if any
            if record.status is not GameStatus.RUNNING:
                return Work(record, renamed, [], screens=Screens(lobby=True))
            hands = frozenset(humans(renamed, renamed.state))  # the news in hands names players too
            return Work(record, renamed, [], screens=Screens(table=True, hands_to_edit=hands))

        return await self._changes.optional(game_id, step)

    async def set_table_message(
        self,
        game_id: int,
        message_id: int | None,
        mentioned: int | None = None,
        round_no: int | None = None,
        replaced: int | None = None,
    ) -> None:
        """`mentioned`: the turn (`GameDocument.turn_began`) whose player the new table message mentioned;
        `round_no`: the round it was posted in; `replaced`: the table it was posted below a round's results
        for, deleted next (`GameDocument.old_table`)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work:
            old = doc.old_table if replaced is None else replaced
            told = replace(doc, table_round=round_no, old_table=old)
            if mentioned is not None and message_id is not None:
                told = replace(told, turn_mention=(mentioned, message_id))
            return Work(replace(record, table_message_id=message_id), told, [])

        await self._changes.change(game_id, step)

    async def old_table_deleted(self, game_id: int, message_id: int) -> None:
        """The table message a new one was posted below a round's results for is gone."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if doc.old_table != message_id:
                return None
            return Work(record, replace(doc, old_table=None), [])

        await self._changes.optional(game_id, step)

    async def turn_mentioned(self, game_id: int, turn: int, message_id: int) -> None:
        """A new group message other than the table (the idle warning) mentioned the player of `turn`
        (`GameDocument.turn_began`), which notified them: it is the turn's mention, unless it had one."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            told = doc.turn_mention
            if doc.turn_began != turn or (told is not None and told[0] == turn):
                return None
            return Work(record, replace(doc, turn_mention=(turn, message_id)), [])

        await self._changes.optional(game_id, step)

    async def silence_told(self, game_id: int, holder: int, told_ms: int) -> None:
        """The group can read since `told_ms` that `holder`'s seven silence is on: kept for a restart."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if doc.engine is None or doc.engine.silence_holder != holder or doc.silence_told is not None:
                return None
            return Work(record, replace(doc, silence_told=(holder, told_ms)), [])

        await self._changes.optional(game_id, step)

    async def catch_told(self, game_id: int, deadline: int) -> None:
        """The group can see the catch window that closes at `deadline` open (its table landed): kept for a
        restart."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            state = doc.engine
            if state is None or not state.catchable or state.catch_deadline != deadline or doc.catch_told:
                return None
            return Work(record, replace(doc, catch_told=True), [])

        await self._changes.optional(game_id, step)

    async def stop_asked(self, game_id: int, question: StopQuestion, open_since: int) -> None:
        """A /stop question about the game was posted: kept (for a restart) with the others asked from
        `open_since` (ms) on, till it is answered (`stop_settled`); one asked before is out of sight. One
        asked in private, about the match paused, is kept however old: it is told where to stop the match
        as it goes on (bot.tg.stop_questions_kept), as it is settled; but the one asked before in the same
        private chat goes as `question` is asked there (settled and deleted: bot.tg.stop_questions_kept
        `posted`), else a /stop repeated there, its half minute over each time, grew the document for as long
        as the match stayed paused (a day)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if not record.active:
                return None
            replaced = question.thread if question.in_private else None  # (a group's thread is 0 or above)
            kept = tuple(
                q
                for q in doc.stop_questions
                if q.thread != replaced and (q.in_private or q.asked_ms >= open_since)
            )
            return Work(record, replace(doc, stop_questions=(*kept, question)), [])

        await self._changes.optional(game_id, step)

    async def stop_settled(self, game_id: int, chat_id: int, message_id: int) -> None:
        """The /stop question in message `message_id` of chat `chat_id` was answered: no longer kept."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            left = tuple(q for q in doc.stop_questions if (q.chat_id, q.message_id) != (chat_id, message_id))
            unchanged = len(left) == len(doc.stop_questions)
            if not record.active or unchanged:  # (an ended game's are read nowhere)
                return None
            return Work(record, replace(doc, stop_questions=left), [])

        await self._changes.optional(game_id, step)

    async def results_announced(self, game_id: int, shown: Sequence[Result], standings: bool = False) -> None:
        """These round and match results (and a stopped match's `standings`) are posted in the group: a
        restart need not post them again."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            left = tuple(event for event in doc.unannounced if event not in shown)
            owed = doc.standings_unannounced and not standings
            if len(left) == len(doc.unannounced) and owed == doc.standings_unannounced:
                return None
            return Work(record, replace(doc, unannounced=left, standings_unannounced=owed), [])

        await self._changes.optional(game_id, step)

    async def turn_told_late(self, game_id: int, user_id: int, turn: int | None) -> Outcome | None:
        """The message telling `user_id` of their turn (`turn`: the one it was sent for, see
        `GameDocument.hand_sends`) arrived only now (Telegram made the bot wait): the turn's time starts
        again, as the table and their hand then show (None: the game moved on meanwhile)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            state = doc.engine
            if record.status is not GameStatus.RUNNING or state is None or state.turn_deadline is None:
                return None
            if doc.paused:  # its time is given back when it goes on
                return None
            if state.actor != user_id or doc.hand_sends.get(user_id) != turn:
                return None
            now = max(self._clock(), state.clock)
            work = await self._changes.engine_step(uow, record, doc, RestartTurnTimer(now), None, now)
            work.screens = replace(work.screens, hands_to_edit=frozenset({user_id}))
            return work

        return await self._changes.optional(game_id, step)

    async def catch_told_late(self, game_id: int, deadline: int, shown_at: int) -> Outcome | None:
        """The table showing the catch window that closes at `deadline` reached the group only at `shown_at`
        (Telegram made the bot wait; past its deadline too, while `timeout` held it for its table): the
        window's time starts again now, as the table then shows (None: it closed or changed meanwhile)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            state = doc.engine
            if record.status is not GameStatus.RUNNING or state is None or doc.paused:
                return None
            now = max(self._clock(), state.clock)
            # (one past its deadline is open still when it waited for its table: `timeout` held it so long)
            if not state.catchable or state.catch_deadline != deadline:
                return None
            # (one that waited for its table in vain ran out all the same: its Timeout is due; judged by when
            # the table landed, not when the database was reached: the game's lock goes in turn, its Timeout
            # after this)
            if shown_at >= unseen_window_waits_until(deadline, state):
                return None
            # (started again, it is news until its table lands: one the table showed past its end, drawn
            # with no Catch!, was stored as seen as it landed; a restart would take the new one as shown)
            unseen = replace(doc, catch_told=False)
            return await self._changes.engine_step(uow, record, unseen, RestartCatchTimer(now), None, now)

        return await self._changes.optional(game_id, step)

    async def give_time_back(self, game_id: int, since: int, lost: int, went: int) -> Outcome | None:
        """The bot could reach neither Telegram nor the database from `since` for `lost` ms: the game's
        deadlines running then, or its idle clock, stand still for that long (None: none was). `went` (0 or
        below): how far the wall clock was set back in that span (bot.tg.downtime `Span.set_back`): all of a
        negative `lost`, or a set-back after an earlier outage's time that `lost` gives too (`_set_back`).
        Only the part after the time the game was given up to (`TimeGivenBack.until`): a give-back cut short
        is given again from the same `since`, to the games it reached as well; so is a set-back, a game it
        reached given only the time since its clock went back (`TimeGivenBack.set_back_at`) and set back by
        what it did not have of it (the clock set back again meanwhile: `TimeGivenBack.further_back`)."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            further = doc.given_back.further_back(since, went)
            if further < 0:
                return await self._set_back(uow, record, doc, since, lost, further, went)
            if doc.paused:  # its clocks stood still already: its topic's reopening gives it the whole pause
                return None
            start, owed = doc.given_back.owed(since, lost)
            if owed <= 0:
                return None
            idle = self._idle_began(record, doc)
            if idle is not None:  # the part of the outage its idle clock counted
                counted = stop_rules.idle_time_back(idle, start, owed)
                given = replace(
                    doc, idle_since=idle + counted, given_back=replace(doc.given_back, until=self._clock())
                )
                return Work(record, given, []) if counted > 0 else None
            state = doc.engine
            if record.status is not GameStatus.RUNNING or state is None:
                return None
            now = max(self._clock(), state.clock)
            try:
                given = replace(doc, given_back=replace(doc.given_back, until=now))
                return await self._changes.engine_step(
                    uow, record, given, GiveTimeBack(start, owed, now), None, now
                )
            except Refusal:  # no deadline was running then
                return None

        return await self._changes.optional(game_id, step)

    async def _set_back(
        self,
        uow: UnitOfWork,
        record: GameRecord,
        doc: GameDocument,
        since: int,
        ms: int,
        back: int,
        went: int,
    ) -> Work:
        """The wall clock set back `back` ms (below 0, as `GiveTimeBack` takes it) in the span from `since`
        for `ms`: every moment kept of the game moves back as much (its match's deadlines and clock too),
        else a lobby would stay open that much longer, a match with no turn timer be stopped as idle that
        much later, and the next move's turn (timed from the game's clock, no earlier than its last move)
        last that much longer. The rest of `ms`, an earlier outage's time before the set-back (bot.tg.downtime
        `Span.back`), is given first, less what the game got of it (`TimeGivenBack.owed`: a give-back
        cut short gave it): both in one write. Marked with the span's `since` and `ms`, the time since the
        span is read from them, and its set-backs' `went` (`back` is the part of it the game did not have)."""
        start, owed = doc.given_back.owed(since, ms)
        gained = 0 if doc.paused else max(0, owed - back)  # (a paused one's clocks stood still already)
        set_back = doc.set_back(-back, gained, since, -ms, went)
        if record.status is not GameStatus.RUNNING or doc.engine is None:
            return Work(record, set_back, [])
        now = self._clock()
        log: list[NewEvent] = []
        if gained > 0:
            with suppress(Refusal):  # no deadline was running then
                given = await self._changes.engine_step(
                    uow, record, set_back, GiveTimeBack(start, gained, now), None, now
                )
                record, set_back, log = given.record, given.doc, given.log
        # (from the moment the game stood still until, on the clock before: its deadlines were set before it)
        work = await self._changes.engine_step(
            uow, record, set_back, GiveTimeBack(start + gained, back, now), None, now
        )
        work.log = [*log, *work.log]
        if doc.paused:  # nobody sees its screens until it goes on
            work.screens = Screens()
        return work

    def _idle_began(self, record: GameRecord, doc: GameDocument) -> int | None:
        """When the game's idle clock began (ms); None when none runs (a deadline of the match does)."""
        if record.status is GameStatus.LOBBY:
            return lobby.idle_began(doc)
        match = doc.engine if record.status is GameStatus.RUNNING else None
        if match is None or match.next_deadline() is not None:
            return None
        return stop_rules.idle_began(doc, self._started)

    async def set_hand_message(
        self, game_id: int, user_id: int, message_id: int | None, sent_for: int | None = None
    ) -> None:
        """`sent_for`: the turn (`GameDocument.hand_sends`) the message was sent anew for."""
        await self._hand_messages.store(game_id, user_id, message_id, sent_for)

    async def keep_hand_choices(self, game_id: int, user_id: int, choices: HandChoices) -> None:
        """What the player turned their hand message to (a page, a multi-play selection), for a restart."""
        await self._hand_messages.keep_choices(game_id, user_id, choices)

    async def writes_done(self) -> None:
        """Wait for the writes that outlive their cancelled callers (shutdown, before the database closes)."""
        await self._hand_messages.written()

    async def player_unreachable(self, game_id: int, user_id: int) -> Outcome | None:
        """The bot cannot write to this player: their turns will time out; tell the group once."""

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            await uow.users.mark_blocked(user_id)
            if user_id in doc.unreachable or not record.active:
                return None
            if record.status is GameStatus.RUNNING and user_id not in doc.state.players:
                return None  # left the match: no turns of theirs to time out, nothing to tell the group
            new = doc.unreachable_now(user_id, blocked=await uow.users.ever_started(user_id))
            new = replace(new, told_unreachable=doc.told_unreachable | {user_id})
            work = Work(
                record, new, [NewEvent("player.unreachable", {}, user_id)], screens=Screens(table=True)
            )
            work.notice = None if user_id in doc.told_unreachable else user_id
            return work

        return await self._changes.optional(game_id, step)

    async def player_reachable(self, user_id: int) -> list[Outcome]:
        """The user (re)started the bot: every active game of theirs sends them their hand again. A game
        that ended lately (within ENDED_RECENTLY_MS, as a restart redraws) while the bot could not write to
        them, or whose last hand edit Telegram refused, shows its end on their hand, which still offered its
        cards."""
        async with self._db.unit_of_work() as uow:
            was_unreachable = not await uow.users.reachable(user_id)
            await uow.users.mark_private_chat_started(user_id)
            games = await uow.games.list_active_of(user_id)
            since = at(self._clock() - ENDED_RECENTLY_MS)
            ended = await uow.games.ended_since(since, player=user_id) if was_unreachable else []
        marked = [record.id for record, doc in readable(games)[0] if user_id in doc.unreachable]

        async def step(uow: UnitOfWork, record: GameRecord, doc: GameDocument) -> Work | None:
            if not record.active:
                return _end_on_hand(record, doc, user_id)
            if user_id not in doc.unreachable:
                return None
            new = doc.reachable_again(user_id)
            if record.status is not GameStatus.RUNNING:
                return Work(record, new, [], screens=Screens(table=True))
            if user_id not in doc.state.players:  # they left meanwhile: their hand, with its cards, says so
                return Work(record, new, [], screens=Screens(table=True, hands_to_edit=frozenset({user_id})))
            # Their hand is sent anew for the game as it is now.
            new = replace(new, hand_sends={**new.hand_sends, user_id: new.state.seq})
            return Work(record, new, [], screens=Screens(table=True, hands_to_send=frozenset({user_id})))

        outcomes = []
        for game_id in marked + ended:
            try:
                outcome = await self._changes.optional(game_id, step)
            except UnreadableGame:  # stopped so: its hands were left as they were
                continue
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes


def _end_on_hand(record: GameRecord, doc: GameDocument, user_id: int) -> Work | None:
    """An ended game's last screen on the hand of a player who could not be written to (their mark goes,
    and with it the table's 🔇); a lobby that closed dealt no hand, and its message says why it closed."""
    if doc.engine is None:
        return None
    marked = user_id in doc.unreachable
    new = doc.reachable_again(user_id)
    return Work(record, new, [], screens=Screens(table=marked, hands_to_edit=frozenset({user_id})))
