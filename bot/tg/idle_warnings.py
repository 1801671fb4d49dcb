"""The warning that a match nobody moves in is about to stop (no turn timer): once its turn is over (someone
moved, the player to move left) or the match ended, it is of no use and goes, at the pacer's lowest
priority. Reworded as the group's language changes, as the table is, with the figures it was posted with, and
as the player to move, who could not get their cards, can (its "press Start, or /kick them" would then lie).
Written down with the turn it warns of (bot.tg.fleeting), so that after a restart it still goes; one posted
before a restart is left as it reads (its figures are not known here) until a new warning of its game, before
the stop the restart moved, replaces it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import GameDocument
from bot.storage import GameRecord
from bot.tg.fleeting import FleetingMessages, game_kind
from bot.tg.notice_landing import follow_once_landed
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Outcome as SendOutcome

KIND = "idle"
# The warning as it reads in a language, and whether the player to move can't get their cards then.
Drawn = Callable[[str, bool], Render]


@dataclass
class _Warning:
    chat_id: int
    turn: int  # the turn warned of: `GameDocument.turn_began`
    message_id: int | None = None  # once posted
    gone: bool = False  # of no use any more: deleted once posted
    let_be: bool = False  # its chat moved (`forget`): it stays as posted, unfollowed
    moved_along: bool = False  # posted anew where the game moved: the move's `forget` keeps it
    drawn: Drawn | None = None  # None: restored at start-up, left as it reads
    lang: str = ""  # the language it reads in (once posted; asked for, while on its way)
    player: int = 0  # who is to move in that turn (0: restored at start-up)
    cut_off: bool = False  # it reads that `player` can't get their cards (as `lang`: posted or asked for)


class IdleWarnings:
    def __init__(self, pacer: WritePacer, fleeting: FleetingMessages) -> None:
        self._pacer = pacer
        self._fleeting = fleeting
        self._warned: dict[int, _Warning] = {}  # game -> its warning

    def posting(
        self,
        record: GameRecord,
        doc: GameDocument,
        posting: asyncio.Future[SendOutcome],
        moved_along: bool,
        drawn: Drawn,
        lang: str,
    ) -> None:
        """The game's warning, `drawn` in `lang`, goes out as `posting` tells; `moved_along`: anew in the
        supergroup its group became, having failed in the group."""
        player, cut_off = _to_move(doc)
        warning = _Warning(
            record.chat_id,
            doc.turn_began,
            moved_along=moved_along,
            drawn=drawn,
            lang=lang,
            player=player,
            cut_off=cut_off,
        )
        self.ended(record.id)  # the one before it (posted before a restart) names a stop that moved
        self._warned[record.id] = warning

        def landed(message_id: int) -> None:
            # the group's language, or the player's reach, changed while it waited for the group's window
            if (warning.lang, warning.cut_off) != (lang, cut_off):
                self._pacer.edit(warning.chat_id, message_id, drawn(warning.lang, warning.cut_off))

        kind = game_kind(record.id, KIND, warning.turn)
        follow_once_landed(posting, warning, self._fleeting, kind, landed)

    def restore(self, game_id: int, chat_id: int, turn: int, message_id: int) -> None:
        """Start-up: the game's warning of `turn`, posted before."""
        self._warned[game_id] = _Warning(chat_id, turn, message_id)

    def follow(self, record: GameRecord, doc: GameDocument, lang: str) -> None:
        """The game's warning goes once its turn is over or the game ended; till then it reads in `lang`, the
        group's, and as its player to move can get their cards or not (an edit only when either changed)."""
        warned = self._warned.get(record.id)
        if warned is None:
            return
        if not record.active or doc.turn_began != warned.turn:
            self.ended(record.id)
            return
        cut_off = warned.player in doc.unreachable
        if warned.drawn is None or (lang, cut_off) == (warned.lang, warned.cut_off):
            return
        warned.lang, warned.cut_off = lang, cut_off
        if warned.message_id is not None:  # else edited in as it lands
            self._pacer.edit(warned.chat_id, warned.message_id, warned.drawn(lang, cut_off))

    def ended(self, game_id: int) -> None:
        """The game's warning goes (now, or as soon as it lands)."""
        warning = self._warned.pop(game_id, None)
        if warning is not None:
            warning.gone = True
            self._done_with(warning, self._fleeting.delete_now)

    def forget(self, game_id: int) -> None:
        """Drop the game's warning, which stays (its chat moved: it is in the old one, or lands there); one
        posted anew where the game went, before the move got here, follows the game there."""
        warning = self._warned.get(game_id)
        if warning is not None and warning.moved_along:
            warning.moved_along = False
            return
        warning = self._warned.pop(game_id, None)
        if warning is not None:
            warning.let_be = True
            self._done_with(warning, self._fleeting.let_be)

    @staticmethod
    def _done_with(warning: _Warning, act: Callable[[int, int], None]) -> None:
        """`act` on the warning's message if it landed; one still on its way is acted on as it lands."""
        if warning.message_id is not None:
            act(warning.chat_id, warning.message_id)


def _to_move(doc: GameDocument) -> tuple[int, bool]:
    """The player a warning of the match's turn is about, and whether they can't get their cards."""
    actor = doc.state.actor
    assert actor is not None  # a match with no deadline waits for someone's move
    return actor, actor in doc.unreachable
