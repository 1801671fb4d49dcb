"""What stays apart from a move interrupted before it ended (tests/tg/render/test_narration_mid_move.py tells
what joins it)."""

from __future__ import annotations

from bot.engine.actions import TimeoutKind
from bot.engine.cards import Colour
from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    Caught,
    ColourChosen,
    CoverRequired,
    CreeperRevealed,
    DrawReason,
    Event,
    FalseCatch,
    Passed,
    SilenceBroken,
    TimedOut,
    UnoCalled,
)
from bot.service.recent_moves import in_lines, last_lines


def _drawn(player: int, count: int, reason: DrawReason) -> CardsDrawn:
    return CardsDrawn(player=player, count=count, cards=tuple(range(count)), reason=reason)


BOBS_TIMEOUT = TimedOut(player=2, kind=TimeoutKind.TURN)
BOBS_DRAW = _drawn(2, 1, DrawReason.TURN)
WILD, RED = CardPlayed(player=2, card=100), ColourChosen(player=2, colour=Colour.RED)
EIGHT, COVER = CardPlayed(player=2, card=0), CoverRequired(player=2)


def test_only_the_timer_after_a_players_own_unended_draw_joins_it() -> None:
    apart: list[list[Event]] = [
        [BOBS_DRAW, Passed(player=2), BOBS_TIMEOUT],  # the draw's turn had ended
        [BOBS_DRAW, TimedOut(player=3, kind=TimeoutKind.TURN)],  # another player's time
        [_drawn(2, 0, DrawReason.TURN), BOBS_TIMEOUT],  # "no card: they ran out" is said alone
        [_drawn(2, 2, DrawReason.PENALTY), BOBS_TIMEOUT],  # not a draw to play
        [BOBS_DRAW, UnoCalled(player=2), BOBS_TIMEOUT],  # anything told in between
    ]
    for events in apart:
        assert (events[-1],) in in_lines(events), events
    joined = [BOBS_DRAW, CreeperRevealed(player=2, card=5), _drawn(2, 3, DrawReason.CREEPER), BOBS_TIMEOUT]
    assert in_lines([*joined, Passed(player=2)]) == [(*joined, Passed(player=2))]


def test_only_the_players_own_call_joins_the_card_it_came_after() -> None:
    apart: list[list[Event]] = [
        [WILD, UnoCalled(player=3), RED],  # another player's call
        [WILD, Caught(catcher=3, target=2), RED],
        [WILD, FalseCatch(player=3), RED],
        [WILD, SilenceBroken(player=3), RED],
        [WILD, UnoCalled(player=2), CardPlayed(player=3, card=1)],  # nothing the card awaited came after it
        [BOBS_DRAW, UnoCalled(player=2), Passed(player=2)],  # between a draw and the pass
    ]
    for events in apart:
        assert len(in_lines(events)) == 3, events
    # the call has its line until what the card awaited comes, maybe in a later press
    for events in (
        [WILD, UnoCalled(player=2), RED],
        [EIGHT, COVER, UnoCalled(player=2), CardPlayed(2, 1)],
        [BOBS_DRAW, UnoCalled(player=2), CardPlayed(2, 1)],
    ):
        assert len(in_lines(events[:-1])) == 2
        assert len(in_lines((*last_lines(events[:-1]), events[-1]))) == 1, events


def test_a_creeper_drawn_to_cover_an_8_is_told_once_and_what_follows_the_cover_keeps_its_line() -> None:
    covered: list[Event] = [
        EIGHT,
        COVER,
        _drawn(2, 2, DrawReason.COVER),
        CreeperRevealed(player=2, card=5),
        _drawn(2, 3, DrawReason.CREEPER),
        CardPlayed(player=2, card=1),
    ]
    assert in_lines(covered) == [tuple(covered)]
    # a second Creeper among the three it added is kept silently: never revealed on the line
    assert len(in_lines([*covered[:5], CreeperRevealed(player=2, card=6)])) == 2
    assert len(in_lines([*covered, CreeperRevealed(player=2, card=6)])) == 2


def test_only_the_players_own_call_right_before_their_card_joins_it() -> None:
    """Before: "📣 Bob: UNO!" and "Bob plays 🟩 3." (or "⚡ Bob jumps in with 🟩 3!") were two of the
    table's few lines."""
    apart: list[list[Event]] = [
        [UnoCalled(player=3), CardPlayed(player=2, card=1)],  # another player's call
        [UnoCalled(player=2), Caught(catcher=3, target=1), CardPlayed(player=2, card=1)],  # a catch between
        [UnoCalled(player=3), CardPlayed(player=2, card=1, jump_in=True)],  # another's call, then a jump-in
    ]
    for events in apart:
        assert len(in_lines(events)) == len(events), events
    jumped: list[Event] = [UnoCalled(player=2), CardPlayed(player=2, card=1, jump_in=True)]
    assert in_lines(jumped) == [tuple(jumped)]
    # maybe in a later press, and what the card did joins as ever
    call, card = [UnoCalled(player=2)], [CardPlayed(player=2, card=100), RED]
    assert in_lines([*last_lines(call), *card]) == [(*call, *card)]
