"""The cheap read-only views the Telegram adapter relies on."""

from bot.engine import Pending, Play, Rules, new_match

from .helpers import act, card_id, given


def test_seat_order_hand_sizes_and_top() -> None:
    state = given({5: "R5 G1", -2: "B9", 7: "B8 Y1 Y2"}, "R3")
    assert [(player, len(state.hand(player))) for player in state.players] == [(5, 2), (-2, 1), (7, 3)]
    assert state.hand(7) == [card_id(state, 7, c) for c in ("B8", "Y1", "Y2")]
    assert state.top.code == "R3" and state.actor == 5 and state.pending is Pending.PLAY


def test_next_deadline_is_the_earliest_one() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(zero_slap=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert (state.turn_deadline, state.catch_deadline) == (61_000, 11_000)
    assert state.next_deadline() == 11_000 and state.catchable == [1]


def test_a_new_match_waits_on_exactly_one_player() -> None:
    state, _ = new_match([10, 20, 30], seed=99, now=5)
    assert state.actor in (10, 20, 30) and state.turn_deadline == 60_005
    assert state.round_no == 1 and state.scores == {10: 0, 20: 0, 30: 0} and not state.match_over
