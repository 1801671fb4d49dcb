"""The table's recent moves: which events it tells, and which of them one line tells together."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.drawing import CREEPER_EXTRA
from bot.engine.events import (
    CardPlayed,
    CardReturned,
    CardsDrawn,
    CatchWindowClosed,
    Challenged,
    ColourChosen,
    ColourReverted,
    CoverRequired,
    CreeperRevealed,
    DealerChosen,
    DealerDraw,
    DirectionChanged,
    Downpour,
    DrawReason,
    Event,
    FalseCatch,
    HandsSwapped,
    Passed,
    PenaltyVoided,
    PlayerLeft,
    Reshuffled,
    RoundStarted,
    SilenceBroken,
    SilenceEnded,
    Skipped,
    Slapped,
    StartCardReturned,
    TimedOut,
    UnoCalled,
)
from bot.service.done_at_once import done_at_once, drawn_by

LINES_KEPT = 8  # the table shows the last few; a few more survive coalesced renders
SKIPPED_AFTER = frozenset({DrawReason.PENALTY, DrawReason.CHALLENGE})  # draws that cost the turn as well
TIMED_OUT_DRAWS = frozenset({DrawReason.TURN, DrawReason.PENALTY, DrawReason.COVER})  # for an idle player


def told(events: Sequence[Event]) -> list[Event]:
    """The events the table's recent moves tell. Not the dealer draws nor who deals (their own message and the
    round's first line say it), nor each slap (the slap window's line lists who is still to slap), nor each
    player's draw in a Downpour that took what its line says everyone else takes: with many players those
    lines would crowd out the move itself. Nor a catch window closing: it has no line to tell, yet kept it
    used up one of the LINES_KEPT. A reshuffle between a missed turn, a broken silence, a Creeper, a
    Downpour, a challenge (or the card or colour it undid) or a draw for not slapping and the draw it made
    room for, or a silence the missed turn's move ended, is told before the line they begin or join."""
    kept: list[Event] = []
    soaking = None  # the cards each player takes in the Downpour just played
    for event in events:
        if isinstance(event, Downpour):
            soaking = event.count
        elif isinstance(event, DealerDraw | DealerChosen | Slapped | CatchWindowClosed) or (
            isinstance(event, CardsDrawn) and event.reason is DrawReason.DOWNPOUR and event.count == soaking
        ):
            continue
        if kept and _told_first(event, kept[-1]):  # the move after it joins the line it belongs to
            kept.insert(len(kept) - len(in_lines(kept)[-1]), event)
            continue
        kept.append(event)
    return kept


# Events after which a draw follows, in the same line: a reshuffle before that draw is told before them.
_DRAWING_AFTER = (
    TimedOut,
    SilenceBroken,
    FalseCatch,
    CreeperRevealed,
    Downpour,
    Challenged,
    CardReturned,
    ColourReverted,
)


def _told_first(event: Event, before: Event) -> bool:
    """Whether `event`, come right after `before`, is told before the line `before` begins or joins: a
    reshuffle that made room for the draw of a missed turn, a broken silence, a false catch, a Creeper, a
    challenge or a Downpour (its soaking is not told: the colour chosen after it joins its line), or for the
    next of those who did not slap (they share a line); a silence the missed turn's move ended."""
    if isinstance(event, Reshuffled):
        no_slap = isinstance(before, CardsDrawn) and before.reason is DrawReason.NO_SLAP
        return no_slap or isinstance(before, _DRAWING_AFTER)
    return isinstance(event, SilenceEnded) and isinstance(before, TimedOut)


