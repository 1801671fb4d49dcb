"""What a state change means: the document's counters, stats and results, and which messages change."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.engine.actions import Action, CallUno, Catch
from bot.engine.drawing import penalty_takes
from bot.engine.events import (
    Challenged,
    Event,
    HandsRotated,
    HandsSwapped,
    MatchEnded,
    PlayerLeft,
    RoundEnded,
    RoundStarted,
    UnoCalled,
)
from bot.engine.legal import legal_actions
from bot.engine.state import GameState, Pending
from bot.service.document import Departure, GameDocument, Result
from bot.service.recent_moves import told
from bot.service.results import MatchRows, match_ended_rows, round_rows
from bot.service.stats import tally
from bot.service.stop_rules import gone_quiet
from bot.storage.results import PlayerResult

RoundRows = tuple[int, list[tuple[PlayerResult, int]]]  # round number, rows


@dataclass(frozen=True)
class Screens:
    """Which messages must change after a state change."""

    table: bool = False
    lobby: bool = False
    hands_to_edit: frozenset[int] = frozenset()
    # Their turn begins (or the match starts): send the hand anew so it notifies, delete the previous one.
    hands_to_send: frozenset[int] = frozenset()
    # Sent anew though sent for this turn already, so that it notifies again: the turn's player after the
    # match stood still (its forum topic closed) for who knows how long.
    hands_to_send_again: frozenset[int] = frozenset()
    # Of `hands_to_send`: whose turn began by their own press (a jump-in with a 7, whose swap they choose
    # now), sent without a sound: they are at the hand they pressed; and at the deal, all but the first
    # mover's: the group's table rang for the start, and a turn's own hand rings when it comes; and every
    # turn's while nobody has been at the table for long (`stop_rules.gone_quiet`).
    hands_sent_quietly: frozenset[int] = frozenset()
    # The player who acted is still deciding their turn: the table may wait for the turn to pass.
    table_waits: bool = False
    # Whose turn it was before the change: a jump-in that took it is told on their hand (bot.tg.hand_news);
    # and whether it was to take a penalty, which a jump-in on its Draw Two takes off them.
    turn_before: int | None = None
    penalty_before: bool = False


@dataclass
class Progress:
    doc: GameDocument
    screens: Screens
    round_rows: list[RoundRows] = field(default_factory=list)
    match_rows: MatchRows | None = None


def _action_key(action: Action) -> str:
    return repr(replace(action, now=0))


def hand_signature(state: GameState, player: int, uno: bool = True) -> tuple[object, ...] | None:
    """Everything a player's hand keyboard depends on; a change means it must be re-rendered. Without `uno`:
    what its buttons other than UNO! mean, which a call and its window closing leave as they were (the card
    tapped right after UNO!, on the hand not yet redrawn, must count)."""
    if state.match_over or player not in state.hands:
        return None
    left_out = (Catch,) if uno else (Catch, CallUno)
    legal = tuple(sorted(_action_key(a) for a in legal_actions(state, player) if not isinstance(a, left_out)))
    acting = state.actor == player
    on_turn: tuple[object, ...] | None = None
    if acting:
        # the cards a penalty would find: a catch meanwhile may take the last ones
        on_turn = (state.pending, state.discard[-1], state.colour, state.penalty, penalty_takes(state))
        if state.pending is Pending.CHOOSE_SWAP:  # its buttons show each hand's size: a catch may grow one
            on_turn += (tuple(len(state.hands[p]) for p in state.players),)
        if state.challenge is not None:  # the hint says what a bluff costs its player (nothing once gone)
            on_turn += (state.challenge.player in state.hands,)
    # catchable: the "press UNO! now" warning goes when the window closes, and so does the line telling the
    # player to move whom they may catch; a round's end: every hand says so (not "Not your turn") in the
    # pause before the next deal
    round_over = state.pending is Pending.NEXT_ROUND
    catchable = uno and player in state.catchable
    told_to_catch = uno and may_catch(state, player) and any(other != player for other in state.catchable)
    return (tuple(state.hands[player]), legal, on_turn, state.round_no, catchable, told_to_catch, round_over)


def may_catch(state: GameState, player: int) -> bool:
    """Whether `player`'s hand names whom Catch! may catch while a window is open: theirs is the move that
    ends it, or between two they are the only one who may catch."""
    return state.actor == player or len(state.players) == 2


def table_signature(state: GameState) -> tuple[object, ...]:
    """Which windows the table's buttons (UNO!, Catch!, Slap!) belong to: a press stays valid while its
    window is open, however many others pressed meanwhile (the engine judges each press)."""
    return (state.catch_deadline, state.slap_deadline, state.round_no, state.match_over)


def humans(doc: GameDocument, state: GameState) -> list[int]:
    return [p for p in state.players if p not in doc.computers]


def end_told_to_removed(screens: Screens, doc: GameDocument) -> Screens:
    """`screens` of the match's end (won or stopped), with the hands of those removed for missed turns
    redrawn too: theirs said only that they were out and could join the next game, and is the last word of
    the match they read (they were away), so it tells how it ended as the seated players' hands do."""
    removed = {p for p, how in doc.departures.items() if how is Departure.AFK and p not in doc.state.players}
    told = removed - doc.unreachable - screens.hands_to_send
    return replace(screens, hands_to_edit=screens.hands_to_edit | told)


