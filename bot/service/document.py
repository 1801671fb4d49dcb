"""The game document kept in `games.state`: the engine state plus what the adapter needs across restarts.

Everything is plain JSON. Player ids are stored as string keys (JSON objects), converted back here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from bot.engine.events import Event, MatchEnded, RoundEnded
from bot.engine.rules import Rules
from bot.engine.serialization import event_from_dict, event_to_dict, state_from_dict, state_to_dict
from bot.engine.state import GameState
from bot.service.errors import UnreadableGame
from bot.service.recent_moves import last_lines
from bot.service.stats import PlayerStats
from bot.service.stop_questions import StopQuestion
from bot.service.time_given_back import MOMENTS, TimeGivenBack, moments_set_back
from bot.storage import GameRecord
from bot.visible_text import read_as

Result = RoundEnded | MatchEnded  # what the group is told when a round or the match ends


class StopReason(StrEnum):
    """Why the bot itself stopped a match (the group is told)."""

    COMPUTERS = "computers"  # every person left or was removed
    IDLE = "idle"  # nobody is playing any more: everyone still seated missed their turns, or nobody moved
    KICKED = "kicked"  # the last opponent was removed by the creator or an admin: a win nobody played for
    GONE = "gone"  # the bot may no longer post in the game's group or forum topic (removed, muted, deleted)
    TOPIC_CLOSED = "topic-closed"  # a lobby's forum topic was closed (a match there pauses instead)
    # The forum's topics were turned off, and another topic's game goes on in the group's one chat.
    TOPICS_OFF = "topics-off"


class LobbyClosed(StrEnum):
    """Why a lobby closed by itself (a stopped one was closed by someone)."""

    IDLE = "idle"  # nobody started it in time
    EMPTY = "empty"  # everybody left it


class Departure(StrEnum):
    """How a player left the match, as the engine told it (`PlayerLeft.afk`). A kick is a Leave too:
    `GameDocument.kicked` tells it apart."""

    LEFT = "left"
    AFK = "afk"  # the afk_limit house rule removed them after turns missed in a row


# The turn the deal sends every hand for (`GameDocument.hand_sends`): the match's first state (`new_match`),
# which no move numbered yet.
DEAL_SEQ = 0


@dataclass(frozen=True)
class GameDocument:
    """One game as the service and the adapter see it. Immutable: change it with `dataclasses.replace`."""

    creator: int
    chat_title: str  # how hands name the game: its group, and in a forum its topic too ("Group · Topic")
    rules: Rules
    preset: str | None
    players: tuple[int, ...]  # lobby join order, then every player of the match (left ones too)
    names: dict[int, str]  # raw display names, by user id
    # Players in the order they took the name they have now (joining, or renaming since: `took_name`): of two
    # whose names read the same, the later one is marked the second. Players missing from it (documents saved
    # before it was kept) come after, in seat order (`naming_order`).
    name_order: tuple[int, ...] = ()
    computers: frozenset[int] = frozenset()
    unreachable: frozenset[int] = frozenset()  # the bot cannot write to them (never started / blocked)
    # Of them, who blocked the bot after starting it: their chat with it offers "Restart", not "Start".
    blocked: frozenset[int] = frozenset()
    told_unreachable: frozenset[int] = frozenset()  # the group was told once
    kicked: frozenset[int] = frozenset()  # removed from the match by someone else: no result row of theirs
    kicked_by: dict[int, int] = field(default_factory=dict)  # kicked player -> who removed them
    # Chat admins outside the match who removed a player (or were noted to, while it was paused) -> their name
    # as the group's notice gave it, for the table and the hand to name them too. An anonymous admin's is not
    # kept: they post as the group, and nothing names them.
    kicker_names: dict[int, str] = field(default_factory=dict)
    # Players who removed someone still playing: if one of them wins, the match counts for nobody (kicking).
    kicked_someone_playing: frozenset[int] = frozenset()
    # Who left the match, and how: their hand says it. Games saved before it was kept have none.
    departures: dict[int, Departure] = field(default_factory=dict)
    # Who left the match by leaving its group of their own accord: the table says why they left.
    left_group: frozenset[int] = frozenset()
    # Who left running the lobby or the match -> who runs it now (the lobby's are dropped at the start).
    handovers: dict[int, int] = field(default_factory=dict)
    touched_ms: int = 0  # last lobby activity (an idle lobby closes itself)
    opened_ms: int = 0  # when the lobby opened (0: saved before it was kept)
    engine: GameState | None = None
    recent: tuple[Event, ...] = ()
    # The seq the engine reached with each of the newest len(recent_seqs) events of `recent` (all of them, but
    # in a game saved before they were kept): a keyboard's counter tells which came after it was shown.
    recent_seqs: tuple[int, ...] = ()
    hand_counters: dict[int, int] = field(default_factory=dict)  # per player: seq of their newest keyboard
    # Per player: the seq at which their hand was last to be sent anew (their turn began, a match was dealt),
    # which the message sent for it records; a restart sends the hand again if the two differ.
    hand_sends: dict[int, int] = field(default_factory=dict)
    # The seq at which the turn now on began; (turn, message): the turn (by that seq) whose player a new
    # table message (or the idle warning) mentioned, and that message. A mention in a new message notifies:
    # its player once a turn, not at every new table of that turn.
    turn_began: int = 0
    turn_mention: tuple[int, int] | None = None
    # The seq at which the round now on was dealt (DEAL_SEQ: the match's first, or saved before it was kept):
    # its first turn's hand rang its player, and no new table mentions them then.
    round_began: int = DEAL_SEQ
    # The round the table message was posted in (None: a lobby's, or saved before it was kept): one posted in
    # an earlier round is above that round's results, and is posted anew. `old_table`: the one a new table
    # was posted below the results for, until its deletion is done (a restart deletes it).
    table_round: int | None = None
    old_table: int | None = None
    # Round and match results not yet posted in the group: posting follows the commit, and a crash in between
    # must not lose them (start-up posts what is left here, for games running or ended in the last
    # ENDED_RECENTLY_MS: a result hours late would only confuse).
    unannounced: tuple[Result, ...] = ()
    standings_unannounced: bool = False  # likewise the standings of a match stopped early
    stopped_because: StopReason | None = None  # the bot stopped the match or lobby, why (None: a person)
    closed_because: LobbyClosed | None = None  # the lobby closed by itself, why: a redraw of it says so
    stopped_by: int | None = None  # who stopped the match with /stop (None: the bot, or saved before kept)
    # The player whose result of a stopped match is a loss, as if they had left: a /stop-er who played in it
    # when it counted already (`stopper_forfeits`), or the one the bot waited an hour for (`stalling`).
    forfeited: int | None = None
    idle_warned: int = 0  # the idle stop (ms) the group was warned of: a restart or a move moves it (0: none)
    # The idle clocks (a lobby's 10 minutes, a match's hour without a turn timer) count from no earlier than
    # this (ms): an outage, when nobody could move, moves it on by the time it took (0: none did).
    idle_since: int = 0
    table_counter: int = 0  # seq at which the table's buttons last changed meaning
    # (holder, ms): the seven silence the group could read from then on (the table telling it had landed), so
    # that a restart binds it as before; gone when the silence ends or passes to another holder.
    silence_told: tuple[int, int] | None = None
    # Whether the group saw the catch window open now (its table landed), so that a restart takes it as seen,
    # not one a flood kept off the table (that one waits for the start-up redraw); gone when it closes or
    # starts again for a table that came late (`catch_told_late`: seen again once its table lands).
    catch_told: bool = False
    revealed: dict[int, tuple[int, ...]] = field(default_factory=dict)  # challenger -> challenged hand
    round_stats: dict[int, PlayerStats] = field(default_factory=dict)
    match_stats: dict[int, PlayerStats] = field(default_factory=dict)
    rounds_won: dict[int, int] = field(default_factory=dict)
    started_ms: int = 0
    round_started_ms: int = 0
    # The game ended long ago and kept only what is still read of it (bot.service.ended_games): its screens
    # can no longer be drawn.
    compact: bool = False
    # The forum topic's name, apart: the group renamed, the game is named anew with it, and so is the topic's
    # next game when Telegram does not name the topic (None: no topic, unknown, or saved before it was kept).
    # Of a forum's General game (`forum_general`), the name an admin gave General (None: none seen given).
    topic_title: str | None = None
    # Played in a forum's General (not in a topic): named beside the forum's topics' games "Chat · General"
    # (render.text `game_title`), as the chat's title alone reads as the whole group's. False: a plain
    # group's, a topic's, or saved before it was kept (named by the chat alone, as before).
    forum_general: bool = False
    # When the match was paused (ms; 0: it is not): its clocks stand still and nobody moves, until each of
    # its reasons below is gone (bot.service.pausing); a second reason keeps the first one's moment.
    paused_since: int = 0
    # Paused as its group refuses the bot's posts (the bot muted, or members may not send and it is no
    # admin): till the group lets the bot post again.
    paused_muted: bool = False
    # Paused as its forum topic is closed to the bot: till the topic is reopened.
    paused_closed: bool = False
    # The engine's seq at which the paused match went on: the table says so until the next move (None: not
    # since its last pause, or never paused).
    went_on_at: int | None = None
    # Who left the group, or was removed from it (-> by whom), while the match was paused: nothing changes in
    # it meanwhile, and they leave it as it goes on (or is stopped).
    departing: dict[int, int] = field(default_factory=dict)
    # What it was given of the time nobody could see it (outages, the bot down), and the wall clock's set-back
    # its moments were moved back for: each once (bot.service.time_given_back).
    given_back: TimeGivenBack = field(default_factory=TimeGivenBack)
    # The /stop questions about it posted lately and not answered (bot.tg.stop_questions_kept), which a
    # restart knows: one known in memory only was asked again beside itself, and kept its language.
    stop_questions: tuple[StopQuestion, ...] = ()

    @property
    def paused(self) -> bool:
        return self.paused_since != 0

    @property
    def stopper_lost(self) -> bool:
        """Whoever stopped the match with /stop took it as their loss."""
        return self.forfeited is not None and self.forfeited == self.stopped_by

    @property
    def state(self) -> GameState:
        if self.engine is None:
            raise LookupError("the match has not started")
        return self.engine

    @property
    def naming_order(self) -> tuple[int, ...]:
        """Every player, in the order they took their name (`name_order`)."""
        ordered = tuple(p for p in self.name_order if p in self.players)
        return (*ordered, *(p for p in self.players if p not in ordered))

    def took_name(self, user_id: int, name: str) -> GameDocument:
        """`user_id` goes by `name` from now on, taken after everyone else's: of two names alike, the one
        taken first stays unmarked (who renames to another's name mid-match is the second, not the other)."""
        order = (*(p for p in self.naming_order if p != user_id), user_id)
        return replace(self, names={**self.names, user_id: name}, name_order=order)

    def changed_name(self, user_id: int, name: str) -> GameDocument:
        """A player goes by `name` now: a name taken (`took_name`), unless it reads as their old one did (in
        capitals, with a mark the bot strips), which keeps its place among names alike: "Alex" who writes
        "ALEX" is still the first Alex, the other still "Alex ²"."""
        old = self.names.get(user_id)
        if old is None or read_as(old) != read_as(name):
            return self.took_name(user_id, name)
        return replace(self, names={**self.names, user_id: name})

    def unreachable_now(self, user_id: int, blocked: bool) -> GameDocument:
        """The document once the bot may not write to `user_id` (`blocked`: they blocked it after starting
        it), who is marked 🔇."""
        return replace(
            self,
            unreachable=self.unreachable | {user_id},
            blocked=self.blocked | {user_id} if blocked else self.blocked - {user_id},
        )

    def reachable_again(self, user_id: int) -> GameDocument:
        """The document once the bot may write to `user_id` again: their 🔇 goes."""
        return replace(self, unreachable=self.unreachable - {user_id}, blocked=self.blocked - {user_id})

    def set_back(self, ms: int, given: int, since: int, by: int, went: int) -> GameDocument:
        """The wall clock set back `ms` (bot.tg.outages): the moments kept of the game move back as much, so
        that the idle clocks and a closed topic's pause count the time that passed (its engine's deadlines
        and clock: `GiveTimeBack`). `given`: an outage's time given with it, which moves the clocks on as
        much but not when something happened, as a give-back alone does. Marked by the span that gave it,
        from `since`, its length negated `by`, its set-backs `went` back (`TimeGivenBack.set_back_at`)."""
        moved: dict[str, Any] = moments_set_back({name: getattr(self, name) for name in MOMENTS}, ms, given)
        return replace(self, **moved, given_back=self.given_back.set_back(ms, given, since, by, went))

    def with_recent(self, events: Sequence[Event], seq: int) -> GameDocument:
        """`events`, which took the engine to `seq`, told after the recent ones."""
        recent = last_lines((*self.recent, *events))
        seqs = (*self.recent_seqs, *(seq,) * len(events))
        return replace(self, recent=recent, recent_seqs=seqs[max(len(seqs) - len(recent), 0) :])

    def without_told(self, kind: type[Event]) -> GameDocument:
        """The document with no event of `kind` among the recent ones."""
        untagged = len(self.recent) - len(self.recent_seqs)
        kept = [at for at, event in enumerate(self.recent) if not isinstance(event, kind)]
        return replace(
            self,
            recent=tuple(self.recent[at] for at in kept),
            recent_seqs=tuple(self.recent_seqs[at - untagged] for at in kept if at >= untagged),
        )

    def told_since(self, seq: int) -> tuple[Event, ...] | None:
        """The recent events that came after the engine's `seq`, in order; None when some may be gone from
        them (more lines came since than the table keeps, or they were not tagged yet)."""
        untagged = len(self.recent) - len(self.recent_seqs)
        if all(tag > seq for tag in self.recent_seqs):
            return None
        return tuple(
            event for event, tag in zip(self.recent[untagged:], self.recent_seqs, strict=True) if tag > seq
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "creator": self.creator,
            "chat_title": self.chat_title,
            "rules": self.rules.to_dict(),
            "preset": self.preset,
            "players": list(self.players),
            "names": _keys_out(self.names),
            "name_order": list(self.name_order),
            "computers": sorted(self.computers),
            "unreachable": sorted(self.unreachable),
            "blocked": sorted(self.blocked),
            "told_unreachable": sorted(self.told_unreachable),
            "kicked": sorted(self.kicked),
            "kicked_by": _keys_out(self.kicked_by),
            "kicker_names": _keys_out(self.kicker_names),
            "kicked_someone_playing": sorted(self.kicked_someone_playing),
            "departures": {str(k): v.value for k, v in self.departures.items()},
            "left_group": sorted(self.left_group),
            "handovers": _keys_out(self.handovers),
            "touched_ms": self.touched_ms,
            "opened_ms": self.opened_ms,
            "engine": None if self.engine is None else state_to_dict(self.engine),
            "recent": [event_to_dict(event) for event in self.recent],
            "recent_seqs": list(self.recent_seqs),
            "hand_counters": _keys_out(self.hand_counters),
            "hand_sends": _keys_out(self.hand_sends),
            "turn_began": self.turn_began,
            "turn_mention": None if self.turn_mention is None else list(self.turn_mention),
            "round_began": self.round_began,
            "table_round": self.table_round,
            "old_table": self.old_table,
            "unannounced": [event_to_dict(event) for event in self.unannounced],
            "standings_unannounced": self.standings_unannounced,
            "stopped_because": None if self.stopped_because is None else self.stopped_because.value,
            "closed_because": None if self.closed_because is None else self.closed_because.value,
            "stopped_by": self.stopped_by,
            "forfeited": self.forfeited,
            "idle_warned": self.idle_warned,
            "idle_since": self.idle_since,
            "table_counter": self.table_counter,
            "silence_told": None if self.silence_told is None else list(self.silence_told),
            "catch_told": self.catch_told,
            "revealed": {str(k): list(v) for k, v in self.revealed.items()},
            "round_stats": {str(k): v.to_dict() for k, v in self.round_stats.items()},
            "match_stats": {str(k): v.to_dict() for k, v in self.match_stats.items()},
            "rounds_won": _keys_out(self.rounds_won),
            "started_ms": self.started_ms,
            "round_started_ms": self.round_started_ms,
            "compact": self.compact,
            "topic_title": self.topic_title,
            "forum_general": self.forum_general,
            "paused_since": self.paused_since,
            "paused_muted": self.paused_muted,
            "paused_closed": self.paused_closed,
            "went_on_at": self.went_on_at,
            "departing": _keys_out(self.departing),
            **self.given_back.to_dict(),
            "stop_questions": [question.to_dict() for question in self.stop_questions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameDocument:
        engine = data["engine"]
        # A compact document's engine goes without the rules: they are the document's.
        state = None if engine is None else state_from_dict({"rules": data["rules"], **engine})
        return cls(
            creator=int(data["creator"]),
            chat_title=str(data["chat_title"]),
            rules=Rules.from_dict(data["rules"]),
            preset=data["preset"],
            players=tuple(int(p) for p in data["players"]),
            names={int(k): str(v) for k, v in data["names"].items()},
            name_order=tuple(int(p) for p in data.get("name_order", [])),  # absent: saved before it was kept
            computers=frozenset(int(p) for p in data["computers"]),
            unreachable=frozenset(int(p) for p in data["unreachable"]),
            blocked=frozenset(int(p) for p in data.get("blocked", [])),  # absent: saved before it was kept
            told_unreachable=frozenset(int(p) for p in data["told_unreachable"]),
            touched_ms=int(data["touched_ms"]),
            opened_ms=int(data.get("opened_ms", 0)),
            engine=state,
            recent=tuple(event_from_dict(event) for event in data["recent"]),
            recent_seqs=tuple(int(seq) for seq in data.get("recent_seqs", [])),  # absent: saved before kept
            hand_counters={int(k): int(v) for k, v in data["hand_counters"].items()},
            # These are absent from documents saved before they were kept.
            hand_sends={int(k): int(v) for k, v in data.get("hand_sends", {}).items()},
            # Saved before it was kept, the turn on reads as begun now: 0 read as the deal's turn (round_began
            # is absent too), whose hand rang, so no new table mentioned its player after a restart.
            turn_began=int(data.get("turn_began", 0 if state is None else state.seq)),
            turn_mention=_pair(data.get("turn_mention")),
            round_began=int(data.get("round_began", DEAL_SEQ)),
            table_round=stored_table_round(data),
            old_table=None if data.get("old_table") is None else int(data["old_table"]),
            unannounced=tuple(_result(event) for event in data.get("unannounced", [])),
            standings_unannounced=bool(data.get("standings_unannounced", False)),
            stopped_because=StopReason(data["stopped_because"]) if data.get("stopped_because") else None,
            # absent from documents saved before it was kept (and from every other game's)
            closed_because=LobbyClosed(data["closed_because"]) if data.get("closed_because") else None,
            stopped_by=None if data.get("stopped_by") is None else int(data["stopped_by"]),
            forfeited=_forfeited(data),
            idle_warned=int(data.get("idle_warned", 0)),
            idle_since=int(data.get("idle_since", 0)),
            kicked=frozenset(int(p) for p in data.get("kicked", [])),
            kicked_by={int(k): int(v) for k, v in data.get("kicked_by", {}).items()},
            kicker_names={int(k): str(v) for k, v in data.get("kicker_names", {}).items()},
            kicked_someone_playing=frozenset(int(p) for p in data.get("kicked_someone_playing", [])),
            departures={int(k): Departure(v) for k, v in data.get("departures", {}).items()},
            left_group=frozenset(int(p) for p in data.get("left_group", [])),
            handovers={int(k): int(v) for k, v in data.get("handovers", {}).items()},
            table_counter=int(data["table_counter"]),
            silence_told=_pair(data.get("silence_told")),
            catch_told=bool(data.get("catch_told", False)),
            revealed={int(k): tuple(int(c) for c in v) for k, v in data["revealed"].items()},
            round_stats={int(k): PlayerStats.from_dict(v) for k, v in data["round_stats"].items()},
            match_stats={int(k): PlayerStats.from_dict(v) for k, v in data["match_stats"].items()},
            rounds_won={int(k): int(v) for k, v in data["rounds_won"].items()},
            started_ms=int(data["started_ms"]),
            round_started_ms=int(data["round_started_ms"]),
            compact=bool(data.get("compact", False)),
            topic_title=None if data.get("topic_title") is None else str(data["topic_title"]),
            forum_general=bool(data.get("forum_general", False)),
            paused_since=int(data.get("paused_since", 0)),
            paused_muted=bool(data.get("paused_muted", False)),
            # saved before a pause kept two reasons: one not muted was a closed topic's
            paused_closed=bool(
                data.get("paused_closed", data.get("paused_since") and not data.get("paused_muted"))
            ),
            went_on_at=None if data.get("went_on_at") is None else int(data["went_on_at"]),
            departing={int(k): int(v) for k, v in data.get("departing", {}).items()},
            given_back=TimeGivenBack.from_dict(data),
            stop_questions=tuple(StopQuestion.from_dict(q) for q in data.get("stop_questions", [])),
        )


def read_document(record: GameRecord) -> GameDocument:
    """The record's document; UnreadableGame when it cannot be parsed."""
    try:
        return GameDocument.from_dict(record.state)
    except Exception as error:  # whatever the parse trips on, the stored document is what is wrong
        raise UnreadableGame(record, error) from error


def readable(records: Iterable[GameRecord]) -> tuple[list[tuple[GameRecord, GameDocument]], list[GameRecord]]:
    """The records whose document can be read, each with it; and those whose cannot (/stop in its group ends
    such a game, nothing else can be done with it)."""
    read, unreadable = [], []
    for record in records:
        try:
            read.append((record, read_document(record)))
        except UnreadableGame:
            unreadable.append(record)
    return read, unreadable


def stored_table_round(data: Mapping[str, Any]) -> int | None:
    """`GameDocument.table_round` of a stored document, read without the rest of it."""
    return None if data.get("table_round") is None else int(data["table_round"])


def _result(data: dict[str, Any]) -> Result:
    event = event_from_dict(data)
    if not isinstance(event, Result):
        raise ValueError(f"not a round or match result: {data}")
    return event


def _forfeited(data: dict[str, Any]) -> int | None:
    if data.get("forfeited") is not None:
        return int(data["forfeited"])
    # Saved before it was kept: only a /stop-er's loss was (`stopper_lost`).
    lost = data.get("stopper_lost", False) and data.get("stopped_by") is not None
    return int(data["stopped_by"]) if lost else None


def _pair(data: list[int] | None) -> tuple[int, int] | None:
    if data is None:
        return None
    first, second = data
    return int(first), int(second)


def _keys_out(values: dict[int, Any]) -> dict[str, Any]:
    return {str(key): value for key, value in values.items()}