def in_lines(events: Sequence[Event]) -> list[tuple[Event, ...]]:
    """`events` as the table's lines: one each, except that players drawing alike for not slapping share one
    (after a zero with ten players, nine such lines would be all the table shows), as do players who found
    no card (the cards ran out; a Downpour's nine), a penalty's draw and the skip that comes with it are one
    ("takes 2 cards as a penalty and misses a turn"), and so are a round's first line, the start cards gone
    back into the pile before it ("Round 8 — Alice deals; 🌈 +4 goes back into the pile, the start card is 🟨
    6": not told as the end of the round before) and what its start card did (a Skip's or a Draw Two's
    missed turn, a Reverse's direction), a turn's draw and the pass or
    play after it ("draws 1 card and passes", "draws 1 card and plays 🟥 9"; maybe a later press: lines join
    across applies, and anything told in between keeps them apart), a missed turn and the move the game made
    for the player ("ran out of time — draws 1 card and passes"; a Creeper it drew, the card it played and
    what that did, as below; the turn's move after the colour it chose for a start card's Wild; the player's
    own draw before it, told as the timer's: bot/tg/render/narration.py), a broken silence, a false catch or
    Creepers drawn at once and the cards they cost (Creepers any draw brought: that draw, their cards and
    the pass or missed turn ending it, "draws 2 cards, a Creeper among them: takes 3 more cards and passes",
    "takes 2 cards for not calling “UNO!”, a Creeper among them: takes 3 more cards"; of players who did not
    slap, the one who drew them has a line of their own), a challenge and what it cost or undid ("challenges
    Bob, and it was a bluff: Bob takes back 🌈 +4 and 4 cards"; the cards Creepers were among have a line of
    their own, as told above), and a card, maybe drawn and played at once, and
    what it did at once ("plays 🌈 Wild and chooses 🟦 blue", a Reverse's new direction, a Skip's skipped
    players, a 7's silence or swap, a 0's hands passed on, a Downpour and its colour; an 8's cover under
    eight_cover: the cards drawn for it and Creepers among them, the card covering it and what that did,
    "plays 🟩 8, then covers it with 🟩 1": bot/service/done_at_once.py; and its player's UNO call before what
    it awaited, "plays 🟩 8, calls UNO!, then covers it with 🟩 1"; or the call right before it, "calls UNO!
    and plays 🟩 3", "calls UNO! and jumps in with 🟩 3")."""
    lines: list[tuple[Event, ...]] = []
    for event in events:
        if lines and _told_together(lines[-1], event):
            lines[-1] = (*lines[-1], event)
        elif lines and _brought_by_the_last(lines[-1], event):
            lines[-1:] = [lines[-1][:-1], (lines[-1][-1], event)]
        elif _continued_past_its_call(lines, event):
            lines[-2:] = [(*lines[-2], *lines[-1], event)]
        elif lines and _called_right_before(lines[-1], event):
            lines[-1] = (*lines[-1], event)
        else:
            lines.append((event,))
    return lines


def _continued_past_its_call(lines: Sequence[tuple[Event, ...]], event: Event) -> bool:
    """Whether `event` goes on with the move of the line before the last, which is its player's UNO call made
    right after their card, before what it awaited (an 8's cover, a colour, a 7's swap target; after the
    cards drawn for that cover too), or after their turn's draw, before the card drawn: the call joins that
    line in its place ("plays 🟩 8, calls UNO!, then covers it with 🟩 1", "plays 🟩 8, then draws 1 card,
    calls UNO! and covers it with 🟩 1", "draws 1 card, calls UNO! and plays 🟥 9"). It keeps a line of its
    own until then, and another player's call, a catch or a broken silence keep theirs."""
    if len(lines) < 2 or len(lines[-1]) > 1 or not isinstance(lines[-1][0], UnoCalled):
        return False
    caller, line = lines[-1][0].player, _past_calls(lines[-2])
    # the cards drawn to cover their 8, or those a Creeper among them added (a card's line: `played`)
    covering = drawn_by(line[-1], caller, DrawReason.COVER, DrawReason.CREEPER)
    awaiting = covering or (isinstance(line[-1], CardPlayed | CoverRequired) and line[-1].player == caller)
    played = isinstance(_the_move(line)[0], CardPlayed) and not isinstance(line[0], TimedOut)
    drew = len(line) == 1 and drawn_by(line[0], caller, DrawReason.TURN) and isinstance(event, CardPlayed)
    return (drew or (awaiting and played)) and _told_together(line, event)


