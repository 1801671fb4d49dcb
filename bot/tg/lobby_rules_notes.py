"""A change of a forum's rules told in its other topics whose open game took it. The topic it was made in
reads it (the answer to the command, the menu's notice); a lobby elsewhere only changed its rules line,
unnoticed by players about to start it. The note goes after a while, when the next change's replaces it, or
when its lobby starts or closes (bot.tg.group_posts). Reworded as the group's language changes, as the lobby
above it is; one posted before a restart is left as it reads (its words are not known here)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.storage import GameRecord
from bot.tg.fleeting import LOBBY_RULES_NOTE, LOBBY_RULES_NOTE_SECONDS, FleetingMessages
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Sent
from bot.tg.views import thread_of


@dataclass(frozen=True, slots=True)
class RulesNote:
    """What the lobbies of a forum's other topics read of a change of its rules: `worded` in a language,
    posted in `language` (the chat's as the change was made)."""

    language: str
    worded: Callable[[str], str]


@dataclass
class _Posted:
    """A lobby's note: in the language it reads in (or is to, while on its way), and its message once in."""

    chat_id: int
    note: RulesNote
    language: str
    message_id: int | None = None


class LobbyRulesNotes:
    def __init__(self, pacer: WritePacer, fleeting: FleetingMessages) -> None:
        self._pacer = pacer
        self._fleeting = fleeting
        self._posted: dict[int, _Posted] = {}  # lobby -> its note

    async def tell(self, lobbies: Sequence[GameRecord], note: RulesNote) -> None:
        """Post `note` in each lobby's topic (in the chat's order, after the lobby's redrawing), without a
        sound: news for those looking at the lobby, which an admin pressing through the menu would otherwise
        ring."""
        for record in lobbies:
            posted = self._posted[record.id] = _Posted(record.chat_id, note, note.language)
            shown = Render(note.worded(note.language))
            sent = await self._pacer.queue(record.chat_id, shown, thread_of(record), silent=True)
            if not isinstance(sent, Sent) or sent.message_id is None:
                continue
            self._fleeting.newest(record.chat_id, _kind(record.id), sent.message_id)
            self._fleeting.delete_later(record.chat_id, sent.message_id, LOBBY_RULES_NOTE_SECONDS)
            if self._posted.get(record.id) is posted:  # (else a newer change's note replaces it)
                posted.message_id = sent.message_id
                if posted.language != note.language:  # the group's language changed as it waited
                    self._pacer.edit(record.chat_id, sent.message_id, Render(note.worded(posted.language)))

    def follow(self, record: GameRecord, language: str) -> None:
        """The lobby's note, if up, reads in `language` (the group's) as the lobby is redrawn in it."""
        posted = self._posted.get(record.id)
        if posted is None or posted.language == language:
            return
        posted.language = language
        if posted.message_id is None:  # on its way: reworded as it lands
            return
        if self._fleeting.newest_of(posted.chat_id, _kind(record.id)) != posted.message_id:
            self.forget(record.id)  # gone after its time
            return
        self._pacer.edit(posted.chat_id, posted.message_id, Render(posted.note.worded(language)))

    def over(self, record: GameRecord) -> None:
        """The lobby started its match or closed: its note, telling how "this game will start", goes now."""
        self.forget(record.id)
        note = self._fleeting.newest_of(record.chat_id, _kind(record.id))
        if note is not None:
            self._fleeting.delete_now(record.chat_id, note)

    def forget(self, game_id: int) -> None:
        self._posted.pop(game_id, None)


def _kind(game_id: int) -> str:
    """The note's kind (FleetingMessages.newest): the next change's note replaces it."""
    return f"{LOBBY_RULES_NOTE}{game_id}"
