"""The table's recent moves: which events are told, and which share a line."""

from __future__ import annotations

from bot.engine.events import CardPlayed, CardsDrawn, DrawReason, Skipped, Slapped, SlapStarted
from bot.service.recent_moves import LINES_KEPT, in_lines, last_lines, told


def _missed(player: int, count: int = 4) -> CardsDrawn:
    return CardsDrawn(player=player, count=count, cards=tuple(range(count)), reason=DrawReason.NO_SLAP)


def test_slaps_are_not_told_one_by_one() -> None:
    events = [CardPlayed(player=1, card=0), SlapStarted(deadline=5), Slapped(player=2), Slapped(player=1)]
    assert told(events) == events[:2]


def test_players_who_took_the_same_cards_for_not_slapping_share_a_line() -> None:
    last = CardsDrawn(player=1, count=4, cards=(0, 1, 2, 3), reason=DrawReason.SLAP)
    events = [last, _missed(2), _missed(3), _missed(4, count=2), _missed(5, count=0), _missed(6, count=0)]
    # a different count, and "no card: they ran out", are lines of their own
    assert [len(line) for line in in_lines(events)] == [1, 2, 1, 1, 1]


def test_what_is_kept_is_counted_in_lines() -> None:
    plays = [CardPlayed(player=1, card=card) for card in range(LINES_KEPT)]
    missed = [_missed(player) for player in range(2, 11)]
    kept = last_lines([*plays, *missed])
    assert kept == (*plays[1:], *missed)  # nine players' draws are one line: the zero's play stays


def test_a_penalty_or_a_lost_challenge_and_the_skip_after_it_share_a_line() -> None:
    for reason in (DrawReason.PENALTY, DrawReason.CHALLENGE):
        drew = CardsDrawn(player=2, count=2, cards=(0, 1), reason=reason)
        assert in_lines([drew, Skipped(player=2)]) == [(drew, Skipped(player=2))]
        # another player's skip, or a skip after nothing was drawn, is a line of its own
        assert len(in_lines([drew, Skipped(player=3)])) == 2
        empty = CardsDrawn(player=2, count=0, cards=(), reason=reason)
        assert len(in_lines([empty, Skipped(player=2)])) == 2
    turn = CardsDrawn(player=2, count=1, cards=(0,), reason=DrawReason.TURN)
    assert len(in_lines([turn, Skipped(player=2)])) == 2
