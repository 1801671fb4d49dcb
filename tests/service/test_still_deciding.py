"""When the table may wait for the turn to pass: the player who acted is still deciding their turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import Action, Colour, GameState, Rules, apply
from bot.engine.actions import CallUno, ChooseColour, Draw, Pass, Play
from bot.service.progress import still_deciding
from tests.engine.helpers import card_id, given

HANDS = {1: "W R5 G1", 2: "B2 B3 Y4", 3: "G7 Y8 B9"}
Step = Callable[[GameState], Action]


def _play(code: str) -> Step:
    return lambda state: Play(1, card_id(state, 1, code))


@pytest.mark.parametrize(
    ("setup", "step", "waits"),
    [
        ((), lambda s: Draw(1), True),  # drew a card that can be played: may still play it
        ((lambda s: Draw(1),), lambda s: Pass(1), False),  # passed: the turn moved on
        ((), _play("W"), True),  # a Wild: its colour is still to come
        ((_play("W"),), lambda s: ChooseColour(1, Colour.BLUE), False),
        ((), _play("R5"), False),  # a plain card passes the turn
    ],
)
def test_the_table_waits_only_while_the_same_player_decides(
    setup: tuple[Step, ...], step: Step, waits: bool
) -> None:
    state = given(HANDS, "R3", draw="R9")
    for earlier in setup:
        state, _ = apply(state, earlier(state))
    new, events = apply(state, step(state))

    assert still_deciding(state, new, events, actor=1) is waits


def test_a_drawn_card_that_cannot_be_played_passes_the_turn_so_the_table_does_not_wait() -> None:
    state = given(HANDS, "R3", draw="G9")
    drew, events = apply(state, Draw(1))

    assert drew.actor != 1
    assert not still_deciding(state, drew, events, actor=1)


def test_an_uno_call_before_the_play_waits_and_a_timeout_or_another_player_does_not() -> None:
    state = given({1: "R5 G1", 2: "B2 B3", 3: "G7 Y8"}, "R3", rules=Rules())
    called, events = apply(state, CallUno(1))

    assert still_deciding(state, called, events, actor=1)
    assert not still_deciding(state, called, events, actor=None)  # a timeout acted, not the player
    assert not still_deciding(None, called, events, actor=1)  # the match starts
