"""What a game's lobby or table message in the group shows: drawn for an edit of the message the game has,
or for a new one. A new table message notifies the player to move if it mentions them, so only the turn's
first does; which turn a new one on its way mentioned is kept here until it is adopted (it is drawn anew when
it goes out, so only its last drawing counts). After a long outage the table says why the game stood still,
until its next change: kept here, in memory only (a restart's redraw says nothing of it)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.engine.events import Event
from bot.i18n import Translator
from bot.service import GameDocument
from bot.service.document import StopReason
from bot.service.lobby import LOBBY_IDLE_MINUTES
from bot.storage import GameRecord, GameStatus
from bot.tg import render
from bot.tg.pacing import Render
from bot.tg.render import OutageNote, TableView
from bot.tg.render.text import TEXT_LIMIT, telegram_length
from bot.tg.views import GraceEnd, lobby_view, seats, table_view

# why the bot itself closes a lobby
_LOBBY_STOPS = (StopReason.GONE, StopReason.TOPIC_CLOSED, StopReason.TOPICS_OFF)

Clock = Callable[[], int]


def lobby_closed(translator: Translator, doc: GameDocument, lang: str) -> str:
    """What a lobby that closed before it started says in its message: why it closed."""
    if doc.closed_because is not None:
        key = f"gameplay-lobby-closed-{doc.closed_because.value}"
        return translator.t(lang, key, minutes=LOBBY_IDLE_MINUTES)
    why = doc.stopped_because
    key = f"gameplay-lobby-closed-{why.value}" if why in _LOBBY_STOPS else "gameplay-lobby-closed"
    return translator.t(lang, key)


class GroupScreens:
    def __init__(
        self,
        translator: Translator,
        clock: Clock,
        bot_username: Callable[[], str],
        sees_group: Callable[[int], bool],
        grace_end: GraceEnd,
    ) -> None:
        self._t = translator
        self._clock = clock
        self._grace_end = grace_end
        self._bot_username = bot_username
        self._sees_group = sees_group  # by chat: bot.tg.group_sight
        # the turn (`GameDocument.turn_began`) whose player a game's new table message on its way mentions
        self._mentioning: dict[int, int | None] = {}
        # the long outage a game's table tells of, and the state (`GameState.seq`) it is told with
        self._outages: dict[int, tuple[int, OutageNote]] = {}

    def lobby(self, record: GameRecord, doc: GameDocument, lang: str) -> Render:
        """The lobby, or once it is closed why (so a message drawn anew for it says what its edit did)."""
        if record.status is GameStatus.LOBBY:
            return render.lobby(lobby_view(record, doc, self._bot_username()), lang)
        return Render(lobby_closed(self._t, doc, lang))

    def started(self, record: GameRecord, doc: GameDocument, events: Sequence[Event], lang: str) -> Render:
        """What the lobby's message shows once the match began: the dealer's draw (the table goes below);
        with seven silence where the bot cannot see the group's messages, that it fines nobody and how to
        change that (told once a match, where whoever started it looks)."""
        started = f"{self._t.t(lang, 'gameplay-started')}\n\n"
        unseen = doc.rules.seven_silence and not self._sees_group(record.chat_id)
        note = f"\n\n{self._t.t(lang, 'gameplay-silence-unseen')}" if unseen else ""
        room = TEXT_LIMIT - telegram_length(started + note)
        return Render(started + render.dealer_draw(events, seats(doc), lang, doc.rules.deck, room) + note)

    def new_screen(self, record: GameRecord, doc: GameDocument, lang: str) -> Render:
        """What a new lobby or table message shows now."""
        if record.status is GameStatus.LOBBY:
            return self.lobby(record, doc, lang)
        return self.new_table(record, doc, lang)

    def table(self, record: GameRecord, doc: GameDocument, lang: str, message_id: int) -> Render:
        """The table drawn for an edit of `message_id`."""
        return render.table(self._table_view(record, doc, message_id), lang)

    def new_table(self, record: GameRecord, doc: GameDocument, lang: str) -> Render:
        """A new table message; which turn's player it mentions is kept for `adopted`."""
        view = self._table_view(record, doc, None)
        self._mentioning[record.id] = doc.turn_began if view.mention_actor else None
        return render.table(view, lang)

    def outage_over(self, game_id: int, seq: int, note: OutageNote) -> None:
        """A long outage gave the game's turn its time back, making state `seq`: its table tells so."""
        self._outages[game_id] = (seq, note)

    def _table_view(self, record: GameRecord, doc: GameDocument, message_id: int | None) -> TableView:
        sees = self._sees_group(record.chat_id)
        outage = self._outage(doc, record.id)
        now, graced = self._clock(), self._grace_end(record.id)
        return table_view(record, doc, now, self._bot_username(), message_id, sees, outage, graced)

    def _outage(self, doc: GameDocument, game_id: int) -> OutageNote | None:
        """The outage the table tells of while the game is as the outage's end left it; gone at its change."""
        told = self._outages.get(game_id)
        if told is None:
            return None
        seq, note = told
        if seq == doc.state.seq:
            return note
        if seq < doc.state.seq:  # (an older state drawn late leaves it to the newer)
            del self._outages[game_id]
        return None

    def moved(self, lang: str) -> Render:
        """What a table message /table posted anew says in its place, for one looking at it as it goes."""
        return Render(self._t.t(lang, "gameplay-table-moved"))

    def adopted(self, game_id: int) -> int | None:
        """The game's new message is adopted: the turn whose player its last drawing mentioned, if any."""
        return self._mentioning.pop(game_id, None)

    def forget(self, game_id: int) -> None:
        self._mentioning.pop(game_id, None)
        self._outages.pop(game_id, None)