def _called_right_before(line: tuple[Event, ...], event: Event) -> bool:
    """Whether `line` is only its player's UNO call and `event` their card played right after it, on their
    turn or jumping in: "calls UNO! and plays 🟩 3", "calls UNO! and jumps in with 🟩 3" (what the card does
    joins as ever). A call the move before it went on past joins that move instead
    (_continued_past_its_call)."""
    call = line[0]
    if len(line) > 1 or not isinstance(call, UnoCalled) or not isinstance(event, CardPlayed):
        return False
    return event.player == call.player


def _past_calls(line: tuple[Event, ...]) -> tuple[Event, ...]:
    """`line` without the UNO call its move went on past (_continued_past_its_call); a call's own line as it
    is."""
    return line if len(line) == 1 else tuple(event for event in line if not isinstance(event, UnoCalled))


def _brought_by_the_last(line: tuple[Event, ...], event: Event) -> bool:
    """Whether `event` is a Creeper the last of the players `line` tells drawing alike for not slapping drew,
    or the cards a challenge cost: that draw leaves the line, to be told with the Creeper (_brought_by)."""
    last = line[-1]
    if len(line) == 1 or not isinstance(last, CardsDrawn):
        return False
    if last.reason is not DrawReason.NO_SLAP and not isinstance(line[0], Challenged):
        return False
    return isinstance(event, CreeperRevealed) and _brought_by((last,), last, event)


def _challenge_cost(line: tuple[Event, ...], challenge: Challenged, event: Event) -> bool:
    """Whether `event` goes on the line of `challenge` (which `line` begins): a bluff's card taken back or its
    colour undone (extreme_challenge), then the cards its player takes, or those nobody takes (they left); a
    fair card's challenger's cards and the turn they cost. Maybe no card: the piles ran out."""
    if not challenge.guilty:
        if len(line) == 1:
            return _took(event, challenge.challenger)
        return len(line) == 2 and isinstance(event, Skipped) and event.player == challenge.challenger
    if isinstance(line[-1], CardsDrawn | PenaltyVoided):
        return False
    if isinstance(event, CardReturned | ColourReverted):  # the engine tells either before the cards
        return len(line) == 1 and (isinstance(event, ColourReverted) or event.player == challenge.challenged)
    voided = isinstance(event, PenaltyVoided) and event.player == challenge.challenged
    return voided or _took(event, challenge.challenged)


def _took(event: Event, player: int) -> bool:
    """Whether `event` is the cards `player` took after a challenge, maybe none (the piles ran out)."""
    return isinstance(event, CardsDrawn) and event.player == player and event.reason is DrawReason.CHALLENGE


def last_lines(events: Sequence[Event]) -> tuple[Event, ...]:
    """The events of the last LINES_KEPT lines."""
    return tuple(event for line in in_lines(events)[-LINES_KEPT:] for event in line)


