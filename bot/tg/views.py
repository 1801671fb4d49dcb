"""Render views (bot.tg.render) built from a game's record and document."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from bot.engine.events import MatchEnded, PlayerLeft
from bot.engine.state import GameState
from bot.service import GameDocument, Person
from bot.service.kicking import voided_by_kick
from bot.service.lobby import handed_over
from bot.service.results import losses_kept
from bot.storage import GameRecord, GameStatus
from bot.tg.render import HandNews, HandView, LobbyView, OutageNote, Seat, TableView
from bot.tg.render.names import same_names

# When a game's start-up grace ends (ms; 0: none): bot.tg.timers `Timers.grace_end`
GraceEnd = Callable[[int], int]
# The deadlines that do not fire in the grace, and act till it ends (a move, a slap still counts): a catch
# window shuts at its deadline whatever (`GameState.catchable_at`)
_HELD = ("turn_deadline", "slap_deadline", "next_round_deadline")


# The seats of the documents drawn last, by identity (a document is immutable: a change is another one): a
# move draws its table and each hand from one document, and each asked for its seats anew (~5 times a move).
SEATS_KEPT = 16
_drawn: dict[int, tuple[GameDocument, Mapping[int, Seat]]] = {}


def seats(doc: GameDocument) -> Mapping[int, Seat]:
    """Every player of the match (left ones too) as the screens show them, by user id, in seat order."""
    kept = _drawn.get(id(doc))
    if kept is not None:  # (kept alive with its seats: its id names no other meanwhile)
        return kept[1]
    if len(_drawn) >= SEATS_KEPT:
        del _drawn[next(iter(_drawn))]
    shown = MappingProxyType(_seats(doc))  # read-only: every caller shares it
    _drawn[id(doc)] = (doc, shown)
    return shown


def _seats(doc: GameDocument) -> dict[int, Seat]:
    # Computers are named by their number on screen, never marked: a person who took one's name is. Of people
    # whose names read the same, whoever took the name first keeps it unmarked (each keeps their seat).
    people = [(p, doc.names.get(p, "?")) for p in doc.naming_order if p not in doc.computers]
    computers = [p for p in doc.players if p in doc.computers]
    twins = dict(zip((player for player, _ in people), same_names(people, computers), strict=True))
    return {
        player: Seat(
            player,
            doc.names.get(player, "?"),
            player in doc.computers,
            player not in doc.unreachable,
            twins.get(player, 0),
            player in doc.kicked,
            player == doc.creator,
            doc.kicked_by.get(player),
            doc.departures.get(player),
            doc.handovers.get(player),
            player in doc.left_group,
            player in doc.blocked,
        )
        for player in doc.players
    }


def lobby_view(record: GameRecord, doc: GameDocument, bot_username: str) -> LobbyView:
    by_id = seats(doc)
    # The service ignores the lobby counter: Join/Leave/Start are checked against the lobby itself.
    seated = tuple(by_id[p] for p in doc.players)
    return LobbyView(record.id, 0, doc.creator, seated, doc.rules, bot_username, handed_over(doc))


def table_view(
    record: GameRecord,
    doc: GameDocument,
    now_ms: int,
    bot_username: str,
    message_id: int | None,
    sees_group: bool = True,
    outage: OutageNote | None = None,
    grace_end: int = 0,
) -> TableView:
    """The table drawn in `message_id` (None: a new message); `sees_group`: bot.tg.group_sight; `outage`: the
    long outage just over, if nothing moved since (bot.tg.group_screens); `grace_end`: `shown_state`."""
    return TableView(
        record.id,
        doc.table_counter,
        doc.chat_title,
        seats(doc),
        shown_state(doc.state, now_ms, grace_end),
        doc.recent,
        now_ms,
        bot_username,
        stopped=record.status is GameStatus.STOPPED,
        stopped_by=doc.stopped_by,
        stopped_because=doc.stopped_because,
        mention_actor=mentions_actor(doc, message_id),
        paused=doc.paused,
        muted=doc.paused and doc.paused_muted,
        going_on=record.status is GameStatus.RUNNING and not doc.paused and doc.went_on_at == doc.state.seq,
        sees_group=sees_group,
        outage=outage,
        kicker_names=doc.kicker_names,
    )


def shown_state(state: GameState, now_ms: int, grace_end: int) -> GameState:
    """The match as its screens show it at `now_ms`. A deadline still ahead that the start-up grace holds
    (bot.tg.timers: none fires before `grace_end`) shows the grace's end, when it fires: its own seconds ran
    out with the move still taken. (One past already shows no time: render.text `time_left`.)"""
    held: dict[str, Any] = {}
    for name in _HELD:
        deadline = getattr(state, name)
        if deadline is not None and now_ms < deadline < grace_end:
            held[name] = grace_end
    return replace(state, **held) if held else state


def mentions_actor(doc: GameDocument, message_id: int | None) -> bool:
    """Whether the table in `message_id` (None: a new message) names the player to move by a mention, which
    notifies them in a new message: a new one only if none did in their turn; one posted in their turn
    without it stays so (an edit that only adds it would cost a group write). Never in a round's first
    turn while its player can get their cards: the deal's hand rang for it, as a later turn's does, and the
    deal's table mentioning them too rang them twice (a later round's table, posted without a sound, too:
    a mention notifies all the same)."""
    dealt = doc.turn_began == doc.round_began
    if dealt and doc.engine is not None and doc.state.actor not in doc.unreachable:
        return False
    told = doc.turn_mention
    return told is None or told[0] != doc.turn_began or told[1] == message_id


def hand_view(
    record: GameRecord,
    doc: GameDocument,
    player: int,
    page: int | None,
    now_ms: int,
    selection: tuple[int, ...] = (),
    news: tuple[HandNews, ...] = (),
    colour_letters: bool = False,
    dealt: bool = False,
    sees_group: bool = True,
    grace_end: int = 0,
) -> HandView:
    """`grace_end`: `shown_state`."""
    void = voided_by_kick(doc, doc.state.winners)
    return HandView(
        record.id,
        doc.hand_counters.get(player, 0),
        doc.chat_title,
        seats(doc),
        shown_state(doc.state, now_ms, grace_end),
        player,
        page=page,
        now_ms=now_ms,
        revealed=doc.revealed.get(player),
        selection=selection,
        news=news,
        stopped=record.status is GameStatus.STOPPED,
        stopped_by=doc.stopped_by,
        stopped_because=doc.stopped_because,
        forfeited=doc.forfeited,
        void=void,
        lost_by_leaving=losses_kept(doc) if void else (),
        colour_letters=colour_letters,
        dealt=dealt,
        paused=doc.paused,
        muted=doc.paused and doc.paused_muted,
        leaving_by=doc.departing.get(player),
        sees_group=sees_group,
        in_topic=thread_of(record) is not None,
        forum_general=doc.forum_general,
        topic_title=doc.topic_title,
        kicker_names=doc.kicker_names,
        last_out=next((e.player for e in reversed(doc.recent) if isinstance(e, PlayerLeft)), None),
    )


def stopped_match(doc: GameDocument) -> MatchEnded:
    """The standings of a match stopped early (nobody won it), without the player whose loss the stop is
    (`forfeited`: a /stop-er, the one an idle match waited for): their stored result is last, as one who
    left."""
    state, lost = doc.state, doc.forfeited
    return MatchEnded((), {player: state.scores[player] for player in state.players if player != lost})


def seated_people(doc: GameDocument) -> tuple[Person, ...]:
    """The game's people in seat order: one on their way to it is named apart from them (newcomers_apart)."""
    return tuple(
        Person(player, doc.names.get(player, "?")) for player in doc.players if player not in doc.computers
    )


def departed_totals(doc: GameDocument) -> dict[int, int]:
    """The players who left a match stopped early, or were removed for missed turns, with the totals they
    had, in seat order: its standings list them after the ranked ones, out of the game (a stop for only
    computers being left had said nobody scored, of one who left with 470). Not one removed by someone: a
    kick is no result of theirs."""
    state = doc.state
    gone = (player for player in doc.players if player not in state.players and player not in doc.kicked)
    return {player: state.scores[player] for player in gone if player in state.scores}


def thread_of(record: GameRecord) -> int | None:
    return record.topic_id or None
