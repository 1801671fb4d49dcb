"""Round and match results, and a stopped match's standings, in the group: posted once, then marked posted.

The game keeps them owed until the mark (`GameDocument.unannounced`, `standings_unannounced`): a restart posts
what a crash kept back, and a change's publish skips what a redraw posted between its commit and itself.
Results take their turn in the group at once (a table posted after them lands below them) and are waited for
in the background: a long flood wait in the group must not hold the game's next publishes (the players' hands)
behind it; a redraw meanwhile skips what is being posted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

from bot.engine.events import MatchEnded, RoundEnded
from bot.engine.rules import Scoring
from bot.service import GameDocument, GameService, Outcome
from bot.service.document import Result, StopReason
from bot.service.kicking import voided_by_kick
from bot.service.results import losses_kept, seated_ending
from bot.storage import GameRecord
from bot.tg import render
from bot.tg.background import Spawn
from bot.tg.pacing import Render
from bot.tg.send import Outcome as SendOutcome
from bot.tg.send import Sent
from bot.tg.views import departed_totals, seats, stopped_match

log = logging.getLogger(__name__)

Posting = asyncio.Future[SendOutcome]  # whether a new message was posted, once it was (or was not)
# A new group message (silent or not), its turn in the chat's order taken now.
Queue = Callable[[GameRecord, Render, bool], Posting]
STANDINGS = "standings"  # a stopped match's standings, among the results being posted


def play_again_posted(doc: GameDocument) -> bool:
    """Whether the group was shown this ended game's results, under which Play again offers the next one:
    a match's once they are posted (a crash, a group the bot may not write to, can keep them owed); a lobby
    closed before its match began has none, nor a match stopped as its forum's topics went off (its topic
    took no standings: its table says it stopped)."""
    if doc.engine is None or doc.stopped_because is StopReason.TOPICS_OFF:
        return False
    return not (doc.unannounced or doc.standings_unannounced)


class ResultsPost:
    def __init__(self, service: GameService, queue: Queue, spawn: Spawn) -> None:
        self._service = service
        self._queue_post = queue
        self._spawn = spawn
        self._posting: dict[int, list[Result | str]] = {}  # game -> what is being posted now

    async def of_change(self, record: GameRecord, doc: GameDocument, lang: str, outcome: Outcome) -> None:
        """This change's results, unless a redraw (a restart's, a language change's) that ran between the
        commit and this publish has posted them: the game as stored now says what is still owed."""
        if not (outcome.results or outcome.stopped):
            return
        loaded = await self._service.load(record.id)
        now = loaded[1] if loaded is not None else doc
        owed = tuple(result for result in outcome.results if result in now.unannounced)
        ended, stopped = self._taken(record.id, owed, outcome.stopped and now.standings_unannounced)
        if ended or stopped:
            self._post(record, doc, lang, ended, stopped)

    async def owed(self, record: GameRecord, doc: GameDocument, lang: str) -> None:
        """What the game still owes the group (a crash came before it was posted, or Telegram refused it),
        posted in the background as a change's results are."""
        if not (doc.unannounced or doc.standings_unannounced):
            return
        # Read again: a background post may have finished since `doc` was read (it marks what it posted),
        # and nothing may be awaited between this read and taking what it owes.
        loaded = await self._service.load(record.id)
        now = loaded[1] if loaded is not None else doc
        ended, stopped = self._taken(record.id, now.unannounced, now.standings_unannounced)
        if ended or stopped:
            self._post(record, now, lang, ended, stopped)

    def _taken(self, game_id: int, ended: Sequence[Result], stopped: bool) -> tuple[tuple[Result, ...], bool]:
        """Of these, what is not being posted already, now marked as being posted (by the caller)."""
        posting = self._posting.get(game_id, [])
        taken = tuple(result for result in ended if result not in posting)
        standings = stopped and STANDINGS not in posting
        if taken or standings:
            self._posting[game_id] = [*posting, *taken, *([STANDINGS] if standings else [])]
        return taken, standings

    def _post(
        self, record: GameRecord, doc: GameDocument, lang: str, ended: Sequence[Result], stopped: bool
    ) -> None:
        """Queued now, in the chat's order (a table posted after them goes below them), and waited for in the
        background; a failure is logged (the results stay owed for the next redraw)."""
        try:
            postings = self._queue(record, doc, lang, ended, stopped)
        except Exception:
            self._done(record.id, ended, stopped)
            log.exception("posting the results of game %s failed", record.id)
            return
        self._spawn(self._posted(record, ended, stopped, postings))

    async def _posted(
        self, record: GameRecord, ended: Sequence[Result], stopped: bool, postings: list[Posting]
    ) -> None:
        try:
            outcomes = [await posting for posting in postings]
            if all(isinstance(outcome, Sent) for outcome in outcomes):
                await self._service.results_announced(record.id, ended, standings=stopped)
        except Exception:
            log.exception("posting the results of game %s failed", record.id)
        finally:
            self._done(record.id, ended, stopped)

    def _done(self, game_id: int, ended: Sequence[Result], stopped: bool) -> None:
        """These are no longer being posted."""
        done = [*ended, STANDINGS] if stopped else list(ended)  # results hold dicts: not hashable
        left = [item for item in self._posting.get(game_id, []) if item not in done]
        if left:
            self._posting[game_id] = left
        else:
            self._posting.pop(game_id, None)

    def _queue(
        self, record: GameRecord, doc: GameDocument, lang: str, ended: Sequence[Result], stopped: bool
    ) -> list[Posting]:
        low, points = doc.rules.scoring is Scoring.OWN_HAND, doc.rules.scoring is not Scoring.SINGLE_ROUND
        people = seats(doc)
        match_end = next((e for e in ended if isinstance(e, MatchEnded)), None)
        target = doc.rules.target_score if match_end is None else None  # what the match goes on to
        # A single round's winner is the match's, which its line names: "Round 1: Carol wins!" above it said
        # it twice (a stalled round's line stays: it says how the round was won).
        ends = [
            render.round_end(e, people, lang, lowest_wins=low, points=points, target=target)
            for e in ended
            if isinstance(e, RoundEnded) and (points or e.stalled or match_end is None)
        ]
        # The match's end leads: a notification shows the first line, and the last round's winner ("Round 9:
        # Bob wins!") need not be the match's.
        if match_end is not None:
            seated = seated_ending(doc, match_end)  # who left forfeited: last in the stored results
            void = voided_by_kick(doc, match_end.winners)
            shown = render.match_end(
                seated,
                people,
                lang,
                lowest_wins=low,
                points=points,
                void=void,
                lost_by_leaving=losses_kept(doc) if void else (),
            )
            ends.insert(0, shown)
        elif stopped:  # the standings, those who left last, and why, when the bot stopped it
            standings, why = stopped_match(doc), doc.stopped_because
            # The one an idle match waited for loses it (a /stop-er's loss is told by the stop's answer).
            waited_for = doc.forfeited if why is StopReason.IDLE else None
            shown = render.match_end(
                standings,
                people,
                lang,
                lowest_wins=low,
                points=points,
                stopped=True,
                stop_reason=why,
                waited_for=waited_for,
                departed=departed_totals(doc),
                asked=doc.stopped_by is not None,  # a person's /stop: its answered question says who
            )
            ends.insert(0, shown)
        texts = render.packed(ends)  # the standings and the last round's result: one message
        # The match is over: the message that says so offers the next one.
        over = match_end is not None or stopped
        again = render.play_again(record.id, lang) if over else None
        # A round's result rings no phone: the players watch the table, and the next mover's hand rings.
        # The match's end does: the group learns who won, and Play again is under it; but not a match stopped
        # as nobody played it any more: nobody is there to read it (it rang at 3 a.m.).
        quiet = not over or doc.stopped_because is StopReason.IDLE
        return [
            self._queue_post(record, Render(text, again if number == len(texts) else None), quiet)
            for number, text in enumerate(texts, 1)
        ]