def _told_together(line: tuple[Event, ...], event: Event) -> bool:
    line = _past_calls(line)
    returned = _returned_first(line)
    if returned == len(line):  # start cards that went back: the round they were turned for begins their line
        return isinstance(event, StartCardReturned | RoundStarted)
    line = line[returned:]
    if isinstance(event, TimedOut):  # their own draw, and the move the timer made for them after it
        return _drawn_and_unended(line, event.player)
    timer = next((at for at, done in enumerate(line) if isinstance(done, TimedOut)), 0)
    if timer:
        return _told_together(line[timer:], event)
    first, before = line[0], line[-1]
    if isinstance(first, Challenged):
        return _challenge_cost(line, first, event)
    if len(line) == 1 and isinstance(first, RoundStarted):
        return _start_card_did(first, event)
    if len(line) == 1 and isinstance(first, TimedOut):
        return _made_for(first.player, event)
    if len(line) == 2 and isinstance(first, TimedOut) and isinstance(before, ColourChosen):
        return drawn_by(event, first.player, DrawReason.TURN)  # a start card's Wild: the turn comes after it
    if len(line) == 1 and isinstance(first, SilenceBroken):
        return drawn_by(event, first.player, DrawReason.SILENCE)
    if len(line) == 1 and isinstance(first, FalseCatch):
        return drawn_by(event, first.player, DrawReason.FALSE_CATCH)
    timed_out = isinstance(first, TimedOut)
    if (
        isinstance(event, CreeperRevealed)
        and isinstance(before, CardsDrawn)
        and _brought_by(line, before, event)
    ):
        return True
    move = _the_move(line)
    if isinstance(move[0], CreeperRevealed):
        return _creeper_and_cost(line, move, event, timed_out)
    if isinstance(move[0], CardPlayed):
        return done_at_once(move, event, timed_out)
    if not isinstance(before, CardsDrawn):
        return False
    if not before.count:  # "no card: they ran out", with the pass or missed turn after it, or others' alike
        if isinstance(event, Passed) and (timed_out or before.reason is DrawReason.TURN):
            return event.player == before.player
        if isinstance(event, Skipped) and not timed_out:
            return before.reason in SKIPPED_AFTER and event.player == before.player
        return _took_none(event) and all(_took_none(done) for done in line)
    if isinstance(event, Skipped):
        return before.reason in SKIPPED_AFTER and event.player == before.player
    if isinstance(event, Passed):  # the pass ending the turn's draw, the player's own or made for them
        return before.reason in _drawn_to_play(timed_out) and event.player == before.player
    if isinstance(event, CardPlayed):  # the card drawn played at once (it fitted, or force_play played it)
        drawn_to_play = before.reason in _drawn_to_play(timed_out)
        return drawn_to_play and event.player == before.player and not event.jump_in
    return (
        isinstance(event, CardsDrawn)
        and before.reason is event.reason is DrawReason.NO_SLAP
        and before.count == event.count
    )


def _returned_first(line: Sequence[Event]) -> int:
    """How many of `line`'s first events are start cards that went back into the pile (RULES.md §2, start
    card): turned before the round's first line, they are told on it ("Round 8 — Alice deals; 🌈 +4 goes back
    into the pile, the start card is 🟨 6"), not as the end of the round before."""
    return next((at for at, event in enumerate(line) if not isinstance(event, StartCardReturned)), len(line))


def _took_none(event: Event) -> bool:
    """Whether `event` is a draw that found no card (both piles are empty: RULES §3)."""
    return isinstance(event, CardsDrawn) and not event.count


def _drawn_and_unended(line: tuple[Event, ...], player: int) -> bool:
    """Whether `line` tells `player`'s own draw on their turn (and the Creepers it brought, with their cards),
    and nothing that ended the turn: their time may run out before they play or pass."""
    creepers = (
        isinstance(done, CreeperRevealed) or drawn_by(done, player, DrawReason.CREEPER) for done in line[1:]
    )
    return drawn_by(line[0], player, DrawReason.TURN) and all(creepers)


def _brought_by(line: tuple[Event, ...], drawn: CardsDrawn, creeper: CreeperRevealed) -> bool:
    """Whether `creeper` was among the cards `drawn`, the draw `line` tells (after what it was made for:
    _made_for_before): any draw, but the cards a Creeper added (a Creeper among those is kept silently) and a
    line players who did not slap share (in_lines gives the last of them a line of their own)."""
    alone = len(line) == 1 + _made_for_before(line)
    return alone and creeper.player == drawn.player and drawn.reason is not DrawReason.CREEPER


def _made_for_before(line: Sequence[Event]) -> int:
    """How many of `line`'s first events tell what a draw was made for: a missed turn (_missed_turn), a broken
    silence, a false catch, a round's Draw Two start card; none if the line begins with its draw."""
    return 1 if isinstance(line[0], SilenceBroken | FalseCatch | RoundStarted) else _missed_turn(line)


def _start_card_did(started: RoundStarted, event: Event) -> bool:
    """Whether `event`, right after a round began, is what its start card did at once: the first player's
    missed turn (a Skip), the cards a Draw Two gave them (the missed turn joins after), the direction a
    Reverse turned."""
    first = started.first_player
    skipped = isinstance(event, Skipped) and event.player == first
    return skipped or drawn_by(event, first, DrawReason.PENALTY) or isinstance(event, DirectionChanged)


