"""Presses that lost a race: their refusal names the move that came first, so the one who pressed at the same
moment learns what happened instead of reading that nothing can be done."""

from __future__ import annotations

from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    Caught,
    Challenged,
    DrawReason,
    Event,
    Reshuffled,
    SlapStarted,
    TimedOut,
    UnoCalled,
)
from bot.service.document import GameDocument
from bot.service.errors import Refusal
from bot.service.recent_moves import in_lines, told

# The refusals of a press on a screen that has been replaced since (its hand is redrawn for it).
OUTDATED = frozenset(
    {
        "stale",
        "jumped_in_first",
        "played_first",
        "drew_first",
        "ran_out_of_time",
        "turn_timed_out",
        "round_won_first",
    }
)
# Draws that begin a turn (its draw, a penalty taken): the jump-in offered on the card before is over, and so
# are the others' catch windows.
_TURN_DRAWS = frozenset({DrawReason.TURN, DrawReason.PENALTY})


def race_refusal(
    doc: GameDocument, presser: int, reason: str, shown: int, hand_pressed: int | None = None
) -> Refusal:
    """The refusal for `reason`, saying who was first when a move is what the press came too late for: of
    the moves since the screen pressed was `shown` (its counter), the first that closed the catch window
    it offered, another's catch or UNO! ("nobody_to_catch"; else the next player's move, the presser's own
    said as theirs, or its seconds ran out: the one it was for escaped), a catch of the caught player
    before their UNO! ("uno_too_late"; with no catch of theirs, the UNO! was not theirs to call any more:
    what took their turn, or the rule); of the game's newest move, the slap window's seconds ran out and
    the presser drew for not slapping, or their own last slap closed it ("no_slap_window"), another's
    jump-in, the presser's own turn running out or the card, draw or timeout of the player on turn
    replaced the screen pressed, or the round ended meanwhile ("stale": the refusal is one of OUTDATED).
    `hand_pressed`: the counter of the hand pressed, when the press was a hand's move, not UNO!, Catch! or
    Slap! (which still count on an outdated screen: refused "stale", they may still be made on the newest
    one)."""
    newest = _newest_move(doc)
    if reason == "nobody_to_catch":
        return _catch_came_late(doc, presser, _moves_since(doc, shown))
    if reason == "uno_too_late":
        for event in _moves_since(doc, shown):
            if isinstance(event, Caught) and event.target == presser:
                return Refusal("caught_you_first", {"first": event.catcher})
        if not any(isinstance(event, Caught) and event.target == presser for event in doc.recent):
            # No window closed on them: a move since took the two cards' turn (theirs, a jump-in, the timer),
            # or the UNO! pressed on an outdated table was never theirs to call: the rule, not "Catch!" (the
            # engine's reason names it, for a press on the table that offers it).
            return _replaced(doc, presser, newest) or Refusal("uno_not_now")
    if reason == "no_slap_window" and any(_missed_slap(event, presser) for event in newest):
        return Refusal("slap_too_late")
    if reason == "no_slap_window" and _slapped_last(doc, presser):
        return Refusal("already_slapped")  # their slap closed it: not "There is nothing to slap now."
    if reason == "stale":
        return _replaced(doc, presser, newest, hand_pressed) or Refusal(reason)
    return Refusal(reason)


def _replaced(
    doc: GameDocument, presser: int, newest: tuple[Event, ...], hand_pressed: int | None = None
) -> Refusal | None:
    """What replaced the screen pressed, when it was a race the presser lost: the round won, another's
    jump-in, their own turn running out, the card, draw or timeout of the player on turn (what a jump-in lost
    to). For a hand pressed, the first of those since it was shown (the newest may have come long after it),
    or None when the table no longer keeps what came since (a plain "stale"); for another press, the newest
    move."""
    if doc.state.round_over and doc.state.round_winner is not None:
        return Refusal("round_won_first", {"first": doc.state.round_winner})
    if hand_pressed is not None:
        since = doc.told_since(hand_pressed)
        return None if since is None else _first_move(since, presser)
    for event in newest:
        if isinstance(event, CardPlayed) and event.jump_in and event.player != presser:
            return Refusal("jumped_in_first", {"first": event.player})
        if isinstance(event, TimedOut) and event.player == presser:
            return Refusal("turn_timed_out")
    return None


def _first_move(since: tuple[Event, ...], presser: int) -> Refusal | None:
    """The race lost by a press on a hand shown before `since`, told by the first move that outdated it:
    another's card (on their turn, when the hand was on it, the presser's only move was a jump-in), another's
    draw on their turn or their time running out (which ended a jump-in's chance before any card), or the
    presser's own turn running out (maybe after their draw). None when it was the presser's own move: nobody
    came first."""
    for event in since:
        if isinstance(event, TimedOut) and event.player == presser:
            return Refusal("turn_timed_out")
        if isinstance(event, TimedOut):
            return Refusal("ran_out_of_time", {"first": event.player})
        if isinstance(event, CardPlayed) and event.player != presser:
            return Refusal("jumped_in_first" if event.jump_in else "played_first", {"first": event.player})
        if isinstance(event, CardsDrawn) and event.player != presser and event.reason in _TURN_DRAWS:
            return Refusal("drew_first", {"first": event.player})
        if _theirs(event, presser):
            return None
    return None


