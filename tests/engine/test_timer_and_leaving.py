"""RULES.md section 8 (turn timer, AFK) and players who leave or are removed mid-round."""

import pytest

from bot.engine import (
    CallUno,
    Challenge,
    ChooseColour,
    Colour,
    DecisionKind,
    Draw,
    GameState,
    GiveTimeBack,
    IllegalAction,
    Leave,
    Pending,
    Play,
    Reason,
    RestartCatchTimer,
    RestartTurnTimer,
    Rules,
    Slap,
    Stacking,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
)
from bot.engine.events import (
    CardPlayed,
    CatchWindowClosed,
    Challenged,
    ColourChosen,
    ColourReverted,
    MatchEnded,
    Passed,
    PenaltyVoided,
    PlayerLeft,
    TimedOut,
)

from .helpers import act, card_id, codes, given

TURN = TimeoutKind.TURN


def test_a_turn_timeout_is_refused_before_its_deadline() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TURN, 59_999))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE
    off = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(turn_seconds=0))
    assert off.turn_deadline is None
    with pytest.raises(IllegalAction):
        apply(off, Timeout(TURN, 10**9))


def test_a_turn_timer_restarted_gives_the_whole_turn_from_then_and_keeps_the_missed_turns() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    state.afk = {1: 1}
    state, events = apply(state, RestartTurnTimer(90_000))
    assert events == [] and state.turn == 1 and state.turn_deadline == 150_000 and state.afk == {1: 1}
    off = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(turn_seconds=0))
    with pytest.raises(IllegalAction) as error:
        apply(off, RestartTurnTimer(90_000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


def test_a_catch_window_restarted_gives_its_whole_time_from_then_and_no_more_to_the_turn() -> None:
    """The group is shown Alice's window only at 7 s (its table held back): it lasts 10 s from then."""
    state = given({1: "R5", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    state.catchable, state.catch_deadline = [1], 10_000
    state, events = apply(state, RestartCatchTimer(7_000))
    assert events == [] and state.catch_deadline == 17_000 and state.turn_deadline == 60_000
    with pytest.raises(IllegalAction) as error:
        apply(given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3"), RestartCatchTimer(7_000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


def test_time_given_back_moves_the_deadlines_running_when_the_outage_began() -> None:
    """The bot out of reach from 50 s for 30 s: the turn begun at 0 s (60 s) and the catch window set before
    move on by 30 s; the missed turns stay as they were."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    state.catch_deadline, state.clock, state.afk = 55_000, 40_000, {1: 1}
    state, events = apply(state, GiveTimeBack(since=50_000, ms=30_000, now=80_000))
    assert events == [] and state.turn_deadline == 90_000 and state.catch_deadline == 85_000
    assert state.afk == {1: 1} and state.turn == 1


def test_a_clock_set_back_moves_back_the_deadlines_set_before_even_those_due() -> None:
    """The clock set back 30 s at 60 s: the turn due then (its timer fired) and the window are due as soon;
    the last move, at 40 s, was at 10 s by the clock now (a move's time is no earlier than it)."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    state.catch_deadline, state.clock = 55_000, 40_000
    state, events = apply(state, GiveTimeBack(since=60_000, ms=-30_000, now=30_000))
    assert events == [] and state.turn_deadline == 30_000 and state.catch_deadline == 25_000
    assert state.clock == 10_000


def test_a_clock_set_back_moves_back_the_clock_of_a_match_with_no_deadline() -> None:
    """No turn timer: the game's clock (its idle hour counts from it) moves back all the same."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(turn_seconds=0))
    state.clock = 40_000
    state, events = apply(state, GiveTimeBack(since=60_000, ms=-30_000, now=30_000))
    assert events == [] and state.clock == 10_000 and state.turn_deadline is None


def test_time_given_back_leaves_what_was_set_after_the_outage_began() -> None:
    """A move handled once the bot was back started a whole turn, and may have opened a window: theirs."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=140_000)
    state.catch_deadline, state.clock = 90_000, 80_000
    with pytest.raises(IllegalAction) as error:
        apply(state, GiveTimeBack(since=50_000, ms=30_000, now=80_000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


@pytest.mark.parametrize(
    ("turn_deadline", "clock", "shifted"),
    [
        (110_000, 60_000, {"turn_deadline": 140_000}),  # the turn began as the outage did
        (45_000, 50_000, {"catch_deadline": 85_000, "slap_deadline": 86_000}),  # nothing since: windows
        (50_000, 60_000, None),  # a turn due as the outage began keeps its deadline: it had run out
    ],
)
def test_time_given_back_at_the_outages_first_moment(
    turn_deadline: int, clock: int, shifted: dict[str, int] | None
) -> None:
    """The bounds of "running when the outage began" (from 50 s): a turn begun at 50 s, a last event at
    50 s, count as before it; a deadline at 50 s does not, and neither does a turn already due before."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=turn_deadline)
    state.catch_deadline, state.slap_deadline, state.clock = 55_000, 56_000, clock
    if shifted is None:
        with pytest.raises(IllegalAction) as error:
            apply(state, GiveTimeBack(since=50_000, ms=30_000, now=80_000))
        assert error.value.reason is Reason.TIMEOUT_NOT_DUE
        return
    before = {name: getattr(state, name) for name in ("turn_deadline", "catch_deadline", "slap_deadline")}
    state, _ = apply(state, GiveTimeBack(since=50_000, ms=30_000, now=80_000))
    after = {name: getattr(state, name) for name in before}
    assert after == before | shifted


def test_a_timed_out_turn_draws_and_passes_even_with_a_playable_drawn_card() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="R9", turn_deadline=60_000)
    state, events = apply(state, Timeout(TURN, 60_000))
    assert events[0] == TimedOut(1, TURN, missed=1) and Passed(1) in events
    assert codes(state, 1) == ["R5", "G1", "R9"] and state.turn == 2
    assert state.turn_deadline == 120_000 and state.afk == {1: 1}


def test_with_force_play_the_timed_out_player_plays_the_drawn_card() -> None:
    rules = Rules(force_play=True)
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="R9", rules=rules, turn_deadline=5)
    state, _ = apply(state, Timeout(TURN, 5))
    assert state.top.code == "R9" and state.turn == 2


def test_a_pending_colour_choice_takes_the_colour_held_most() -> None:
    state = given({1: "W G1 G2 B3", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W"), 100))
    state, events = apply(state, Timeout(TURN, state.turn_deadline or 0))
    assert state.colour is Colour.GREEN and state.turn == 2
    assert ColourChosen(1, Colour.GREEN, for_timeout=True) in events  # the timer's, not the player's choice


@pytest.mark.parametrize(
    ("hand", "colour"),
    [
        ("W B1 R1", Colour.RED),  # a tie goes red, yellow, green, blue
        ("W G1 Y1", Colour.YELLOW),
        ("W B1 G1", Colour.GREEN),
        ("W W4", Colour.BLUE),  # nothing coloured left: the colour in force stays
    ],
)
def test_the_timers_colour_among_equals(hand: str, colour: Colour) -> None:
    state = given({1: hand, 2: "B9 B1", 3: "B8 B2"}, "B3")
    state, _ = act(state, Play(1, card_id(state, 1, "W"), 100))
    state, _ = apply(state, Timeout(TURN, state.turn_deadline or 0))
    assert state.colour is colour and state.turn == 2


def test_a_wild_the_timer_plays_gets_the_colour_held_most_as_the_timers_choice() -> None:
    rules = Rules(force_play=True)
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="W", rules=rules, turn_deadline=5)
    state, events = apply(state, Timeout(TURN, 5))
    assert state.top.code == "W" and state.colour is Colour.GREEN
    assert ColourChosen(1, Colour.GREEN, for_timeout=True) in events


def test_a_pending_penalty_is_accepted() -> None:
    state = given({1: "R+2 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2"), 100))
    state, _ = apply(state, Timeout(TURN, 60_100))
    assert len(state.hands[2]) == 4 and state.turn == 3


def test_a_pending_swap_picks_the_smallest_hand() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B1 B3", 3: "B8"}, "R3", rules=Rules(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7"), 100))
    state, _ = apply(state, Timeout(TURN, 60_100))
    assert codes(state, 1) == ["B8"] and state.decision is None


def test_a_pending_swap_among_equal_smallest_hands_picks_the_first_seat() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7"), 100))
    state, _ = apply(state, Timeout(TURN, 60_100))
    assert codes(state, 1) == ["B9", "B1"] and codes(state, 2) == ["G1", "G2"]


def test_a_pending_cover_plays_the_first_legal_card() -> None:
    state = given({1: "R8 G1 R2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=Rules(eight_cover=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R8"), 100))
    state, events = apply(state, Timeout(TURN, 60_100))
    assert state.top.code == "R2" and state.turn == 2
    assert events[0] == TimedOut(1, TURN, missed=1, covering=True)  # only the cover ran out, not the turn


# One missed turn is one timeout: it settles the player's whole turn and counts once towards afk_limit.
WHOLE_TURNS = {
    "a start card's Wild: the colour held most, then draw and pass": (
        given(
            {1: "G1 G2 R5", 2: "B9 B1", 3: "B8 B2"},
            "W",
            draw="G9",
            decision=DecisionKind.COLOUR,
            decider=1,
            turn_deadline=60_000,
        ),
        [],
        ["G1", "G2", "R5", "G9"],
    ),
    "force_play: a drawn 8 is played and covered by the first legal card": (
        given(
            {1: "G1 R2", 2: "B9 B1", 3: "B8 B2"},
            "R3",
            rules=Rules(force_play=True, eight_cover=True),
            draw="R8",
            turn_deadline=60_000,
        ),
        ["R8", "R2"],
        ["G1"],
    ),
    "an 8 covered by an 8 is covered again": (
        given(
            {1: "Y8 G1 Y2", 2: "B9 B1", 3: "B8 B2"},
            "R8",
            rules=Rules(eight_cover=True),
            cover=True,
            turn_deadline=60_000,
        ),
        ["Y8", "Y2"],
        ["G1"],
    ),
}


@pytest.mark.parametrize(("state", "played", "hand"), WHOLE_TURNS.values(), ids=list(WHOLE_TURNS))
def test_one_timeout_settles_the_whole_missed_turn(
    state: GameState, played: list[str], hand: list[str]
) -> None:
    state, events = apply(state, Timeout(TURN, 60_000))
    assert [state.card(e.card).code for e in events if isinstance(e, CardPlayed)] == played
    assert codes(state, 1) == hand and state.decision is None and not state.cover
    assert state.turn == 2 and state.afk == {1: 1} and state.turn_deadline == 120_000


def test_after_afk_limit_timeouts_in_a_row_the_player_leaves() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=0, afk={1: 2})
    state, events = apply(state, Timeout(TURN, 0))
    assert PlayerLeft(1, afk=True) in events and state.players == [2, 3] and state.turn == 2
    assert events[0] == TimedOut(1, TURN, missed=3)  # the group is told the count


def test_a_voluntary_action_resets_the_afk_count() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", afk={1: 2})
    state, _ = act(state, CallUno(1))
    assert state.afk == {}


def test_leaving_on_turn_puts_the_cards_under_the_draw_pile_and_play_goes_on() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    hand = list(state.hands[1])
    state, events = apply(state, Leave(1))
    assert events == [PlayerLeft(1)] and state.draw_pile[:2] == hand
    assert state.players == [2, 3] and state.turn == 2 and 1 not in state.hands and 1 in state.scores
    assert legal_actions(state, 1) == []


def test_a_leaver_with_a_pending_colour_choice_gets_the_colour_they_held_most() -> None:
    state = given({1: "W B1 B2 G1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W")))
    state, events = apply(state, Leave(1))
    assert state.colour is Colour.BLUE and state.pending is Pending.PLAY and state.turn == 2
    assert events == [PlayerLeft(1), ColourChosen(1, Colour.BLUE, for_leaver=True)]  # the colour in force


def test_leaving_counter_clockwise_hands_the_turn_to_the_previous_seat() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2", 4: "Y1 Y2"}, "R3", direction=-1)
    state, _ = apply(state, Leave(1))
    assert state.turn == 4 and state.pending is Pending.PLAY


def test_a_bystander_leaving_changes_nothing_for_the_player_to_move() -> None:
    state = given({1: "R+2 G1", 2: "B9 B1", 3: "B8 B2", 4: "Y1 Y2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2"), 1000))
    deadline, hand = state.turn_deadline, list(state.hands[4])
    state, events = apply(state, Leave(4, 30_000))
    assert events == [PlayerLeft(4)] and state.turn == 2 and state.pending is Pending.PENALTY
    assert state.penalty == 2 and state.turn_deadline == deadline  # nobody gets more time
    assert state.draw_pile[:2] == hand


def test_a_last_slapper_who_leaves_takes_the_last_place_along() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2", 4: "Y1 Y2"}, "R3", rules=Rules(zero_slap=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1100), Slap(2, 1200), Slap(3, 1300))
    state, _ = apply(state, Leave(3, 1400))
    state, _ = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert {p: len(h) for p, h in state.hands.items()} == {1: 2, 2: 2, 4: 6}  # only the one who never slapped


def test_the_last_one_yet_to_slap_leaving_ends_the_slap_at_once() -> None:
    """Everyone still seated has slapped: the last of them draws 4 now, not when the window's time is up."""
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2", 4: "Y1 Y2"}, "R3", rules=Rules(zero_slap=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1100), Slap(3, 1200), Slap(2, 1300))
    state, _ = apply(state, Leave(4, 1400))
    assert state.slap_deadline is None and state.slap_pending == []
    assert {p: len(h) for p, h in state.hands.items()} == {1: 2, 2: 6, 3: 2}


# A penalty waiting on a player who leaves: (rules, hands, cards played, who leaves, whether they are removed
# for missed turns, the cards said void (None: nothing is), who acts next)
THREE = {1: "R+2 G1", 2: "B9 B1", 3: "B8 B2"}
LEAVERS_PENALTIES = {
    "a +2": (Rules(), THREE, ["R+2"], 2, False, 2, 3),
    "a stack of +2s": (
        Rules(stacking=Stacking.SAME),
        {**THREE, 2: "B+2 B1", 4: "Y1"},
        ["R+2", "B+2"],
        3,
        False,
        4,
        4,
    ),
    "a +4 whose colour is still chosen": (Rules(), {**THREE, 1: "W4 G1"}, ["W4"], 2, False, 4, 1),
    "an extreme chain the leaver could pass on": (
        Rules(extreme_draw_chain=True),
        {**THREE, 2: "R+2 B1"},
        ["R+2"],
        2,
        False,
        2,
        3,
    ),
    "a +2, removed for missed turns": (Rules(), THREE, ["R+2"], 2, True, 2, 3),
    "a +2 on another": (Rules(), {**THREE, 4: "Y1"}, ["R+2"], 4, False, None, 2),
    "a +2 on the last opponent": (Rules(), {1: "R+2 G1", 2: "B9 B1"}, ["R+2"], 2, False, None, None),
    "a last +2, its cards drawn": (Rules(), {**THREE, 1: "R+2"}, ["R+2"], 2, False, None, None),
}


@pytest.mark.parametrize(
    ("rules", "hands", "played", "leaver", "afk", "voided", "actor"),
    LEAVERS_PENALTIES.values(),
    ids=list(LEAVERS_PENALTIES),
)
def test_a_penalty_waiting_on_a_leaver_is_void_and_said_so(
    rules: Rules,
    hands: dict[int, str],
    played: list[str],
    leaver: int,
    afk: bool,
    voided: int | None,
    actor: int | None,
) -> None:
    """Nobody takes it: the next player moves as after any leaver (RULES.md is silent)."""
    state = given(hands, "R3", rules=rules.changed(afk_limit=1))
    for code in played:
        state, _ = act(state, Play(state.turn, card_id(state, state.turn, code)))
    kept = {player: hand for player, hand in state.hands.items() if player != leaver}
    state, events = apply(state, Timeout(TURN, 10**9) if afk else Leave(leaver))
    said = [event for event in events if isinstance(event, PenaltyVoided)]
    assert said == ([] if voided is None else [PenaltyVoided(leaver, voided)])
    if voided is not None:
        assert events[events.index(PlayerLeft(leaver, afk)) + 1] == said[0]  # told right after the leaving
        assert state.penalty == 0 and state.actor == actor and state.hands == kept  # nobody drew it


def test_the_only_catchable_player_leaving_closes_the_catch_window() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    state, events = apply(state, Leave(1))
    assert CatchWindowClosed() in events and state.catch_deadline is None


def test_a_leaving_victim_takes_the_chance_to_challenge_along() -> None:
    state = given({1: "W4 B1 G1", 2: "B9 B1", 3: "B8 B2"}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE))
    state, _ = apply(state, Leave(2))
    assert state.turn == 3 and Challenge(3) not in legal_actions(state, 3)


@pytest.mark.parametrize(
    ("rules", "card", "turn", "drawn"),
    [
        (Rules(skip_chain=True), "RS", 1, 0),  # a new Skip skips one, not two
        (Rules(extreme_draw_chain=True), "R+2", 1, 2),  # a new +2's victim draws two, not four
    ],
)
def test_a_chain_ends_when_the_player_facing_it_leaves(
    rules: Rules, card: str, turn: int, drawn: int
) -> None:
    hands = {1: f"{card} G1 G2", 2: "B9 B1 B3", 3: "G5 G6 G7", 4: f"{card} Y1 Y2", 5: "Y7 Y8 Y9"}
    state = given(hands, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, card)))
    assert state.turn == 3
    state, _ = apply(state, Leave(3))
    state, _ = act(state, Play(4, card_id(state, 4, card)))
    assert state.turn == turn and len(state.hands[5]) == 3 + drawn


STACKING = Rules(stacking=Stacking.SAME)
EXTREME = Rules(extreme_challenge=True)
RESTRICTED = Rules(extreme_wild_restriction=True)
# A challenge of a leaver's black card (the last one played; each names green on a red 3): (rules, hands, the
# cards played in turn, the cards said void (None: none are), the challenger's cards drawn, who moves next,
# the colour in force after)
CHALLENGED_LEAVERS = {
    "a fair +4": (Rules(), {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"}, ["W4"], None, 6, 3, Colour.GREEN),
    "a bluffed +4": (Rules(), {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"}, ["W4"], 4, 0, 2, Colour.GREEN),
    "a fair +4 on a stack": (
        STACKING,
        {1: "W4 B1", 2: "W4 R5 B1", 3: "B8 B2", 4: "Y1 Y2"},
        ["W4", "W4"],
        None,
        10,
        4,
        Colour.GREEN,
    ),
    "a bluffed +4 on a stack": (
        STACKING,
        {1: "W4 B1", 2: "W4 G5 B1", 3: "B8 B2", 4: "Y1 Y2"},
        ["W4", "W4"],
        8,
        0,
        3,
        Colour.GREEN,
    ),
    "extreme: a fair +4": (
        EXTREME,
        {1: "W4 B5 G1", 2: "B9 B1", 3: "B8 B2"},
        ["W4"],
        None,
        8,
        3,
        Colour.GREEN,
    ),
    "extreme: a bluffed +4": (EXTREME, {1: "W4 R5 G1", 2: "B9 B1", 3: "B8 B2"}, ["W4"], 4, 0, 2, Colour.RED),
    "a bluffed restricted Wild": (
        RESTRICTED,
        {1: "W R5 G1", 2: "B9 B1", 3: "B8 B2"},
        ["W"],
        4,
        0,
        2,
        Colour.GREEN,
    ),
    "extreme: a bluffed restricted Wild": (
        RESTRICTED.changed(extreme_challenge=True),
        {1: "W R5 G1", 2: "B9 B1", 3: "B8 B2"},
        ["W"],
        4,
        0,
        2,
        Colour.RED,
    ),
}


@pytest.mark.parametrize(
    ("rules", "hands", "played", "voided", "drawn", "actor", "colour"),
    CHALLENGED_LEAVERS.values(),
    ids=list(CHALLENGED_LEAVERS),
)
def test_a_challenge_against_a_leaver_still_resolves_and_a_bluffs_cards_are_said_void(
    rules: Rules,
    hands: dict[int, str],
    played: list[str],
    voided: int | None,
    drawn: int,
    actor: int,
    colour: Colour,
) -> None:
    """Leaving dodges nothing: a fair card costs the challenger as ever, a bluff's cards go to nobody and the
    table is told (RULES.md is silent). The card stays on the pile, the hand it would go back to gone: under
    the extreme challenge the table is told its colour went back, the card still on top."""
    state = given(hands, "R3", rules=rules)
    for code in played:
        player = state.turn
        state, _ = act(state, Play(player, card_id(state, player, code)), ChooseColour(player, Colour.GREEN))
    leaver, challenger, top = player, state.turn, state.top
    kept = {seat: hand for seat, hand in state.hands.items() if seat not in (leaver, challenger)}
    state, _ = apply(state, Leave(leaver))
    cards = len(state.hands[challenger])
    state, events = act(state, Challenge(challenger))
    said = [event for event in events if isinstance(event, PenaltyVoided)]
    assert said == ([] if voided is None else [PenaltyVoided(leaver, voided)])
    if said:  # right after the challenge, and the colour undone
        reverted = [ColourReverted(colour)] if rules.extreme_challenge else []
        at = events.index(said[0])
        assert events[at - 1 - len(reverted) : at] == [Challenged(challenger, leaver, True, ()), *reverted]
    assert len(state.hands[challenger]) == cards + drawn and state.actor == actor
    assert state.colour is colour and state.top == top and state.penalty == 0
    assert {seat: hand for seat, hand in state.hands.items() if seat != challenger} == kept  # nobody drew it


def test_the_last_player_left_wins_the_match() -> None:
    state = given({1: "R5 G1", 2: "B9 B1"}, "R3")
    state, events = apply(state, Leave(2))
    assert MatchEnded((1,), {1: 0, 2: 0}) in events and state.match_over and state.winners == [1]
    with pytest.raises(IllegalAction) as error:
        apply(state, Draw(1))
    assert error.value.reason is Reason.MATCH_OVER


def test_a_dealer_who_leaves_passes_the_deal_on() -> None:
    state = given({1: "R5", 2: "B9 B1", 3: "B8 B2", 4: "Y1"}, "R3", dealer=2)
    state, _ = apply(state, Leave(2))
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 0))
    state, _ = apply(state, Timeout(TimeoutKind.NEXT_ROUND, 10_000))
    assert state.dealer == 3 and state.round_no == 2


# RULES.md section 8, a player removed while the game waits on their choice: (rules, top card: a red 3 that
# a 7 is played on, or a black start card, the chooser, the colour in force after, who moves next)
PENDING_CHOICES = {
    "a 7's swap target": (Rules(seven_zero=True), "R3", 1, Colour.RED, 2),
    "a start card Wild's colour, on their turn": (Rules(), "W", 1, Colour.BLUE, 2),
    "an extreme start's colour, the dealer's": (Rules(extreme_start=True), "W", 3, Colour.YELLOW, 1),
}


@pytest.mark.parametrize("afk", [False, True], ids=["leaves", "times out"])
@pytest.mark.parametrize(
    ("rules", "top", "chooser", "colour", "turn"), PENDING_CHOICES.values(), ids=list(PENDING_CHOICES)
)
def test_a_player_removed_while_choosing_leaves_nothing_waiting_on_them(
    rules: Rules, top: str, chooser: int, colour: Colour, turn: int, afk: bool
) -> None:
    """Their colour is the one they held most; a swap they did not choose does not happen."""
    hands = {1: "R7 B1 B2 G1", 2: "G9 G8", 3: "Y1 Y2 Y3"}
    state = given(hands, top, rules=rules.changed(afk_limit=1), turn_deadline=60_000)
    if top == "R3":
        state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    else:
        state.decision, state.decider = DecisionKind.COLOUR, chooser
    others = {player: hand for player, hand in state.hands.items() if player != chooser}
    state, events = apply(state, Timeout(TURN, 60_000) if afk else Leave(chooser))
    assert PlayerLeft(chooser, afk) in events and chooser not in state.hands
    assert state.decision is None and state.actor == turn and state.pending is Pending.PLAY
    assert state.colour is colour and state.hands == others