def _the_move(line: Sequence[Event]) -> Sequence[Event]:
    """The move `line` tells, past what it was made for (_made_for_before: a missed turn...) and the draw
    that brought it (the turn's or, for a timed-out player, the one to cover an 8; any draw for a Creeper): a
    Creeper, the card drawn played at once, a card played for a timed-out player who had drawn; or the whole
    line when it begins otherwise."""
    start = _missed_turn(line)
    rest = line[_made_for_before(line) :]
    drawn = rest[0] if len(rest) > 1 and isinstance(rest[0], CardsDrawn) else None
    # a Creeper joined only the draw that brought it (any draw's: _brought_by)
    if drawn and (drawn.reason in _drawn_to_play(bool(start)) or isinstance(rest[1], CreeperRevealed)):
        return rest[1:]
    return rest if start and isinstance(rest[0], CardPlayed) else line


def _missed_turn(line: Sequence[Event]) -> int:
    """How many of `line`'s first events tell the missed turn it begins: its TimedOut, and the colour the
    timer chose for a start card's Wild when the turn's move follows it; none if the line begins otherwise."""
    if not isinstance(line[0], TimedOut):
        return 0
    return 2 if len(line) > 2 and isinstance(line[1], ColourChosen) else 1


def _drawn_to_play(timed_out: bool) -> frozenset[DrawReason]:
    """The draws whose line the card played or the pass next joins: the turn's; for a timed-out player, the
    cover's too."""
    return frozenset({DrawReason.TURN, DrawReason.COVER} if timed_out else {DrawReason.TURN})


def _creeper_and_cost(
    line: tuple[Event, ...], revealed: Sequence[Event], event: Event, timed_out: bool
) -> bool:
    """Whether `event` is one more Creeper drawn at once, or the cards the Creepers that `revealed` begins
    with cost, or, when the turn's draw brought them, the pass ending that turn (a penalty's: the turn it
    costs) or the card drawn played instead (the player's, or the game's for a missed turn under force_play)
    and what it did at once."""
    creeper = revealed[0]
    assert isinstance(creeper, CreeperRevealed)
    player = creeper.player
    creepers = sum(isinstance(done, CreeperRevealed) for done in revealed)
    if creepers == len(revealed):  # their cards are to come, unless the piles had none for them
        if isinstance(event, CreeperRevealed):
            return event.player == player
        if drawn_by(event, player, DrawReason.CREEPER):
            return event.count <= CREEPER_EXTRA * creepers
    cost_told = len(revealed) > creepers and isinstance(revealed[creepers], CardsDrawn)
    after = revealed[creepers + cost_told :]  # what came after their cards
    if after:
        return isinstance(after[0], CardPlayed) and done_at_once(after, event, timed_out)
    if len(line) == len(revealed):  # drawn at once, not by a draw that ends a turn
        return False
    drawn = line[-len(revealed) - 1]
    assert isinstance(drawn, CardsDrawn)
    if isinstance(event, Skipped):  # a penalty: the turn it costs
        return event.player == player and drawn.reason in SKIPPED_AFTER
    drawn_to_play = drawn.reason in _drawn_to_play(timed_out)
    if isinstance(event, CardPlayed):  # the card drawn (the Creeper) played, maybe in a later press
        return drawn_to_play and not event.jump_in and event.player == player
    return isinstance(event, Passed) and drawn_to_play and event.player == player


def _made_for(player: int, event: Event) -> bool:
    """Whether `event`, right after `player`'s turn ran out of time, is the move the game made for them: a
    draw, maybe of no card when the piles ran out (its pass or skip joins the line after it), a pass or the
    card drawn played (they had drawn), a colour or a swap target; or their removal for missing too many."""
    if isinstance(event, CardsDrawn):
        turn_draw = event.player == player and event.reason is DrawReason.TURN  # maybe of no card
        return turn_draw or drawn_by(event, player, *TIMED_OUT_DRAWS)
    if isinstance(event, ColourChosen):
        return event.player == player and not event.for_leaver
    if isinstance(event, CardPlayed):
        return event.player == player and not event.jump_in
    if isinstance(event, PlayerLeft):
        return event.afk and event.player == player
    return isinstance(event, Passed | HandsSwapped) and event.player == player
