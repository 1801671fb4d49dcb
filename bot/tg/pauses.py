"""A match paused while the bot may not post where it is played (bot.service.pausing), and going on once it
may again: the service's pause and resume, and what follows them here (their screens; the results a refused
post kept from the group, then the table posted anew at the bottom, as talk may have piled up under the old
one; a /stop question asked in private forgotten, and told where to stop it now)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.service import GameService, Outcome
from bot.tg.publisher import Publisher
from bot.tg.repeats import StopQuestions

log = logging.getLogger(__name__)


class Pauses:
    def __init__(
        self,
        service: GameService,
        after: Callable[[Outcome], Awaitable[asyncio.Task[None]]],
        stop_questions: StopQuestions,
        publishing: Callable[[], Publisher],
    ) -> None:
        """`after`: the runtime's (what follows a change); `stop_questions`: the /stop questions asked, by
        game and thread; `publishing`: the running bot's (created when it starts)."""
        self._service = service
        self._after = after
        self._stop_questions = stop_questions
        self._publishing = publishing
        # set at start-up (bot.tg.stop_questions_kept `went_on`): the questions asked in private meanwhile say
        # where to stop the game now (the game's id, whether it is played in a forum topic)
        self.went_on: Callable[[int, bool], Awaitable[None]] | None = None

    async def pause(self, game_id: int, why: str, muted: bool = False) -> None:
        """The running match pauses (`why`: for the log; `muted`: as its group refuses the bot's posts, not
        as its topic was closed); not one paused already, or ended meanwhile."""
        outcome = await self._service.pause(game_id, muted)
        if outcome is not None:  # else paused already (told twice), or it ended meanwhile
            log.info("Game %s paused: %s", game_id, why)
            await self._after(outcome)

    async def go_on(self, game_id: int, why: str, muted: bool) -> None:
        """The match paused as its topic was closed (`muted`: as its group refused the bot's posts) goes on
        (`why`: for the log), its table posted anew; not one not paused so, nor one paused for the other
        reason too (it only stops waiting for this one)."""
        outcome = await self._service.resume(game_id, muted)
        if outcome is not None and outcome.doc.paused:  # paused for the other reason too: its hands say which
            log.info("Game %s still paused, though %s", game_id, why)
            await self._after(outcome)
        elif outcome is not None:
            log.info("Game %s goes on: %s", game_id, why)
            self._stop_questions.forget(game_id)  # one asked in private meanwhile: /stop asks in the group
            await self._after(outcome)
            await self._questions_told(game_id, bool(outcome.game.topic_id))
            # A refused post may have told the bot it could not post (a round's results, say): it comes now,
            # above the table, as it would have.
            await self._publishing().post_owed(game_id)
            await self._publishing().repost(game_id)

    async def _questions_told(self, game_id: int, in_topic: bool) -> None:
        """The /stop questions asked in private meanwhile say where to stop the game now (`went_on`): after
        its change is handed on, a failure only logged (a read of an asker's language that failed left the
        match saved as going on but shown paused, its turn's time unarmed, its group's other matches
        paused)."""
        if self.went_on is None:
            return
        try:
            await self.went_on(game_id, in_topic)
        except Exception:
            log.exception("Could not tell the /stop questions asked in private that game %s goes on", game_id)
