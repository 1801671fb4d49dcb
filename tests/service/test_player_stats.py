"""The counters a player's result rows keep, counted from the engine's events: each for whom it is about."""

from __future__ import annotations

from bot.engine.actions import TimeoutKind
from bot.engine.events import CardPlayed, CardsDrawn, Caught, Challenged, DrawReason, TimedOut, UnoCalled
from bot.service.stats import PlayerStats, tally

ALICE, BOB = 1, 2


def test_each_event_counts_for_whom_it_is_about() -> None:
    stats: dict[int, PlayerStats] = {}
    for event in (
        CardPlayed(ALICE, card=5),
        CardPlayed(ALICE, card=6),
        CardsDrawn(BOB, count=4, cards=(1, 2, 3, 4), reason=DrawReason.PENALTY),
        UnoCalled(ALICE),
        Caught(catcher=BOB, target=ALICE),
        Challenged(challenger=BOB, challenged=ALICE, guilty=True, hand=()),
        Challenged(challenger=ALICE, challenged=BOB, guilty=False, hand=()),
        TimedOut(BOB, TimeoutKind.TURN),
    ):
        tally(stats, event)
    assert stats == {
        ALICE: PlayerStats(cards_played=2, uno_calls=1, catches_suffered=1, challenges_lost=1),
        BOB: PlayerStats(cards_drawn=4, catches_made=1, challenges_won=1, timeouts=1),
    }


def test_the_counters_are_saved_by_name_each_and_read_back_alike() -> None:
    """(session 57) Saved with a plain dict of the counts, not `asdict`'s deep copy: the same names and values
    in the same order, read back alike."""
    stats = PlayerStats(1, 2, 3, 4, 5, 6, 7, 8)
    saved = stats.to_dict()
    assert list(saved.items()) == [
        ("cards_played", 1),
        ("cards_drawn", 2),
        ("uno_calls", 3),
        ("catches_made", 4),
        ("catches_suffered", 5),
        ("challenges_won", 6),
        ("challenges_lost", 7),
        ("timeouts", 8),
    ]
    assert PlayerStats.from_dict(saved) == stats
