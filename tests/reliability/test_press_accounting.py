"""The reliability runs' press accounting (`invariants.check_presses`) on hand-made presses and logs: what a
crash run does is random, so a rare sequence of presses is pinned here, where it always happens. Times are
seconds (a press made) and ms (an action's `now`) on the one clock the fake and the bot read."""

from __future__ import annotations

import itertools
from typing import Any

from bot.tg.callback_data import Action, CallbackData
from tests.button_data import encode_data
from tests.fake_bot_api import CallbackQuery, Chat, Message, User
from tests.reliability.invariants import GameRow, LoggedEvent, check_presses_against
from tests.reliability.players import Press

GAME = 1
ANN = User(8000000001, "Ann", has_started_bot=True)
HAND = Message(Chat(ANN.id, "private", private_user=ANN), message_id=10, date=0, from_user=None)
OUTDATED = "This button is out of date. Use the newest message."
_query_ids = itertools.count(1)


def _press(data: CallbackData, made_at: float, answered: bool, alert: str | None = None) -> Press:
    """Ann's press of `data`: not answered at all, or answered (with `alert`, if any)."""
    query = CallbackQuery(
        str(next(_query_ids)), ANN, HAND, encode_data(data), made_at, answered, alert, alert is not None
    )
    return Press(ANN.id, data, query, pressed_at=made_at)


def _game(*actions: dict[str, Any]) -> GameRow:
    """A running game whose log holds these actions of Ann's (engine payloads but the player), in order."""
    events = tuple(
        LoggedEvent(seq, seq, f"action.{action['type']}", ANN.id, {**action, "player": ANN.id})
        for seq, action in enumerate(actions, start=1)
    )
    return GameRow(GAME, -1, "running", len(events), {}, events)


def test_a_press_made_after_an_action_is_not_taken_for_its_press() -> None:
    # The bot was killed as it fetched the first two presses of Draw: neither was answered; the third was
    # applied, the fourth answered as its twin. Her Draw on a later turn was applied too. (A crash run once
    # took that later Draw for the first one applied, and then found the later one logged with no press.)
    first_turn = CallbackData(Action.DRAW, GAME, 16)
    later_turn = CallbackData(Action.DRAW, GAME, 22)
    presses = [
        _press(first_turn, 1.0, answered=False),
        _press(first_turn, 2.0, answered=False),
        _press(first_turn, 3.0, answered=True),
        _press(first_turn, 4.0, answered=True),
        _press(later_turn, 6.0, answered=True),
    ]
    log = _game({"type": "Draw", "now": 3_500}, {"type": "Draw", "now": 6_500})

    report = check_presses_against([log], presses, {ANN.id})

    assert (report.logged, report.unanswered, report.unanswered_applied) == (2, 2, 1)


def test_a_twin_answered_without_a_word_beside_a_refused_press_is_refused_too() -> None:
    # Three presses waited while the bot was down: a card, applied after the restart though its answer was
    # lost (killed again), then another card twice. The first of those was refused as outdated by the card
    # played; the second, handled beside it, was answered as its twin, without a word. (A crash run once
    # took that twin for a move that counted and was never logged.)
    played = CallbackData(Action.PLAY, GAME, 3, (55,))
    other = CallbackData(Action.PLAY, GAME, 3, (63,))
    presses = [
        _press(played, 1.0, answered=False),
        _press(other, 2.0, True, OUTDATED),
        _press(other, 3.0, answered=True),
    ]
    log = _game({"type": "Play", "card": 55, "extra": [], "now": 3_500})

    report = check_presses_against([log], presses, {ANN.id})

    assert (report.accepted, report.refused, report.logged, report.unanswered_applied) == (0, 1, 1, 1)


def test_an_unanswered_press_not_applied_gives_its_action_to_the_later_press_that_counted() -> None:
    # UNO! pressed as the bot was killed was lost; pressed again on the table redrawn since, it counted.
    lost = CallbackData(Action.UNO, GAME, 5)
    again = CallbackData(Action.UNO, GAME, 7)
    presses = [_press(lost, 1.0, answered=False), _press(again, 2.0, answered=True)]

    report = check_presses_against([_game({"type": "CallUno", "now": 2_500})], presses, {ANN.id})

    assert (report.accepted, report.logged, report.unanswered_applied) == (1, 1, 0)


def test_a_card_pressed_again_on_a_later_turn_takes_its_action_from_an_earlier_unanswered_press() -> None:
    # A card pressed while the bot was down (unanswered), again (a twin, answered without a word) and again
    # (refused as outdated after a restart) was not played then; pressed on her next turn, it was.
    earlier = CallbackData(Action.PLAY, GAME, 16, (89,))
    later = CallbackData(Action.PLAY, GAME, 24, (89,))
    presses = [
        _press(earlier, 1.0, answered=False),
        _press(earlier, 2.0, answered=True),
        _press(earlier, 3.0, True, OUTDATED),
        _press(later, 4.0, answered=True),
    ]
    log = _game({"type": "Play", "card": 89, "extra": [], "now": 4_500})

    report = check_presses_against([log], presses, {ANN.id})

    assert (report.accepted, report.logged, report.unanswered_applied) == (1, 1, 0)
