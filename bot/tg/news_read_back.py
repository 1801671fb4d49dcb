"""What a private hand said of its cards, or of its turn gone (bot.tg.hand_news), read back from the game's
recent moves after a restart: `ShownHands` keeps it in memory only, and the restart's redraw dropped it."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import events as ev
from bot.engine.cards import Kind
from bot.engine.events import DrawReason
from bot.service import GameDocument
from bot.service.document import DEAL_SEQ
from bot.service.recent_moves import LINES_KEPT, in_lines
from bot.tg.hand_news import cards_moved, news_for
from bot.tg.render.views import HandNews

# A change the engine made: the seq it took the engine to, and the events of it the table keeps.
Change = tuple[int, tuple[ev.Event, ...]]
# Moves that end a turn: a jump-in after one of them took another player's turn. A swap chosen ends the turn
# a jump-in with a 7 began for it (its hand sent anew); a missed turn ends with one of these, made for them.
_TURN_ENDS = (ev.CardPlayed, ev.Passed, ev.Skipped, ev.HandsSwapped)


def news_read_back(doc: GameDocument, player: int) -> tuple[HandNews, ...]:
    """The lines the player's hand showed: those of the newest change among the recent moves that told them
    something or moved their cards, as `PrivateHands.publish` tells them (what came before it no longer
    shows), but for those kept until their turn once a turn of theirs began since. None when that change
    may be gone from the recent moves, or whose turn a jump-in in it took is not known."""
    changes = _changes(doc)
    for at in range(len(changes) - 1, -1, -1):
        seq, events = changes[at]
        if at == 0 and not (_untagged(doc) or _nothing_cut(doc)):  # its first events may be cut off
            return ()
        events = _soaked(events, doc.state.players)
        turn_before = None
        if any(isinstance(e, ev.CardPlayed) and e.jump_in and e.player != player for e in events):
            on_turn = _on_turn_before(doc, changes, seq, player)
            if on_turn is None:
                return ()
            turn_before = player if on_turn else None
        penalty_before = turn_before is not None and _began_with_a_draw_two(doc, changes, player)
        news = news_for(events, doc.state, player, turn_before, penalty_before)
        if news or cards_moved(events, player):
            sent = doc.hand_sends.get(player)
            same_turn = sent is None or sent <= seq
            return tuple(line for line in news if same_turn or not line.until_turn)
    return ()


def _changes(doc: GameDocument) -> list[Change]:
    """The recent moves tagged with their seq (`GameDocument.recent_seqs`), one entry a change."""
    untagged = len(doc.recent) - len(doc.recent_seqs)
    changes: list[Change] = []
    for event, seq in zip(doc.recent[untagged:], doc.recent_seqs, strict=True):
        if changes and changes[-1][0] == seq:
            changes[-1] = (seq, (*changes[-1][1], event))
        else:
            changes.append((seq, (event,)))
    return changes


def _untagged(doc: GameDocument) -> bool:
    """Whether the oldest recent moves were saved before they were tagged (they come before every change)."""
    return len(doc.recent) > len(doc.recent_seqs)


def _nothing_cut(doc: GameDocument) -> bool:
    """Whether the recent moves are all the match's: the table keeps only the last LINES_KEPT lines."""
    return len(in_lines(doc.recent)) < LINES_KEPT


def _soaked(events: tuple[ev.Event, ...], players: Sequence[int]) -> tuple[ev.Event, ...]:
    """`events` with the draws of a Downpour the table leaves out (`told`): each other player's, who took its
    count unless a draw of theirs is kept (the piles ran short)."""
    out: list[ev.Event] = []
    for at, event in enumerate(events):
        out.append(event)
        if isinstance(event, ev.Downpour):
            drawn = (e for e in events[at:] if isinstance(e, ev.CardsDrawn))
            kept = {e.player for e in drawn if e.reason is DrawReason.DOWNPOUR}
            soaked = (p for p in players if p != event.player and p not in kept)
            out += [ev.CardsDrawn(p, event.count, (), DrawReason.DOWNPOUR) for p in soaked]
    return tuple(out)


def _began_with_a_draw_two(doc: GameDocument, changes: Sequence[Change], player: int) -> bool:
    """Whether the player's turn began with another's Draw Two, its penalty theirs to take: the change that
    sent their hand anew ended on one (a round's first card, a Draw Two, made the first player take it), no
    one skipped after it (an extreme chain's victim draws at once and is skipped: the next player's turn
    begins with no penalty of theirs)."""
    sent = doc.hand_sends.get(player)
    began = next((events for tag, events in changes if tag == sent), ())
    for event in reversed(began):
        if isinstance(event, ev.Skipped):
            return False
        if isinstance(event, ev.CardPlayed):
            return event.player != player and doc.state.card(event.card).kind is Kind.DRAW_TWO
    return False


def _on_turn_before(doc: GameDocument, changes: Sequence[Change], seq: int, player: int) -> bool | None:
    """Whether it was the player's turn right before the change that took the engine to `seq` (None: not
    known). Their turn began when their hand was last sent anew (`hand_sends`), and lasted while no move
    ended a turn; a turn of theirs begun since, though, leaves out what a jump-in told them anyway."""
    sent = doc.hand_sends.get(player)
    if sent is None or sent >= seq:
        return False
    if not any(tag <= sent for tag, _ in changes) and (_untagged(doc) or not _nothing_cut(doc)):
        return None  # what came between may be gone
    between = [e for tag, events in changes if sent < tag < seq for e in events]
    if any(isinstance(e, _TURN_ENDS) for e in between):
        return False
    if sent != DEAL_SEQ:
        return True
    dealt = next((events for tag, events in changes if tag == DEAL_SEQ), ())
    started = next((e for e in dealt if isinstance(e, ev.RoundStarted)), None)
    skipped = any(isinstance(e, ev.Skipped) for e in dealt)
    if started is None or (skipped and player != started.first_player):
        return None  # the deal's first mover, or who came after the start card's skip: not known
    return player == started.first_player and not skipped
