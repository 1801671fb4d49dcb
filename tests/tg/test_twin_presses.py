"""A press that comes while its twin is still being handled is answered by that one (bot.tg.twin_presses)."""

from __future__ import annotations

from bot.tg.twin_presses import TwinPresses

NOW_MS = 1_700_000_000_000
PRESS = (7, "1p:1:2:3")  # Alice's tap on a card


def test_a_press_that_comes_while_its_twin_is_handled_is_its_twin_and_the_first_is_not() -> None:
    """A double tap on an outdated card, its two presses handled at once: both are refused, the first with
    why, and its twin without a word (nothing counted, so only the one being handled tells them apart)."""
    twins = TwinPresses()
    with twins.handling(PRESS) as first, twins.handling(PRESS) as again:
        assert twins.twin_came_first(PRESS, again, NOW_MS)
        assert not twins.twin_came_first(PRESS, first, NOW_MS)
    with twins.handling(PRESS) as later:  # the first answered: a press now is no twin of it
        assert not twins.twin_came_first(PRESS, later, NOW_MS)
