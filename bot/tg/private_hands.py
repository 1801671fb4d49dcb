"""The players' hands in their private chats: a hand message is sent anew when the player's turn begins (it
notifies, and the previous message is deleted) and edited otherwise. What each message last showed is kept, to
heal a press on an outdated keyboard without reading the game; the page it is turned to and the multi-play
selection it shows are also stored, so that a restart redraws them.

Called by the publisher under the game's publishing lock, with the game's audience (message ids, languages).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.engine.state import Pending
from bot.service import GameDocument, GameService, Outcome
from bot.service.document import DEAL_SEQ
from bot.service.stats import PlayerStats
from bot.storage import GameRecord, GameStatus, HandChoices
from bot.tg import render
from bot.tg.audiences import Audience
from bot.tg.background import Spawn
from bot.tg.hand_news import cards_moved, news_for
from bot.tg.pacing import Render, WritePacer
from bot.tg.render.text import game_title
from bot.tg.send import Sent, Unreachable, account_deleted
from bot.tg.shown_hands import ShownHand, ShownHands
from bot.tg.views import GraceEnd, hand_view

log = logging.getLogger(__name__)

Clock = Callable[[], int]
# Told when a player cannot be written to (game, player, whether their account was deleted): the runtime
# records it through the service.
OnUnreachable = Callable[[int, int, bool], Awaitable[None]]
# Told when the message telling a player of their turn arrived late (game, player, the turn it was sent for):
# the runtime gives the turn its time again through the service.
OnToldLate = Callable[[int, int, int | None], Awaitable[None]]
# Told when the message telling a player of their turn is no longer on its way (landed, late or not, or
# failed; the game): the timers arm its turn's deadline again.
OnTold = Callable[[int], None]
# A turn message that took longer than this share of the turn's time to arrive (Telegram made the bot wait)
# gives the turn its time again from then: its player could not see the turn meanwhile. Less late, they lost
# little, and a new deadline costs the group a table edit: a busy bot's sends wait a few seconds often.
TOLD_LATE_SHARE = 0.25


class PrivateHands:
    def __init__(
        self,
        pacer: WritePacer,
        service: GameService,
        clock: Clock,
        ticks: Clock,  # ms on a clock that never jumps: how long a turn's message took to arrive
        on_unreachable: OnUnreachable,
        on_told_late: OnToldLate,
        on_told: OnTold,
        spawn: Spawn,
        sees_group: Callable[[int], bool],
        grace_end: GraceEnd,
    ) -> None:
        self._pacer = pacer
        self._service = service
        self._clock = clock
        self._ticks = ticks
        self._on_unreachable = on_unreachable
        self._on_told_late = on_told_late
        self._on_told = on_told
        self._spawn = spawn
        self._sees_group = sees_group  # by chat: bot.tg.group_sight
        self._grace_end = grace_end
        self._shown = ShownHands()
        # game -> the player a message telling them of their turn is on its way to
        self._telling: dict[int, int] = {}

    async def publish(self, outcome: Outcome, audience: Audience) -> None:
        """The hands a change redraws: edits queued at once; the sends awaited (the new message ids are
        needed), all together, so the mover's hand never waits behind the next player's private-chat pace."""
        record, doc = outcome.game, outcome.doc
        if doc.engine is None:
            return
        state = doc.state
        for player in outcome.screens.hands_to_edit | outcome.screens.hands_to_send:
            screens = outcome.screens
            news = news_for(outcome.events, state, player, screens.turn_before, screens.penalty_before)
            # their hand says it from this redraw on, while their cards stay as they are now (and says no
            # more what came before once they drew or played)
            if news or cards_moved(outcome.events, player):
                self._shown.tell(record.id, player, doc, news)
        for player in sorted(outcome.screens.hands_to_edit):
            drawn = state.pending is Pending.PLAY_DRAWN and state.actor == player
            if drawn and self._shown.page(record.id, player) is not None:
                # Open on the page of the card just drawn, after a restart too (a new turn needs no write: the
                # page stored is stamped with the turn it was turned in).
                self._shown.turn_to(record.id, player, None)
                self._keep(record.id, doc, player, ())
            await self.edit(record, doc, audience, player)
        # A redraw that ran between the commit and this publish may have sent it for this very turn already.
        sends = sorted(p for p in outcome.screens.hands_to_send if not audience.sent_already(doc, p))
        sends += sorted(outcome.screens.hands_to_send_again - set(sends))
        for player in sends:
            self._shown.turn_to(record.id, player, None)
        quietly = outcome.screens.hands_sent_quietly
        await asyncio.gather(
            *(self.send(record, doc, audience, player, player in quietly) for player in sends)
        )

    async def send(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        player: int,
        silent: bool = False,
    ) -> None:
        """The hand in a new message at the bottom of the private chat; the old one deleted (`silent`: without
        a sound)."""
        self._shown.remember(record.id, player, None)  # until the new message is there
        if player in doc.unreachable or player not in doc.state.hands:
            return
        previous = audience.hands.get(player)
        if previous is not None:
            self._pacer.discard(player, previous)  # replaced: an edit still queued for it is pointless
        turn = doc.hand_sends.get(player)
        shown = self._render(record, doc, audience, player, dealt=dealt_message(doc, player, turn))
        # The message that tells them of their turn (not one sent again for a turn told already, on /start).
        telling = (
            player == doc.state.actor
            and doc.state.turn_deadline is not None
            and not audience.sent_already(doc, player)
        )
        asked = self._ticks()
        late_ms = doc.state.rules.turn_seconds * 1000 * TOLD_LATE_SHARE
        if telling:
            self._telling[record.id] = player
        try:
            outcome = await self._pacer.send(player, shown, silent=silent)
            if telling and isinstance(outcome, Sent) and self._ticks() - asked > late_ms:
                await self._told_late(record.id, player, turn)  # before the turn may run out
        finally:
            if self._telling.get(record.id) == player:
                del self._telling[record.id]
                self._on_told(record.id)
        if isinstance(outcome, Unreachable):
            await self._on_unreachable(record.id, player, account_deleted(outcome))
            return
        if not isinstance(outcome, Sent) or outcome.message_id is None:
            if previous is not None:  # e.g. Telegram failing for seconds: the old message shows the hand
                self._pacer.edit(player, previous, shown)
                counter = doc.hand_counters.get(player, 0)
                self._shown.remember(record.id, player, ShownHand(previous, shown, counter))
            return  # the turn stays untold: the slow-turn reminder (or a restart) sends the hand anew
        await self._service.set_hand_message(record.id, player, outcome.message_id, turn)
        audience.hands[player] = outcome.message_id
        audience.sent_for[player] = turn
        counter = doc.hand_counters.get(player, 0)
        self._shown.remember(record.id, player, ShownHand(outcome.message_id, shown, counter))
        if previous is not None:
            # In the background: a delete waits for room in the bot-wide window; awaited here it would hold
            # the game's next publish (the mover's own hand edit) that long.
            # One Telegram keeps (48 hours old) points to the new one instead of offering old buttons.
            lang = audience.players.get(player, "en")
            moved = render.hand_moved(game_title(doc, lang), lang)
            self._spawn(self._pacer.delete(player, previous, instead=moved))

    async def redraw(self, record: GameRecord, doc: GameDocument, audience: Audience, player: int) -> None:
        """The hand as the game is now, with the selection it shows; sent anew when the message telling the
        player of their turn never went out (a crash came before it, Telegram refused it)."""
        if audience.turn_untold(doc, player):
            await self.send(record, doc, audience, player)
        else:
            await self.edit(record, doc, audience, player, self.selection(doc, record.id, player))

    async def edit(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        player: int,
        selection: tuple[int, ...] = (),
    ) -> None:
        """The hand redrawn in its message (a new message if it has none yet)."""
        if player in doc.unreachable or doc.engine is None:
            self._shown.remember(record.id, player, None)
            return
        message_id = audience.hands.get(player)
        if message_id is None:
            # Only a player in a game that goes on gets a hand message anew.
            if record.status is not GameStatus.STOPPED and player in doc.state.players:
                await self.send(record, doc, audience, player)
            return
        dealt = dealt_message(doc, player, audience.sent_for.get(player))
        shown = self._render(record, doc, audience, player, selection, dealt)
        self._pacer.edit(player, message_id, shown)
        counter = doc.hand_counters.get(player, 0)
        self._shown.remember(record.id, player, ShownHand(message_id, shown, counter, selection))

    async def choose(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        player: int,
        page: int | None,
        selection: tuple[int, ...],
    ) -> None:
        """The hand redrawn on `page` (None: the page it is on) showing `selection`, and stored so for a
        restart: a page turned, cards selected or a selection cancelled (or a stale press's redraw)."""
        if page is not None:
            self._shown.turn_to(record.id, player, page)
        await self.edit(record, doc, audience, player, selection)
        self._keep(record.id, doc, player, selection)

    def restore(self, game_id: int, doc: GameDocument, audience: Audience) -> None:
        """After a restart, what the players had turned their hands to (see `ShownHands.restore`)."""
        self._shown.restore(game_id, doc, audience.choices)

    def reshow(self, game_id: int, player: int) -> bool:
        """Ask again for the last render of the hand (free when the screen shows it or an edit of it is
        queued); False when nothing is known of it here."""
        shown = self._shown.of(game_id, player)
        if shown is None:
            return False
        self._pacer.edit(player, shown.message_id, shown.render)
        return True

    def outdated(self, game_id: int, player: int, counter: int) -> bool:
        return self._shown.outdated(game_id, player, counter)

    def telling(self, game_id: int) -> int | None:
        """The player a message telling them of their turn is on its way to, if any."""
        return self._telling.get(game_id)

    def selection(self, doc: GameDocument, game_id: int, player: int) -> tuple[int, ...]:
        return self._shown.selection(doc, game_id, player)

    def forget(self, game_id: int) -> None:
        self._shown.forget(game_id)

    def _keep(self, game_id: int, doc: GameDocument, player: int, selection: tuple[int, ...]) -> None:
        """Store what the hand is turned to, in the background: the game's next publish must not wait for the
        write (nor the press, answered already)."""
        choices = self._shown.choices(doc, game_id, player, selection)
        self._spawn(self._stored(game_id, player, choices))

    async def _told_late(self, game_id: int, player: int, turn: int | None) -> None:
        try:
            await self._on_told_late(game_id, player, turn)
        except Exception:  # the turn keeps the time it had
            log.exception("giving game %s's turn of %s its time again failed", game_id, player)

    async def _stored(self, game_id: int, player: int, choices: HandChoices) -> None:
        try:
            await self._service.keep_hand_choices(game_id, player, choices)
        except Exception:  # only a restart would miss it: it would redraw the hand as stored before
            log.exception("storing what game %s's hand of %s is turned to failed", game_id, player)

    def _render(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        player: int,
        selection: tuple[int, ...] = (),
        dealt: bool = False,
    ) -> Render:
        page = self._shown.page(record.id, player)
        news = self._shown.news(doc, record.id, player)
        letters = player in audience.colour_letters
        sees = self._sees_group(record.chat_id)
        now, graced = self._clock(), self._grace_end(record.id)
        view = hand_view(record, doc, player, page, now, selection, news, letters, dealt, sees, graced)
        return render.hand(view, audience.players.get(player, "en"))


def dealt_message(doc: GameDocument, player: int, sent_for: int | None) -> bool:
    """Whether the player's hand message, sent for the turn `sent_for` (`GameDocument.hand_sends`), is the
    one the deal sent them to wait, and they have done nothing in the match since: it is headed as the deal
    sent it, "Friends: the game has started", whenever it is drawn (an edit, a restart's redraw). Once they
    played, drew or missed a turn (the first mover's "your turn", then), their name of the group alone; so too
    once round 1 is over, which empties the round's counts that tell whether they did anything."""
    if sent_for != DEAL_SEQ or doc.engine is None or doc.state.round_no != 1 or doc.state.actor is None:
        return False
    return doc.round_stats.get(player, PlayerStats()) == PlayerStats()


def hand_holders(doc: GameDocument) -> list[int]:
    """Every person dealt into the match, those who left it too (their hand says they are out)."""
    if doc.engine is None:
        return []
    return [p for p in doc.players if p not in doc.computers]