def _theirs(event: Event, presser: int) -> bool:
    """Whether `event` is the presser's own doing, or what befell them (a catch's cards), not an UNO! call,
    which leaves their hand's buttons as they were."""
    return not isinstance(event, UnoCalled) and getattr(event, "player", None) == presser


def _newest_move(doc: GameDocument) -> tuple[Event, ...]:
    """The table's newest line that tells a move: a catch's penalty is a line of its own, after the catch."""
    lines = in_lines(told(doc.recent))
    while lines and all(_penalty_of_a_catch(event) for event in lines[-1]):
        lines.pop()
    return lines[-1] if lines else ()


def _moves_since(doc: GameDocument, shown: int) -> tuple[Event, ...]:
    """The moves told since the screen pressed was shown, its table's lines' calls made before their card left
    out (_past_a_call_before_the_card); none when they are not known (more lines came since than the table
    keeps)."""
    lines = in_lines(doc.told_since(shown) or ())
    return tuple(event for line in lines for event in _past_a_call_before_the_card(line))


def _catch_came_late(doc: GameDocument, presser: int, since: tuple[Event, ...]) -> Refusal:
    """The refusal of a Catch! that found nobody to catch, told by the first of the moves `since` its screen
    that closed the window it offered: another's catch, the UNO! of the one it was for, a player's move (the
    one it was for escaped, maybe calling UNO! after it); with none, its seconds ran out. Not the newest
    move: the window closed, the game may have gone on (a flooded group holds presses seconds)."""
    for at, event in enumerate(since):
        if isinstance(event, Caught):  # the presser's own catch came first: nobody is left to catch
            first = {"first": event.catcher, "target": event.target}
            return Refusal("nobody_to_catch") if event.catcher == presser else Refusal("caught_first", first)
        if isinstance(event, UnoCalled) and event.player != presser:
            return Refusal("uno_called_first", {"first": event.player})
        if _closes_catch_windows(event):
            return _target_escaped(doc, presser, since[at:], by_presser=_own_move(event, presser))
    return _target_escaped(doc, presser, called_after=())


def _closes_catch_windows(event: Event) -> bool:
    """Whether `event` begins a player's move, which closes the others' catch windows (RULES.md §5)."""
    turn_draw = isinstance(event, CardsDrawn) and event.reason in _TURN_DRAWS
    return turn_draw or isinstance(event, CardPlayed | Challenged | TimedOut)


def _own_move(event: Event, presser: int) -> bool:
    """Whether the move that closed the window is the presser's own card, draw or challenge (their time
    running out is no move of theirs)."""
    if isinstance(event, Challenged):
        return event.challenger == presser
    return isinstance(event, CardPlayed | CardsDrawn) and event.player == presser


def _past_a_call_before_the_card(line: tuple[Event, ...]) -> tuple[Event, ...]:
    """`line` without the UNO call it begins with when its player's card follows ("calls UNO! and plays 🟩
    3"): made before the card, it closed no catch window."""
    return line[1:] if len(line) > 1 and isinstance(line[0], UnoCalled) else line


def _target_escaped(
    doc: GameDocument, presser: int, called_after: tuple[Event, ...], by_presser: bool = False
) -> Refusal:
    """The refusal naming the player a Catch! pressed on an outdated table was meant for: one other than the
    presser holding one card without having called UNO!, but maybe among `called_after` the move that
    closed their window (`by_presser`: the presser's own, which it says); a plain one when there is none."""
    state = doc.state
    one = [p for p in state.players if p != presser and len(state.hands[p]) == 1]
    late = {event.player for event in called_after if isinstance(event, UnoCalled)}
    escaped = [p for p in one if p not in state.uno_called] or [p for p in one if p in late]
    if not escaped:
        return Refusal("nobody_to_catch")
    return Refusal("catch_closed_by_you" if by_presser else "catch_too_late", {"target": escaped[0]})


def _missed_slap(event: Event, player: int) -> bool:
    return isinstance(event, CardsDrawn) and event.reason is DrawReason.NO_SLAP and event.player == player


def _slapped_last(doc: GameDocument, presser: int) -> bool:
    """Whether the presser was the last to slap in the newest slap window, maybe the only one (each slap is
    not kept): the cards it cost them, none when both piles had run out (not `drawn_by`)."""
    last = (DrawReason.SLAP, DrawReason.SLAP_ALONE)
    for event in reversed(doc.recent):
        if isinstance(event, CardsDrawn) and event.reason in last and event.player == presser:
            return True
        if isinstance(event, SlapStarted):
            return False
    return False


def _penalty_of_a_catch(event: Event) -> bool:
    return isinstance(event, Reshuffled) or (isinstance(event, CardsDrawn) and event.reason is DrawReason.UNO)
