"""The table tells a multi-play on one line (bot/service/done_at_once.py `_one_more_card`): whatever else
plays one player's cards in a row (a Skip or a Reverse with two, an 8's cover, a 7's swap, a jump-in, the
turn timer, a stacked draw card) is never read as one with them."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from bot.engine import GameState, apply, legal_actions, new_match
from bot.engine.events import CardPlayed, Event
from bot.engine.rules import JumpIn, Rules, Stacking
from bot.service.recent_moves import in_lines, told
from tests.engine.randomplay import RandomTable

# Every rule that plays one player's cards in a row, or hands them the turn again at once.
RULES = Rules(
    multi_play=True,
    jump_in=JumpIn.ON,
    stacking=Stacking.MIXED,
    eight_cover=True,
    seven_zero=True,
    skip_chain=True,
    zero_slap=True,
    turn_seconds=15,
)
STEPS = 400  # a match's first few hundred actions: many multi-plays, some of every other kind


def _actions_of_each_event(players: list[int], seed: int) -> tuple[list[Event], dict[int, int]]:
    """A seeded random match's events, and the action that made each (by the event's id)."""
    state: GameState
    state, _ = new_match(players, RULES, seed=seed)
    table = RandomTable(random.Random(seed), leave_rate=0.002)
    made: list[Event] = []
    by: dict[int, int] = {}
    for step in range(STEPS):
        if state.match_over:
            break
        table.tick()
        listed = [] if state.actor is None else legal_actions(state, state.actor, table.now)
        state, events = apply(state, table.choose(state, listed))
        made += events
        by.update((id(event), step) for event in events)
    return made, by


@pytest.mark.parametrize("players", [[-2, 1], [-3, 1, 2]], ids=["two", "three"])
def test_only_the_cards_of_one_play_share_a_line_as_a_multi_play(players: list[int]) -> None:
    joined = 0
    for seed in range(12):
        events, by = _actions_of_each_event(players, seed)
        for line in in_lines(told(events)):
            for card, after in pairwise(line):
                if isinstance(card, CardPlayed) and isinstance(after, CardPlayed):
                    assert by[id(card)] == by[id(after)], (seed, line)
                    joined += 1
    assert joined  # the random matches did make multi-plays
