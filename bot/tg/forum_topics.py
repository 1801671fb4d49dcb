"""The bot's reactions to what Telegram reports of a group's forum topics: one closed to the bot (its match
pauses, its lobby closes), reopened (the match goes on), deleted, or the group's topics turned off (their
games move to its one chat)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from telegram import Bot
from telegram.error import TelegramError

from bot.service import GameService, Outcome, Refusal, UnreadableGame
from bot.service.document import StopReason
from bot.service.next_game import requests_into_main_chat
from bot.storage import Database, GameStatus
from bot.tg import closed_topic_answers
from bot.tg.background import Spawn
from bot.tg.closed_topic_answers import ClosedTopicAnswers
from bot.tg.pauses import Pauses
from bot.tg.publisher import Publisher
from bot.tg.repeats import StopQuestions
from bot.tg.send import Sleep, failed_for_a_moment, retried
from bot.tg.timers import Timers

log = logging.getLogger(__name__)

LONGEST_FLOOD_WAIT_S = 30.0  # the longest 429 to getChat waited out; a longer one is no answer either


class ForumTopics:
    def __init__(
        self,
        *,
        service: GameService,
        database: Database,
        after: Callable[[Outcome], Awaitable[asyncio.Task[None]]],
        spawn: Spawn,
        stop: Callable[[int, StopReason], Awaitable[None]],
        group_gone: Callable[[int, int | None], Awaitable[None]],
        stop_questions: StopQuestions,
        closed_topics: ClosedTopicAnswers,
        pauses: Pauses,
        publishing: Callable[[], Publisher],
        timers: Callable[[], Timers | None],
        bot: Callable[[], Bot | None],
        sleep: Sleep,
    ) -> None:
        """`after`, `spawn`: the runtime's (what follows a change; background work). `stop`: the bot stops a
        game for a reason, unless it ended meanwhile; `group_gone`: the bot may no longer write to a group or
        to one of its topics. `stop_questions`: the /stop questions asked, by game and thread; `pauses`: a
        match paused and going on. `publishing`, `timers`,
        `bot`: the running bot's (created when it starts); `sleep`: waits on the bot's clock."""
        self._service = service
        self._database = database
        self._after = after
        self._spawn = spawn
        self._stop = stop
        self._group_gone = group_gone
        self._stop_questions = stop_questions
        self._closed_topics = closed_topics
        self._pauses = pauses
        self._publishing = publishing
        self._timers = timers
        self._bot = bot
        self._sleep = sleep

    async def closed(self, chat_id: int, topic_id: int) -> None:
        """The forum topic (0: General) was closed and the bot may not post there meanwhile: its match pauses
        until it is reopened (`reopened`); a lobby closes, as nobody could be asked to /join it."""
        for record in await self._service.active_games_in(chat_id):
            if record.topic_id != topic_id:
                continue
            if record.status is not GameStatus.RUNNING:
                await self._lobby_closed(record.id)
                continue
            await self._pauses.pause(record.id, f"topic {topic_id} of chat {chat_id} closed")

    async def _lobby_closed(self, game_id: int) -> None:
        """A lobby whose first message its closed topic refused (a /new or Play again there) is gone, and its
        creator told where to open one; one shown closes, and each seated in it is told (its message, which
        would say so, is refused too). In private, once: a second report finds it gone or stopped."""
        doc = await self._service.discard_unseen_lobby(game_id)
        if doc is not None:
            timers = self._timers()
            if timers is not None:
                timers.forget(game_id)
            self._publishing().forget(game_id)
            told, key = [doc.creator], closed_topic_answers.NEW_GAME_KEY
        else:
            try:
                reason = StopReason.TOPIC_CLOSED
                outcome = await self._service.stop(game_id, None, True, reason, lobby_only=True)
            except Refusal:  # it ended or started meanwhile, or the first report stopped it
                return
            await self._after(outcome)
            doc = outcome.doc
            told, key = (
                [p for p in doc.players if p not in doc.computers],
                closed_topic_answers.LOBBY_CLOSED_KEY,
            )
        for user_id in told:
            self._spawn(self._closed_topics.tell_player(user_id, key, doc))

    async def reopened(self, chat_id: int, topic_id: int) -> None:
        """The forum topic (0: General) was reopened: its paused match goes on, its table posted anew at the
        bottom of the topic (talk may have piled up under the old one meanwhile)."""
        for record in await self._service.active_games_in(chat_id):
            if record.topic_id == topic_id:
                await self._pauses.go_on(record.id, f"topic {topic_id} of chat {chat_id} reopened", False)

    async def turned_off(self, chat_id: int, title: str, posted_by_the_command: bool = False) -> None:
        """The group's admins turned its forum topics off: Telegram shows every topic's messages in its one
        chat and takes none for a topic. One game goes on there, named as the group is (a match before a
        lobby: General's, which plays there already, else the oldest; one paused in a closed topic goes on),
        its screen posted there (`posted_by_the_command`: not here, by the /table that told of it); the
        others stop, their tables (shown in the one chat now) and hands saying why. The /notifyme requests
        made in topics await the one chat's next lobby; General's game is named by the group alone. A chat
        known to hold nothing in topics costs no read."""
        for game_id in await self._move_to_main_chat(chat_id, title):
            await self._shown_in_main_chat(game_id, posted_by_the_command)

    async def _move_to_main_chat(self, chat_id: int, title: str) -> list[int]:
        """`turned_off`'s moves and stops; returns the games moved."""
        topic_use = self._service.topic_use
        if topic_use.unused(chat_id):
            return []
        since = topic_use.looking()
        active = await self._service.active_games_in(chat_id)
        for record in (record for record in active if not record.topic_id):
            try:
                renamed = await self._service.out_of_forum(record.id)
            except UnreadableGame:  # named nowhere any more: /stop in its chat ends it
                continue
            if renamed is not None:  # General's: named by the group alone now
                await self._after(renamed)
        games = [record for record in active if record.topic_id]
        if not await requests_into_main_chat(self._database, chat_id) and not games:
            topic_use.found_unused(chat_id, since)
        games.sort(key=lambda record: record.status is not GameStatus.RUNNING)  # stable: the oldest first
        lobbies = (record for record in active if not record.topic_id and record.status is GameStatus.LOBBY)
        general_lobby = next(lobbies, None)
        if general_lobby is not None and games and games[0].status is GameStatus.RUNNING:
            await self._lobby_gives_way(general_lobby.id)
        moved = []
        for record in games:
            try:
                outcome = await self._service.move_to_main_chat(record.id, title)
            except Refusal:  # the chat has its game
                await self._stop(record.id, StopReason.TOPICS_OFF)
                continue
            if outcome is not None:  # else it ended meanwhile, or another report moved it
                await self._after(outcome)
                # paused in a closed topic: none now (not as the group refuses the bot's posts: it still does)
                resumed = await self._service.resume(record.id, muted=False)
                if resumed is not None:
                    await self._after(resumed)
                moved.append(record.id)
        return moved

    async def _lobby_gives_way(self, game_id: int) -> None:
        """General's lobby closes for a topic's match, which moves to the one chat: nobody plays in a lobby
        yet, where the match's players are mid-round. Its message says why; a match started from it meanwhile
        keeps the chat."""
        try:
            outcome = await self._service.stop(game_id, None, True, StopReason.TOPICS_OFF, lobby_only=True)
        except Refusal:  # a match (or gone meanwhile)
            return
        await self._after(outcome)

    async def _shown_in_main_chat(self, game_id: int, posted_by_the_command: bool) -> None:
        """A game moved out of its topic: its screen at the bottom of the one chat now (the old message,
        among the topic's there, deleted), and the results the topic could no longer take."""
        self._stop_questions.forget(game_id)  # a /stop question asked in the topic is asked anew
        if posted_by_the_command:  # posted here, /table's answer would be "it's just above"
            self._publishing().moved_to_main_chat(game_id)
        else:
            await self._publishing().repost(game_id)
        await self._publishing().refresh(game_id)

    async def thread_gone(self, chat_id: int, topic_id: int) -> None:
        """A message to a forum topic found no such thread: the topic was deleted (its game stops), or the
        group's topics were turned off (`turned_off`), which Telegram does not tell of. Telegram failing for
        a moment through getChat's tries tells neither: nothing is decided till a refusal asks again."""
        bot = self._bot()
        assert bot is not None, "set in post_init"
        try:
            # asked again while Telegram fails for a moment (a 5xx, a time-out, a 429 of a short wait)
            chat = await retried(
                lambda: bot.get_chat(chat_id), self._sleep, LONGEST_FLOOD_WAIT_S, f"read of chat {chat_id}"
            )
        except TelegramError as error:
            if failed_for_a_moment(error):
                log.warning(
                    "Could not read chat %s: %s; topic %s left as it is until the next message refused there",
                    chat_id,
                    error.message,
                    topic_id,
                )
                return
            log.warning(
                "Could not read chat %s: %s; topic %s taken for deleted", chat_id, error.message, topic_id
            )
            chat = None  # the bot not in the group (Forbidden), say
        if chat is None or chat.is_forum:
            await self._group_gone(chat_id, topic_id)
            return
        await self.turned_off(chat_id, chat.title or "")
