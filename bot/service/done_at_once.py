"""What a card on the table's recent moves line did at once, so that it joins the card's line: the other
cards of a multi-play, the colour chosen for it, the direction it turned, the players it skipped, a 7's
silence or swap, a 0's hands passed on, a Downpour; an 8's cover under eight_cover and what the covering card
did (bot/service/recent_moves.py decides the rest)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColourChosen,
    CoverRequired,
    CreeperRevealed,
    DirectionChanged,
    Downpour,
    DrawReason,
    Event,
    HandsRotated,
    HandsSwapped,
    Passed,
    SilenceStarted,
    Skipped,
)


def done_at_once(line: Sequence[Event], event: Event, timed_out: bool = False) -> bool:
    """Whether `event` is what the card that begins `line` did at once: the colour chosen for it (its
    player's, maybe in a later press, maybe after a Downpour's soaking; on a missed turn's line, the turn
    timer's), the direction it turned, one more player it skipped, a 7's silence or swap, a 0's passing of
    every hand, a Downpour; or, for an 8, its cover (_covering), and what the covering card did; or one more
    card of a multi-play (_one_more_card)."""
    if _one_more_card(line, event):
        return True
    # the card played last covered the 8s played before it
    line = line[max(at for at, done in enumerate(line) if isinstance(done, CardPlayed)) :]
    played = line[0]
    assert isinstance(played, CardPlayed)
    if _covering(played, line[1:], event):
        return True
    if isinstance(event, Skipped):
        return event.player != played.player and all(isinstance(done, Skipped) for done in line[1:])
    if isinstance(event, ColourChosen):  # not a leaver's, nor the timer's on the player's own line
        chosen = event.player == played.player and not event.for_leaver and event.for_timeout == timed_out
        return chosen and all(isinstance(done, Downpour) for done in line[1:])
    if len(line) > 1:
        return False
    # a 7's silence or swap (maybe a later press), a Downpour's soaking
    if isinstance(event, SilenceStarted | HandsSwapped | Downpour):
        return event.player == played.player
    return isinstance(event, DirectionChanged | HandsRotated)


def _one_more_card(line: Sequence[Event], event: Event) -> bool:
    """Whether `event` is one more card of the multi-play `line` tells so far (several cards of one number
    played at once, RULES.md): its player's card right after theirs, on their turn. Nothing else plays two
    cards in a row: an 8's cover comes after its CoverRequired, a jump-in is no turn's card."""
    return (
        isinstance(event, CardPlayed)
        and not event.jump_in
        and all(
            isinstance(done, CardPlayed) and done.player == event.player and not done.jump_in for done in line
        )
    )


def _covering(played: CardPlayed, done: Sequence[Event], event: Event) -> bool:
    """Whether `event`, after the card `played` (by its player, maybe jumping in, or by the game for a
    timed-out player) and what it `done`, is the cover that card (an 8) needs, or that cover made, maybe in
    a later press: the cards drawn for it (and the Creepers among them, with their cards), the card it was
    covered with, or the pass when none of the cards drawn covered it (the pile ran out)."""
    player = played.player
    if isinstance(event, CoverRequired):
        return not done and event.player == player
    if not done or not isinstance(done[0], CoverRequired) or isinstance(done[-1], Passed):
        return False
    drawn = done[1:]  # the cards drawn for it, and the Creepers among them that the next events reveal
    creepers = len(drawn) > 1 and all(isinstance(creeper, CreeperRevealed) for creeper in drawn[1:])
    if isinstance(event, CardsDrawn):  # the cards drawn for it, or those its Creepers added
        if not drawn:
            return drawn_by(event, player, DrawReason.COVER)
        return creepers and drawn_by(event, player, DrawReason.CREEPER)
    if isinstance(event, CreeperRevealed):
        return event.player == player and (len(drawn) == 1 or creepers)
    if isinstance(event, Passed):
        return bool(drawn) and event.player == player
    return isinstance(event, CardPlayed) and event.player == player and not event.jump_in


def drawn_by(event: Event, player: int, *reasons: DrawReason) -> TypeGuard[CardsDrawn]:
    """Whether `event` is cards `player` took for one of `reasons` ("no card: they ran out" is said alone)."""
    return (
        isinstance(event, CardsDrawn)
        and event.player == player
        and event.count > 0
        and event.reason in reasons
    )