def advance(
    doc: GameDocument, old: GameState | None, new: GameState, events: list[Event], actor: int | None, now: int
) -> Progress:
    """The document after the engine went from `old` (None: the match starts) to `new` with `events`."""
    round_stats = dict(doc.round_stats)
    match_stats = dict(doc.match_stats)
    rounds_won = dict(doc.rounds_won)
    round_started, round_began = doc.round_started_ms, doc.round_began
    # The hand a challenger saw goes once they move or their turn ends otherwise (their time ran out, a
    # jump-in took it, a kick); a fair challenge ends their turn at once: shown (below) until their next move.
    ended = old.actor if old is not None and old.actor != new.actor else None
    revealed = {p: cards for p, cards in doc.revealed.items() if p not in (actor, ended)}
    departures = dict(doc.departures)
    rows: list[RoundRows] = []
    match: MatchRows | None = None
    last_round: RoundEnded | None = None
    for event in events:
        tally(round_stats, event)
        tally(match_stats, event)
        if isinstance(event, Challenged) and event.challenged in new.hands:  # a leaver's cards went with them
            revealed[event.challenger] = event.hand
        elif isinstance(event, RoundStarted):
            round_started, round_began = now, new.seq
            revealed = {}  # a new deal: the cards shown are in other hands now
        elif isinstance(event, HandsRotated):
            revealed = {}  # a 0: every hand shown is held by another player now
        elif isinstance(event, HandsSwapped):  # a 7: a hand shown that it swapped is held by another now
            swapped = {*new.hands[event.player], *new.hands[event.target]}
            revealed = {p: cards for p, cards in revealed.items() if swapped.isdisjoint(cards)}
        elif isinstance(event, PlayerLeft):
            departures[event.player] = Departure.AFK if event.afk else Departure.LEFT
            if old is not None:  # a hand shown went with its player, under the draw pile
                gone = set(old.hands.get(event.player, ()))
                revealed = {p: cards for p, cards in revealed.items() if gone.isdisjoint(cards)}
        elif isinstance(event, RoundEnded):
            revealed = {}  # the round is over: its results count the cards each player holds now
            snapshot = replace(doc, round_stats=round_stats, round_started_ms=round_started)
            rows.append((event.round_no, round_rows(snapshot, event, now)))
            rounds_won[event.winner] = rounds_won.get(event.winner, 0) + 1
            round_stats = {}
            last_round = event
        elif isinstance(event, MatchEnded):
            snapshot = replace(doc, engine=new, match_stats=match_stats, rounds_won=rounds_won)
            match = match_ended_rows(snapshot, event, now, last_round)
    if old is not None and new.actor in revealed and new.actor != old.actor:
        del revealed[new.actor]  # the challenger's next turn: the hand they saw has moved on since
    results = [event for event in events if isinstance(event, Result)]
    updated = replace(
        doc,
        engine=new,
        round_stats=round_stats,
        match_stats=match_stats,
        rounds_won=rounds_won,
        round_started_ms=round_started,
        revealed=revealed,
        departures=departures,
        unannounced=(*doc.unannounced, *results),
    ).with_recent(told(events), new.seq)
    challenged = frozenset(event.challenged for event in events if isinstance(event, Challenged))
    shown_changed = {
        p for p in doc.revealed.keys() | revealed.keys() if doc.revealed.get(p) != revealed.get(p)
    }
    screens, counters, table_counter = _screens(updated, old, new, frozenset(shown_changed), challenged)
    turn_before = None if old is None else old.turn
    own_turn = old is not None and actor is not None and old.round_no == new.round_no
    quietly = screens.hands_to_send & {actor} if own_turn else frozenset()
    if old is None:  # the deal: the group's table rang for it; a hand rings only for the first move
        quietly = screens.hands_to_send - {new.actor}
    if gone_quiet(updated):  # each rang for the turns they missed: none at 3 a.m. for the next
        quietly = screens.hands_to_send
    screens = replace(
        screens,
        table_waits=still_deciding(old, new, events, actor),
        turn_before=turn_before,
        penalty_before=old is not None and old.pending is Pending.PENALTY,
        hands_sent_quietly=quietly,
    )
    sends = {**doc.hand_sends, **dict.fromkeys(screens.hands_to_send, new.seq)}
    same_silence = old is not None and old.silence_holder == new.silence_holder
    same_window = old is not None and bool(new.catchable) and old.catchable == new.catchable
    turn_began = old is None or old.actor != new.actor or old.round_no != new.round_no
    updated = replace(
        updated,
        hand_counters=counters,
        hand_sends=sends,
        turn_began=new.seq if turn_began else doc.turn_began,
        round_began=round_began,
        table_counter=table_counter,
        silence_told=doc.silence_told if same_silence else None,
        catch_told=doc.catch_told and same_window,
    )
    return Progress(updated, screens, rows, match)


