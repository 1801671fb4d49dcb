"""New messages in a game's group (or forum topic): queued in the chat's order, never awaited under a lock
that the game's next publishes need, and the notices the group reads beside the table."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace

from bot.service import GameDocument, GameService, Outcome
from bot.service.document import StopReason
from bot.storage import GameRecord, GameStatus
from bot.tg import idle_warnings, unreachable_notices
from bot.tg.background import Spawn
from bot.tg.fleeting import CLOSED_LOBBY_SECONDS, FleetingMessages, Followed, game_kind_parts
from bot.tg.idle_warnings import IdleWarnings
from bot.tg.lobby_rules_notes import LobbyRulesNotes
from bot.tg.pacing import Render, WritePacer
from bot.tg.pacing_share import Asker
from bot.tg.render import notices
from bot.tg.render.text import hand_payload
from bot.tg.send import ChatMoved, Sent
from bot.tg.send import Outcome as SendOutcome
from bot.tg.table_edits import SettlingEdits
from bot.tg.unreachable_notices import NoticeRender, UnreachableNotices
from bot.tg.views import seats, thread_of

log = logging.getLogger(__name__)

# Follows a notice of the game as posting it goes (True: posted anew in the supergroup the group became).
_Track = Callable[[GameRecord, asyncio.Future[SendOutcome], bool], None]


class GroupPosts:
    def __init__(
        self,
        pacer: WritePacer,
        service: GameService,
        group_edits: SettlingEdits,
        clock: Callable[[], int],
        ticks: Callable[[], int],  # ms on a clock that never jumps: a notice read before it goes
        deep_link: Callable[[str], str],
        fleeting: FleetingMessages,
        spawn: Spawn,
    ) -> None:
        self._pacer = pacer
        self._service = service
        self._spawn = spawn
        self._group_edits = group_edits
        self._clock = clock
        self._deep_link = deep_link
        self._unreachable = UnreachableNotices(pacer, fleeting, ticks)
        self._idle = IdleWarnings(pacer, fleeting)
        self.rules_notes = LobbyRulesNotes(pacer, fleeting)  # a lobby's, of rules changed in another topic
        self._fleeting = fleeting

    def queue(
        self,
        record: GameRecord,
        shown: Render,
        silent: bool = False,
        asker: Asker = None,
        urgent: bool = False,
    ) -> asyncio.Future[SendOutcome]:
        """A new message in the game's group (or topic), in the chat's order from now, after the edits still
        settling (`silent`: without a sound; `asker`: whom it answers, should the group refuse it; `urgent`:
        a match's first table, ahead of them: `WritePacer.queue`); the future tells whether it was posted (up
        to half a minute later in a busy group)."""
        self._group_edits.flush(record.chat_id)
        thread = thread_of(record)
        return self._pacer.queue(record.chat_id, shown, thread, silent=silent, asker=asker, urgent=urgent)

    def of_change(self, outcome: Outcome, lang: str) -> None:
        """A change's notices: about a player the bot could not give their cards, those following their
        players (and the game), and a warning that nobody moves, whose mention of the player to move is
        stored once it is in."""
        if outcome.unreachable_notice is not None:
            self._tell_unreachable(outcome, lang, outcome.unreachable_notice)
        self.follow(outcome.game, outcome.doc, lang)
        if outcome.idle_warning:
            self._warn_idle(outcome, lang)

    def _tell_unreachable(self, outcome: Outcome, lang: str, player: int) -> None:
        """Queued, not awaited: nothing waits for this notice, and the game's next publish must not."""
        shown = self._reach_notice(outcome.game, outcome.doc, lang)(player, False)

        def track(record: GameRecord, posting: asyncio.Future[SendOutcome], moved_along: bool) -> None:
            self._unreachable.posting(record, player, shown, posting, moved_along)

        self._notice(outcome.game, shown, track)

    def follow(self, record: GameRecord, doc: GameDocument, lang: str) -> None:
        """The game's notices about players who could not get their cards say whether they can now, in `lang`
        (the group's); its idle warning reads in it too, and goes once its turn is over; so does a lobby's
        note that its rules were changed in another topic."""
        self._unreachable.follow(record, doc, self._reach_notice(record, doc, lang))
        self._idle.follow(record, doc, lang)
        self.rules_notes.follow(record, lang)

    def ended(self, game_id: int) -> None:
        """The game ended: its notices go."""
        self._unreachable.ended(game_id)
        self._idle.ended(game_id)

    def lobby_closed(self, record: GameRecord, doc: GameDocument, message_id: int) -> None:
        """The lobby closed without a match: its message, saying why, goes after a while. Not one closed
        because the bot could no longer post there: that one says so once the bot is back."""
        if doc.stopped_because not in (StopReason.GONE, StopReason.TOPIC_CLOSED):
            self._fleeting.delete_later(record.chat_id, message_id, CLOSED_LOBBY_SECONDS)

    def lobby_over(self, record: GameRecord) -> None:
        """The lobby started its match or closed: the note in its topic that its rules were changed elsewhere
        (`lobby_rules_notes`), which tells how "this game will start", goes now."""
        self.rules_notes.over(record)

    def forget(self, game_id: int) -> None:
        self._unreachable.forget(game_id)
        self._idle.forget(game_id)
        self.rules_notes.forget(game_id)

    def follow_again(self, followed: list[Followed]) -> None:
        """Start-up: the notices posted before a restart follow their games again."""
        for chat_id, message_id, kind in followed:
            game_id, what, about = game_kind_parts(kind)
            if what == idle_warnings.KIND:
                self._idle.restore(game_id, chat_id, about, message_id)
            elif what == unreachable_notices.KIND:
                self._unreachable.restore(game_id, about, chat_id, message_id)

    def _reach_notice(self, record: GameRecord, doc: GameDocument, lang: str) -> NoticeRender:
        """How the notice about a player reads, the game as it is now."""
        lobby, timed = record.status is GameStatus.LOBBY, doc.rules.turn_seconds > 0

        def shown(player: int, reachable: bool) -> Render:
            if reachable:
                return notices.reachable(seats(doc), player, lobby, lang)
            return notices.unreachable(seats(doc), player, lobby, timed, self._hand_link(record), lang)

        return shown

    def _warn_idle(self, outcome: Outcome, lang: str) -> None:
        """Nobody moved for long (no turn timer): the match stops at `idle_warned` unless someone does. The
        warning mentions the player to move, stored once it is in (in the group, or in the supergroup the
        group became: that one notified them too)."""
        doc, now = outcome.doc, self._clock()
        actor = doc.state.actor
        assert actor is not None  # a match with no deadline waits for someone's move
        # Who cannot get their cards cannot move: the warning then tells how the game can go on.
        link = self._hand_link(outcome.game)
        idle, left = now - doc.state.clock, doc.idle_warned - now

        def drawn(lang: str, cut_off: bool) -> Render:
            return notices.idle_warning(seats(doc), actor, idle, left, lang, link if cut_off else None)

        def track(record: GameRecord, posting: asyncio.Future[SendOutcome], moved_along: bool) -> None:
            self._idle.posting(record, doc, posting, moved_along, drawn, lang)
            self._spawn(self._store_turn_mentioned(record.id, doc.turn_began, posting))

        self._notice(outcome.game, drawn(lang, actor in doc.unreachable), track)

    def _notice(self, record: GameRecord, shown: Render, track: _Track) -> None:
        """A notice nothing asks for again, unlike the table or a round's results (Runtime.migrate redraws
        those): the group became a supergroup before it went out, it goes there, once. `track` follows it
        (edits and deletes it as the game goes on), there as in the group."""
        posting = self.queue(record, shown)
        track(record, posting, False)
        self._spawn(self._to_the_supergroup(record, shown, posting, track))

    async def _to_the_supergroup(
        self, record: GameRecord, shown: Render, posting: asyncio.Future[SendOutcome], track: _Track
    ) -> None:
        """The game's notices in the group stop following it as it moves (`forget`): the one posted anew in
        the supergroup follows it there."""
        refused = await posting
        if isinstance(refused, ChatMoved):
            moved = replace(record, chat_id=refused.new_chat_id)
            track(moved, self._pacer.queue(moved.chat_id, shown, thread_of(record)), True)

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

    def _hand_link(self, record: GameRecord) -> str:
        """The link to the private chat with the bot: a Start there sends the player their hand."""
        return self._deep_link(hand_payload(record.id))
