"""The group's notices that a player cannot get their cards, each following its player: once they pressed
Start it says they can, for a while (`ANSWER_SECONDS`: read by whoever waited, then deleted), and should
they block the bot again meanwhile (the group is told once a game) it says so again; reworded as the group's
language changes, as the table is. A notice goes at once when its player is out of the game (left it, or was
removed) or the game ends: it has no use then. Written down with its player (bot.tg.fleeting), so that after
a restart it still follows them."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass

from bot.service import GameDocument
from bot.storage import GameRecord, GameStatus
from bot.tg.fleeting import ANSWER_SECONDS, FleetingMessages, game_kind
from bot.tg.notice_landing import follow_once_landed
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Outcome as SendOutcome

# The notice about a player, as it reads while they can (True) or cannot (False) get their cards.
NoticeRender = Callable[[int, bool], Render]
Clock = Callable[[], int]
KIND = "reach"


@dataclass
class _Notice:
    chat_id: int
    reachable: bool = False  # what it was last asked to say
    shown: Render | None = None  # how it reads; None: not known (restored at start-up, till its first follow)
    # Said of a lobby (its player "will not see their cards once dealt") or of the match; None: not known (a
    # notice restored at start-up, left as it reads until its player's reach changes).
    lobby: bool | None = None
    message_id: int | None = None  # once posted
    owed: Render | None = None  # asked for before it was posted: edited in once it is
    gone: bool = False  # of no use any more: deleted once posted
    let_be: bool = False  # its chat moved (`forget`): it stays as posted, unfollowed
    moved_along: bool = False  # posted anew where the game moved: the move's `forget` keeps it
    goes_ms: int | None = None  # saying its player is back, it is deleted then (on `ticks`)


class UnreachableNotices:
    def __init__(self, pacer: WritePacer, fleeting: FleetingMessages, ticks: Clock) -> None:
        """`ticks`: ms on a clock that never jumps, as the deletion after the reading waits on."""
        self._pacer = pacer
        self._fleeting = fleeting
        self._ticks = ticks
        self._notices: dict[int, dict[int, _Notice]] = {}  # game -> player -> their notice

    def posting(
        self,
        record: GameRecord,
        player: int,
        shown: Render,
        posting: asyncio.Future[SendOutcome],
        moved_along: bool,
    ) -> None:
        """The notice about `player`, reading `shown`, goes out as `posting` tells; `moved_along`: anew in the
        supergroup its group became, having failed in the group."""
        notice = _Notice(record.chat_id, lobby=_lobby(record), shown=shown, moved_along=moved_along)
        self._notices.setdefault(record.id, {})[player] = notice

        def followed(message_id: int) -> None:
            if notice.owed is not None:  # the player came back while it waited for the group's window
                self._pacer.edit(notice.chat_id, message_id, notice.owed)
            if notice.reachable:
                self._read_then_gone(notice)

        follow_once_landed(posting, notice, self._fleeting, game_kind(record.id, KIND, player), followed)

    def restore(self, game_id: int, player: int, chat_id: int, message_id: int) -> None:
        """Start-up: the notice posted before about `player`, who could not get their cards then."""
        self._notices.setdefault(game_id, {})[player] = _Notice(chat_id, message_id=message_id)

    def follow(self, record: GameRecord, doc: GameDocument, render: NoticeRender) -> None:
        """Each notice of the game says whether its player can get their cards now, and what that means once
        the lobby is dealt (their turns time out, or the game waits for them), in the group's language: an
        edit only when what it says changed. One whose player is out of the game goes."""
        notices = self._notices.get(record.id, {})
        for player, notice in list(notices.items()):
            if notice.goes_ms is not None and self._ticks() >= notice.goes_ms:
                del notices[player]  # deleted already (should they block the bot again: told once a game)
                continue
            if player not in doc.players or player in doc.departures:
                del notices[player]
                self._delete(notice)
                continue
            reachable, lobby = player not in doc.unreachable, _lobby(record)
            dealt = notice.lobby is True and not lobby
            notice.lobby = lobby
            turned, shown = reachable != notice.reachable, render(player, reachable)
            reworded = notice.shown is not None and shown != notice.shown
            if not (turned or dealt or reworded):
                # restored at start-up, it reads as drawn now (nothing it says changes while the bot is down):
                # known so, a language switched later rewords it
                notice.shown = notice.shown or shown
                continue
            notice.reachable, notice.shown = reachable, shown
            if notice.message_id is None:
                notice.owed = shown
                continue
            self._pacer.edit(notice.chat_id, notice.message_id, shown)
            if not turned:  # reworded (for the match, or a language): read, and kept or deleted, as before
                continue
            if reachable:
                self._read_then_gone(notice)
            else:
                notice.goes_ms = None
                self._fleeting.keep(notice.chat_id, notice.message_id)

    def ended(self, game_id: int) -> None:
        """The game ended: its notices go."""
        for notice in self._notices.pop(game_id, {}).values():
            self._delete(notice)

    def forget(self, game_id: int) -> None:
        """Drop the game's notices, which stay (its chat moved: they are in the old one, or land there); those
        posted anew where the game went, before the move got here, follow the game there."""
        kept = {}
        for player, notice in self._notices.pop(game_id, {}).items():
            if notice.moved_along:
                notice.moved_along = False
                kept[player] = notice
                continue
            notice.let_be = True
            if notice.message_id is not None:
                self._fleeting.let_be(notice.chat_id, notice.message_id)
        if kept:
            self._notices[game_id] = kept

    def _read_then_gone(self, notice: _Notice) -> None:
        assert notice.message_id is not None
        notice.goes_ms = self._ticks() + ANSWER_SECONDS * 1000
        self._fleeting.delete_later(notice.chat_id, notice.message_id, ANSWER_SECONDS)

    def _delete(self, notice: _Notice) -> None:
        notice.gone = True
        if notice.goes_ms is not None and self._ticks() >= notice.goes_ms:
            return  # deleted already
        if notice.message_id is not None:
            self._pacer.discard(notice.chat_id, notice.message_id)
            self._fleeting.delete_now(notice.chat_id, notice.message_id)


def _lobby(record: GameRecord) -> bool:
    return record.status is GameStatus.LOBBY