MID_TURN = frozenset({Pending.PLAY_DRAWN, Pending.CHOOSE_COLOUR, Pending.CHOOSE_SWAP})


def still_deciding(old: GameState | None, new: GameState, events: list[Event], actor: int | None) -> bool:
    """The player who acted keeps the turn mid-way: they drew (and may play the card), played a black card
    or a 7 and have yet to choose its colour or whom to swap with, or called UNO! before playing."""
    if old is None or actor is None or old.round_no != new.round_no:
        return False
    if not old.actor == new.actor == actor:
        return False
    return new.pending in MID_TURN or (bool(events) and all(isinstance(e, UnoCalled) for e in events))


def _screens(
    doc: GameDocument,
    old: GameState | None,
    new: GameState,
    shown_changed: frozenset[int],
    challenged: frozenset[int] = frozenset(),
) -> tuple[Screens, dict[int, int], int]:
    """`shown_changed`: challengers whose challenged hand shown appeared or went; `challenged`: players whose
    card was challenged, their hand shown to the challenger: theirs says so (bot.tg.hand_news), though a fair
    card leaves it as it was."""
    counters = dict(doc.hand_counters)
    to_send: set[int] = set()
    to_edit: set[int] = set()
    old_actor = None if old is None else old.actor
    for player in humans(doc, new):
        turn_begins = player == new.actor and (
            player != old_actor or old is None or old.round_no != new.round_no
        )
        if old is None or turn_begins:
            to_send.add(player)
            counters[player] = new.seq
        elif hand_signature(old, player) != hand_signature(new, player) or player in shown_changed:
            to_edit.add(player)
            # Only UNO! changed: the other buttons mean what they meant (an UNO! pressed again says why).
            if player in shown_changed or hand_signature(old, player, uno=False) != hand_signature(
                new, player, uno=False
            ):
                counters[player] = new.seq
    if old is not None:  # who left or was removed: their hand says so (its buttons answer "not a player")
        to_edit |= {p for p in old.players if p not in new.players and p not in doc.computers}
    if old is not None and old.silence_holder != new.silence_holder:
        # Every hand tells the seven silence while it is on; its buttons stay (a press made meanwhile counts).
        to_edit |= set(humans(doc, new))
    to_edit |= challenged & set(humans(doc, new))  # its buttons stay, as they were
    table_counter = doc.table_counter
    if old is None or table_signature(old) != table_signature(new):
        table_counter = new.seq
    to_send -= doc.unreachable
    to_edit -= doc.unreachable | to_send
    screens = Screens(table=True, hands_to_edit=frozenset(to_edit), hands_to_send=frozenset(to_send))
    return screens, counters, table_counter
