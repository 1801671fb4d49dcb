"""A game's lobby or table in its group redrawn as the game is now: an edit of the message the game has, let
settle (one edit for a quick succession of moves) or at once while a window (UNO!, Catch!, Slap!) is open or a
seven silence is not yet told; a new message (`NewScreens`) when the game has none, or the one it has is above
the last round's results. Apart from the publisher, which says when a game is redrawn (a change, a reminder, a
restart's healing), and holds the publishing lock meanwhile: this says how its group screen is."""

from __future__ import annotations

from bot.service import GameDocument, GameService, Outcome
from bot.service.locks import GameLocks
from bot.storage import GameRecord, GameStatus
from bot.tg.audiences import Audience
from bot.tg.group_screens import GroupScreens
from bot.tg.new_screens import NewScreens
from bot.tg.pacing import Render
from bot.tg.pacing_share import Asker
from bot.tg.table_edits import HOLD_SECONDS, SettlingEdits
from bot.tg.table_news import TableNews


class ScreenRedraws:
    def __init__(
        self,
        service: GameService,
        group_edits: SettlingEdits,
        lock: GameLocks,
        screens: GroupScreens,
        news: TableNews,
        new_screens: NewScreens,
    ) -> None:
        self._service = service
        self._group_edits = group_edits
        self._lock = lock  # the publisher's: a settling edit is drawn under it
        self._screens = screens
        self._news = news
        self._new = new_screens

    async def started(self, outcome: Outcome, audience: Audience, asker: Asker) -> None:
        """The match began: the lobby's message keeps the dealer's draw, the table goes below it (answering
        `asker`, /startgame's sender, should the group refuse it). Both are queued before the database is
        written: the table goes ahead of the lobby's edit, which must be in the queue to be passed. The draw
        is the deal's record, never edited again (the game forgets its message): like a round's results, it
        stays in the language it was told in when the group's changes; a switch redraws what is still going
        on (the table, the hands, the notices and questions open)."""
        record, doc = outcome.game, outcome.doc
        lobby, audience.table = audience.table, None
        if lobby is not None:
            shown = self._screens.started(record, doc, outcome.events, audience.group)
            self._group_edits.now(record.chat_id, lobby, shown)
        self._new.table(record, doc, audience, asker, deal=True)
        if lobby is not None:
            await self._service.set_table_message(record.id, None)

    async def screen(self, record: GameRecord, doc: GameDocument, audience: Audience) -> None:
        """The lobby or the table, whichever the game shows."""
        if record.status is GameStatus.LOBBY:
            await self.lobby(record, doc, audience)
        else:
            await self.table(record, doc, audience)

    async def lobby(
        self, record: GameRecord, doc: GameDocument, audience: Audience, rings: bool = False
    ) -> None:
        """The lobby's message edited, or a new one (`rings`: `NewScreens.lobby`)."""
        shown = self._screens.lobby(record, doc, audience.group)
        if audience.table is not None:
            self._group_edits.now(record.chat_id, audience.table, shown)
            self._new.revise_repost(record, doc, audience)
            return
        await self._new.lobby(record, shown, audience, rings)

    async def time_left(
        self, record: GameRecord, doc: GameDocument, audience: Audience, at_once: bool = False
    ) -> None:
        """The table redrawn to show its time running out (a window's countdown, a slow turn), but not while
        /table's new message is on its way: that one is drawn as it goes out and taken up as the game is then,
        and the old one, out of sight (hence the /table), goes; an edit of it would spend a group write on a
        message nobody reads (`at_once`: as `table`'s)."""
        if not self._new.hold_time_left(record.id):
            await self.table(record, doc, audience, at_once=at_once)

    async def table(
        self,
        record: GameRecord,
        doc: GameDocument,
        audience: Audience,
        at_once: bool = False,
        hold: bool = False,
        change: bool = False,
    ) -> None:
        """`change`: drawn for the change just made (not a redraw of it): one that changed what the buttons
        mean goes ahead of the group's other screens (a forum's topics share its window), a Catch! whose
        window closed is gone sooner."""
        table = audience.table
        wanted = table is None or _above_results(record, doc, audience)  # a new table message
        # Held back (one deleted at once), a table above the last round's results goes on showing the game.
        if (wanted and self._new.table(record, doc, audience)) or table is None:
            return
        self._new.revise_repost(record, doc, audience)
        landed = self._news.to_tell(record, doc)
        group = audience.group

        def shown() -> Render:  # rendered when the edit goes out, with the time left then
            return self._screens.table(record, doc, group, table)

        # A silence the group has not seen yet is as urgent as a window: it binds only once it is read.
        if at_once or _window_changing(doc) or landed is not None:
            urgent = change and _buttons_changed(doc)
            self._group_edits.now(record.chat_id, table, shown(), landed, redraw=shown, urgent=urgent)
        else:
            wait = HOLD_SECONDS if hold else None
            self._group_edits.later(record.chat_id, table, shown, self._lock(record.id), wait)


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
    return _buttons_changed(doc) or any(deadline is not None for deadline in windows)


def _buttons_changed(doc: GameDocument) -> bool:
    """Whether the game's last change changed what the table's buttons mean (a window opened or closed, a
    round or the match ended)."""
    return doc.engine is not None and doc.table_counter == doc.engine.seq
