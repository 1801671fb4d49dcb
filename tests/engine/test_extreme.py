"""RULES.md section 7, UNO Extreme: draw chain, skip chain, eight cover, zero slap, seven silence."""

import pytest

from bot.engine import (
    Accept,
    BreakSilence,
    Catch,
    ChooseSwap,
    Draw,
    IllegalAction,
    JumpIn,
    Pass,
    Pending,
    Play,
    Reason,
    Rules,
    Slap,
    Stacking,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
)
from bot.engine.ai import choose_action
from bot.engine.events import (
    CardsDrawn,
    Caught,
    CoverRequired,
    DirectionChanged,
    DrawReason,
    Event,
    FalseCatch,
    RoundEnded,
    SilenceBroken,
    SilenceEnded,
    SilenceStarted,
    Skipped,
    SlapStarted,
)

from .helpers import act, card_id, codes, given

CHAIN = Rules(extreme_draw_chain=True)


def test_a_chain_victim_with_nothing_to_pass_it_on_draws_at_once_and_is_skipped() -> None:
    state = given({1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "G5 G6 G7"}, "R3", rules=CHAIN)
    state, events = act(state, Play(1, card_id(state, 1, "R+2")))
    assert len(state.hands[2]) == 5 and Skipped(2) in events
    assert state.turn == 3 and state.penalty == 0 and state.chain == 1
    assert Accept(2) not in legal_actions(state, 2)


def test_the_victims_draw_is_no_move_of_theirs_the_catch_window_stays_open() -> None:
    state = given({1: "R+2 G1", 2: "B9 B1 B3", 3: "G5 G6 G7"}, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.catchable == [1] and state.turn == 3
    state, events = act(state, Catch(3, 1))
    assert any(isinstance(event, Caught) for event in events) and len(state.hands[1]) == 3


def test_draw_chain_extended_by_another_draw_two() -> None:
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "B+2 G5 G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert len(state.hands[2]) == 5 and state.turn == 3 and state.chain == 1
    state, events = act(state, Play(3, card_id(state, 3, "B+2")))
    assert len(state.hands[4]) == 7 and Skipped(4) in events and state.turn == 1


def test_draw_chain_extended_by_a_reverse_hits_the_last_victim_again() -> None:
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "RR G5 G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    state, events = act(state, Play(3, card_id(state, 3, "RR")))
    assert state.direction == -1 and len(state.hands[2]) == 9 and Skipped(2) in events and state.turn == 1


# A Reverse linking a draw chain (RULES.md §7): (hands, cards played in turn, who takes the chain's cards and
# how many, the directions told, whether the round is over). A last one turns nothing: the round is over.
REVERSE_LINKS = {
    "a Reverse link": ({1: "R+2 G1", 2: "B9 B1", 3: "RR G5", 4: "Y1 Y2"}, ["R+2", "RR"], 2, 4, [-1], False),
    "a last Reverse link": ({1: "R+2 G1", 2: "B9 B1", 3: "RR", 4: "Y1 Y2"}, ["R+2", "RR"], 2, 4, [], True),
    "a last Reverse on the chain's Reverse": (
        {1: "R+2 GR", 2: "B9 B1", 3: "RR G5", 4: "Y1 Y2"},
        ["R+2", "RR", "GR"],
        2,
        6,
        [-1],
        True,
    ),
    "between two, a last Reverse link": ({1: "R+2 RR", 2: "B9 B1"}, ["R+2", "RR"], 2, 4, [], True),
}


@pytest.mark.parametrize(
    ("hands", "played", "victim", "count", "turned", "over"), REVERSE_LINKS.values(), ids=list(REVERSE_LINKS)
)
def test_a_reverse_link_makes_the_one_before_take_the_chain_and_a_last_one_turns_nothing(
    hands: dict[int, str], played: list[str], victim: int, count: int, turned: list[int], over: bool
) -> None:
    """(found in session 56) a last Reverse linking the chain still said the direction it turned, after which
    nobody moves."""
    state = given(hands, "R3", rules=CHAIN)
    told: list[Event] = []
    for code in played:
        state, events = act(state, Play(state.turn, card_id(state, state.turn, code)))
        told += events
    drawn = [(event.player, event.count) for event in events if isinstance(event, CardsDrawn)]
    assert drawn == [(victim, count)]  # the last card's
    assert [event.direction for event in told if isinstance(event, DirectionChanged)] == turned
    assert state.round_over == over


def test_a_reverse_of_another_colour_is_no_chain_link() -> None:
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "GR G5 G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    with pytest.raises(IllegalAction):
        apply(state, Play(3, card_id(state, 3, "GR")))  # not red and not on a Reverse: not even legal


@pytest.mark.parametrize(
    ("links", "victims"),
    [
        ([(1, "R+2"), (3, "B+2"), (1, "G+2")], [2, 4, 2]),
        ([(1, "R+2"), (3, "RR"), (1, "GR")], [2, 2, 2]),  # the GR links as a Reverse on the chain's Reverse
    ],
)
def test_each_chain_link_adds_two(links: list[tuple[int, str]], victims: list[int]) -> None:
    hands = {1: "R+2 G+2 GR G1", 2: "B9 B1 B3", 3: "B+2 RR G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    for (player, code), victim, penalty in zip(links, victims, (2, 4, 6), strict=True):
        before = len(state.hands[victim])
        state, events = act(state, Play(player, card_id(state, player, code)))
        assert len(state.hands[victim]) == before + penalty and Skipped(victim) in events


def test_a_reverse_on_a_reverse_in_the_chain_links_whatever_its_colour() -> None:
    hands = {1: "R+2 GR G1", 2: "B9 B1 B3", 3: "RR G5 G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Play(3, card_id(state, 3, "RR")))
    # green on a red chain: a link only because it lands on the chain's Reverse
    state, events = act(state, Play(1, card_id(state, 1, "GR")))
    assert state.direction == 1 and len(state.hands[2]) == 15 and Skipped(2) in events and state.turn == 3


def test_between_two_every_chain_link_hits_the_other_player_and_gives_the_turn_back() -> None:
    """RULES.md section 3 (two players: a Reverse acts as a Skip, the same player moves again) within the
    draw chain: the Reverse link's "player before them, the last victim" is the other player too."""
    state = given({1: "R+2 RR R+2 G1", 2: "B9 B1 B3"}, "R3", rules=CHAIN)
    for code, penalty in (("R+2", 2), ("RR", 4), ("R+2", 6)):
        before = len(state.hands[2])
        state, events = act(state, Play(1, card_id(state, 1, code)))
        assert len(state.hands[2]) == before + penalty and Skipped(2) in events
        assert state.turn == 1 and state.direction == 1 and state.pending is Pending.PLAY


def test_between_two_a_chain_passed_on_comes_back_to_its_player() -> None:
    state = given({1: "R+2 G1 G2", 2: "R+2 B1 B3"}, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.turn == 2 and state.pending is Pending.PENALTY and state.penalty == 2
    state, events = act(state, Play(2, card_id(state, 2, "R+2")))
    assert codes(state, 2) == ["B1", "B3"] and len(state.hands[1]) == 2 + 4 and Skipped(1) in events
    assert state.turn == 2


def test_a_reverse_links_last_victim_passes_the_chain_back_with_the_identical_reverse() -> None:
    """RULES.md section 7: "A victim holding an identical card may jump in to pass the chain on and draws
    nothing", the victim of a Reverse link too: their Reverse turns play back and the one before them takes
    the chain."""
    hands = {1: "R+2 G1 G2", 2: "RR B1 B3", 3: "RR G5 G6", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Play(3, card_id(state, 3, "RR")))
    assert state.turn == 2 and state.pending is Pending.PENALTY and state.penalty == 4
    assert len(state.hands[2]) == 5  # the first link's 2, nothing of the second yet: the choice is theirs
    state, events = act(state, Play(2, card_id(state, 2, "RR")))
    assert codes(state, 2) == ["B1", "B3", "R0", "R1"] and state.direction == 1
    assert len(state.hands[3]) == 2 + 6 and Skipped(3) in events and state.turn == 4


@pytest.mark.parametrize("stacking", [Stacking.SAME, Stacking.MIXED])
def test_with_stacking_on_a_chain_victim_still_only_passes_the_chain_on(stacking: Stacking) -> None:
    # the chain replaces +2 stacking: another Draw Two is no stack, only an identical card passes it on
    rules = CHAIN.changed(stacking=stacking)
    state = given({1: "R+2 G1 G2", 2: "B+2 R+2 B3", 3: "G5 G6 G7"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    blue = Play(2, card_id(state, 2, "B+2"))
    assert blue not in legal_actions(state, 2)
    with pytest.raises(IllegalAction):
        apply(state, blue)
    state, _ = act(state, Play(2, card_id(state, 2, "R+2")))
    assert codes(state, 2) == ["B+2", "B3"] and len(state.hands[3]) == 7 and state.turn == 1


def test_a_chain_victim_with_an_identical_card_chooses_pass_it_on_and_draw_nothing() -> None:
    state = given({1: "R+2 G1 G2", 2: "R+2 B1 B3", 3: "G5 G6 G7"}, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.turn == 2 and state.penalty == 2  # nothing drawn yet: the choice is theirs
    assert {Play(2, card_id(state, 2, "R+2")), Accept(2)} <= set(legal_actions(state, 2))
    state, events = act(state, Play(2, card_id(state, 2, "R+2")))
    assert len(state.hands[2]) == 2 and len(state.hands[3]) == 7 and Skipped(3) in events


def test_a_chain_victim_with_an_identical_card_may_take_the_penalty_instead() -> None:
    state = given({1: "R+2 G1 G2", 2: "R+2 B1 B3", 3: "G5 G6 G7"}, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Accept(2))
    assert len(state.hands[2]) == 5 and state.turn == 3 and state.chain == 1


@pytest.mark.parametrize("jump_in", [JumpIn.ON, JumpIn.EXTREME])
def test_a_chain_victim_who_accepts_leaves_the_jump_in_window_open(jump_in: JumpIn) -> None:
    """The product's decision: a victim who could pass the chain on but takes the penalty leaves the chain
    open to a jump-in, as when the victim draws at once. Only two of each card exist, so the one jumper
    holding the identical card is the victim itself."""
    hands = {1: "R+2 G1 G2", 2: "R+2 B1 B3", 3: "G5 G6 G7", 4: "Y1 Y2"}
    state = given(hands, "R3", rules=CHAIN.changed(jump_in=jump_in))
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Accept(2))
    assert state.turn == 3 and len(state.hands[2]) == 5 and state.chain == 1
    jump = Play(2, card_id(state, 2, "R+2"))
    assert jump in legal_actions(state, 2)
    state, events = act(state, jump)
    assert len(state.hands[3]) == 3 + 4 and Skipped(3) in events and state.turn == 4 and state.chain == 2


def test_a_chain_ends_when_someone_plays_something_else() -> None:
    state = given({1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "R5 G6 G7", 4: "R+2 Y1 Y2"}, "R3", rules=CHAIN)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Play(3, card_id(state, 3, "R5")))
    assert state.chain == 0
    state, _ = act(state, Play(4, card_id(state, 4, "R+2")))
    assert len(state.hands[1]) == 4  # a new chain of one link


def test_jump_in_on_a_chain_with_extreme_semantics_does_not_cancel() -> None:
    rules = CHAIN.changed(jump_in=JumpIn.EXTREME)
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "G5 G6 G7", 4: "R+2 Y1 Y2"}
    state = given(hands, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Play(4, card_id(state, 4, "R+2")))
    assert len(state.hands[2]) == 5  # the first victim still draws
    assert len(state.hands[1]) == 6 and state.turn == 2  # the jumper's link: 4 for the player after them


SKIPS = Rules(skip_chain=True)


def test_skip_chain_skips_one_then_two_then_three() -> None:
    hands = {1: "RS BS G1", 2: "Y1 Y2", 3: "GS Y3 Y4", 4: "Y5 Y6", 5: "Y7 Y8", 6: "YS B9 B7"}
    state = given(hands, "R3", rules=SKIPS)
    state, events = act(state, Play(1, card_id(state, 1, "RS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [2] and state.turn == 3
    state, events = act(state, Play(3, card_id(state, 3, "GS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [4, 5] and state.turn == 6
    state, events = act(state, Play(6, card_id(state, 6, "YS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [1, 2, 3] and state.turn == 4
    plain = given(hands, "R3")
    plain, _ = act(plain, Play(1, card_id(plain, 1, "RS")), Play(3, card_id(plain, 3, "GS")))
    assert plain.turn == 5


CHAINS_AT_SMALL_TABLES = [
    # (hands, each Skip of the chain as (who plays it, the card, who is skipped, whose turn it is next))
    ({1: "RS BS G1", 2: "Y1 Y2"}, [(1, "RS", [2], 1), (1, "BS", [2], 1)]),
    (
        {1: "RS G1", 2: "Y1 Y2", 3: "GS BS Y3"},
        [(1, "RS", [2], 3), (3, "GS", [1, 2], 3), (3, "BS", [1, 2], 3)],
    ),
]


@pytest.mark.parametrize(("hands", "chain"), CHAINS_AT_SMALL_TABLES, ids=["2 players", "3 players"])
def test_a_skip_chain_longer_than_the_table_never_skips_its_own_player(
    hands: dict[int, str], chain: list[tuple[int, str, list[int], int]]
) -> None:
    """(found by the rules audit of 2026-12-02) with two players every Skip gives the turn back to its
    player: a chained Skip skipping "two" must not hand it to the other instead. Likewise at three players
    a chain of three skips both others, not its own player as well."""
    state = given(hands, "R3", rules=SKIPS)
    for player, code, skipped, turn in chain:
        state, events = act(state, Play(player, card_id(state, player, code)))
        assert [e.player for e in events if isinstance(e, Skipped)] == skipped and state.turn == turn


def test_skip_chain_is_broken_by_a_draw_that_finds_nothing_to_play() -> None:
    hands = {1: "RS BS G1", 2: "Y1 Y2", 3: "GS Y3 Y4", 4: "Y5 Y6", 5: "Y7 Y8"}
    state = given(hands, "R3", rules=SKIPS, draw="B1")
    state, _ = act(state, Play(1, card_id(state, 1, "RS")), Draw(3))
    assert state.skip_chain == 0


def test_a_skip_just_drawn_still_extends_the_skip_chain() -> None:
    hands = {1: "RS BS G1", 2: "Y1 Y2", 3: "G4 Y3 Y4", 4: "Y5 Y6", 5: "Y7 Y8", 6: "B7 B8"}
    state = given(hands, "R3", rules=SKIPS, draw="GS")
    state, _ = act(state, Play(1, card_id(state, 1, "RS")), Draw(3))
    assert state.drawn_card is not None and state.card(state.drawn_card).code == "GS"
    state, events = act(state, Play(3, state.drawn_card))
    assert [event.player for event in events if isinstance(event, Skipped)] == [4, 5] and state.turn == 6


@pytest.mark.parametrize(("jumper", "skipped"), [(2, 3), (4, 5)])  # the skipped player, or one further on
def test_a_jump_in_skip_does_not_extend_the_skip_chain(jumper: int, skipped: int) -> None:
    # only the player after the skipped one extends the chain, on their own turn; a jump-in skips one
    hands = {1: "RS G1", 2: "Y1 Y2", 3: "Y3 Y4", 4: "Y5 Y6", 5: "Y7 Y8", 6: "Y9 B9"}
    hands[jumper] += " RS"
    state = given(hands, "R3", rules=SKIPS.changed(jump_in=JumpIn.ON))
    state, _ = act(state, Play(1, card_id(state, 1, "RS")))
    state, events = act(state, Play(jumper, card_id(state, jumper, "RS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [skipped] and state.turn == skipped + 1


def test_a_skip_on_a_jump_in_skip_extends_the_skip_chain() -> None:
    """RULES.md section 7: "a Skip played on a Skip by the player after the skipped one skips the next two":
    the Skip it lands on may be a jump-in (which itself skips one)."""
    hands = {1: "RS G1", 2: "RS Y2", 3: "Y3 Y4", 4: "GS Y6", 5: "Y7 Y8", 6: "Y9 B9", 7: "B1 B2"}
    state = given(hands, "R3", rules=SKIPS.changed(jump_in=JumpIn.ON))
    state, _ = act(state, Play(1, card_id(state, 1, "RS")))
    state, events = act(state, Play(2, card_id(state, 2, "RS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [3] and state.turn == 4
    state, events = act(state, Play(4, card_id(state, 4, "GS")))
    assert [e.player for e in events if isinstance(e, Skipped)] == [5, 6] and state.turn == 7


COVER = Rules(eight_cover=True)


def test_an_eight_must_be_covered_in_the_same_turn() -> None:
    state = given({1: "R8 R2 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state, events = act(state, Play(1, card_id(state, 1, "R8")))
    assert CoverRequired(1) in events and state.turn == 1 and state.pending is Pending.COVER
    assert Draw(1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, Draw(1))
    assert error.value.reason is Reason.CANNOT_DRAW_CAN_COVER
    state, _ = act(state, Play(1, card_id(state, 1, "R2")))
    assert state.turn == 2 and state.pending is Pending.PLAY


def test_an_uncoverable_eight_draws_until_able() -> None:
    state = given({1: "R8 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER, draw="B4 Y4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Draw(1))
    assert codes(state, 1) == ["G1", "G2", "B4", "Y4", "R6"] and state.pending is Pending.COVER
    state, _ = act(state, Play(1, card_id(state, 1, "R6")))
    assert state.turn == 2


def test_an_eight_as_the_last_card_must_still_be_covered() -> None:
    state = given({1: "R8", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER, draw="B4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    assert not state.round_over and state.pending is Pending.COVER
    state, _ = act(state, Draw(1))
    state, _ = act(state, Play(1, card_id(state, 1, "R6")))
    assert not state.round_over and codes(state, 1) == ["B4"]


def test_the_cover_itself_may_be_the_last_card() -> None:
    state = given({1: "R8 R6", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state, events = act(state, Play(1, card_id(state, 1, "R8")), Play(1, card_id(state, 1, "R6")))
    assert any(isinstance(e, RoundEnded) and e.winner == 1 for e in events)


@pytest.mark.parametrize("jump_in", [JumpIn.ON, JumpIn.EXTREME])
def test_a_jump_in_on_an_eight_passes_the_cover_duty_to_the_jumper(jump_in: JumpIn) -> None:
    rules = COVER.changed(jump_in=jump_in)
    state = given({1: "R8 G1 G2", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Play(3, card_id(state, 3, "R8")))
    assert state.turn == 3 and state.pending is Pending.COVER
    state, _ = act(state, Play(3, card_id(state, 3, "R2")))
    assert state.turn == 1


def test_drawing_to_cover_an_eight_leaves_the_jump_in_on_it_open() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8 G1", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules, draw="Y4 R6")
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Draw(1))
    assert state.pending is Pending.COVER and codes(state, 1) == ["G1", "Y4", "R6"]
    state, _ = act(state, Play(3, card_id(state, 3, "R8")))
    assert state.turn == 3 and state.pending is Pending.COVER


def test_a_jump_in_on_a_last_eight_leaves_its_player_out_and_the_round_ends() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    assert state.pending is Pending.COVER and state.hands[1] == []
    state, events = act(state, Play(3, card_id(state, 3, "R8")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1 and ended.hand_points == {1: 0, 2: 10, 3: 4}
    assert state.match_over or state.round_over


def test_an_eight_that_leaves_one_uncalled_card_opens_the_catch_window() -> None:
    rules = COVER.changed(jump_in=JumpIn.EXTREME)
    state = given({1: "R8 G2", 2: "B9 B1", 3: "R8 R2 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "R8"), 1000))
    assert state.catchable == [1] and state.catch_deadline == 11_000 and state.pending is Pending.COVER
    state, events = act(state, Catch(2, 2000))
    assert Caught(2, 1) in events and codes(state, 1) == ["G2", "R0", "R1"]
    assert state.turn == 1 and state.pending is Pending.COVER


@pytest.mark.parametrize(
    "hands",
    [{1: "RS R8", 2: "B9 B1"}, {1: "R8 R8", 2: "B9 B1", 3: "G5 G2"}],
    ids=["a Skip between two gives the turn back", "an 8 covered by an 8"],
)
def test_a_last_eight_played_without_a_call_leaves_nobody_to_catch(hands: dict[int, str]) -> None:
    """(rules audit, session 49) A player who reached one card without calling, then played it as an 8 in the
    same turn, stayed catchable with no card while drawing to cover it; the computer players caught them."""
    state = given(hands, "R3", rules=COVER, draw="B4 R6")
    first, last = state.hands[1]
    state, _ = act(state, Play(1, first, 1000))
    assert state.catchable == [1] and state.turn == 1
    state, _ = act(state, Play(1, last, 2000))
    assert state.hands[1] == [] and state.pending is Pending.COVER
    assert state.catchable == [] and state.catch_deadline is None
    assert not isinstance(choose_action(state, 2, now=2500), Catch)
    state, events = act(state, Catch(2, 2500))
    assert FalseCatch(2) in events and state.hands[1] == []
    state, _ = act(state, Draw(1, 3000))
    state, _ = act(state, Play(1, card_id(state, 1, "R6"), 4000))
    assert codes(state, 1) == ["B4"] and state.catchable == [1]  # one card again, no call: the usual window


def test_drawn_back_from_an_empty_hand_to_one_uncalled_card_a_player_is_catchable() -> None:
    state = given({1: "RS R8", 2: "B9 B1"}, "R3", rules=COVER, draw="G1")
    state.draw_pile = state.draw_pile[-1:]  # the G1 alone, and it cannot cover the 8
    skip, eight = card_id(state, 1, "RS"), card_id(state, 1, "R8")
    state, _ = act(state, Play(1, skip, 1000), Play(1, eight, 2000), Draw(1, 3000))
    assert codes(state, 1) == ["G1"] and state.turn == 2
    assert state.catchable == [1] and state.catch_deadline == 13_000
    state, events = act(state, Catch(2, 4000))
    assert Caught(2, 1) in events and len(state.hands[1]) == 3


def test_a_cover_draw_that_finds_nothing_reopens_no_catch_window_that_ran_out() -> None:
    state = given({1: "R8 G1", 2: "B9 B1", 3: "B5 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    eight = card_id(state, 1, "R8")
    state, _ = act(state, Play(1, eight, 1000), Timeout(TimeoutKind.CATCH, 11_000), Draw(1, 12_000))
    assert codes(state, 1) == ["G1"] and state.turn == 2 and state.catchable == []


SLAP = Rules(zero_slap=True)


def test_zero_slap_the_last_to_slap_draws_four() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, events = act(state, Play(1, card_id(state, 1, "R0"), 1000))
    assert SlapStarted(6000) in events and state.slap_deadline == 6000
    assert Slap(3, 1000) in legal_actions(state, 3)
    state, _ = act(state, Slap(2, 1100), Slap(1, 1200))
    with pytest.raises(IllegalAction) as error:
        apply(state, Slap(2, 1250))
    assert error.value.reason is Reason.ALREADY_SLAPPED
    state, _ = act(state, Slap(3, 1300))
    assert len(state.hands[3]) == 6 and len(state.hands[2]) == 2 and state.slap_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Slap(2, 1400))
    assert error.value.reason is Reason.NO_SLAP_WINDOW


def test_zero_slap_at_the_deadline_the_last_to_slap_and_everyone_who_did_not_draw_four() -> None:
    hands = {1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2", 4: "Y8 Y2"}
    state = given(hands, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1500), Slap(3, 1600))
    with pytest.raises(IllegalAction):
        apply(state, Timeout(TimeoutKind.SLAP, 5999))
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3, 4)] == [2, 6, 6, 6]
    reasons = {e.player: e.reason for e in events if isinstance(e, CardsDrawn)}
    assert reasons == {3: DrawReason.SLAP, 2: DrawReason.NO_SLAP, 4: DrawReason.NO_SLAP}  # each told apart


def test_zero_slap_the_only_one_to_slap_draws_four_as_the_last_told_apart() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(2, 1500))
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3)] == [6, 6, 6]
    reasons = {e.player: e.reason for e in events if isinstance(e, CardsDrawn)}
    assert reasons == {2: DrawReason.SLAP_ALONE, 1: DrawReason.NO_SLAP, 3: DrawReason.NO_SLAP}


def test_zero_slap_nobody_slapped_everyone_draws_four() -> None:
    state = given({1: "R0 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000))
    state, _ = apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert [len(state.hands[p]) for p in (1, 2, 3)] == [6, 6, 6]


def test_a_new_zero_restarts_the_slap_and_forgets_who_slapped_the_last() -> None:
    state = given({1: "R0 G1 G2", 2: "B0 B1 B2", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Slap(1, 1100))
    state, _ = act(state, Play(2, card_id(state, 2, "B0"), 1200))
    assert state.slapped == [] and state.slap_pending == [1, 2, 3]
    state, events = apply(state, Timeout(TimeoutKind.SLAP, 6200))
    drawn = [(e.player, e.count, e.reason) for e in events if isinstance(e, CardsDrawn)]
    assert drawn == [(p, 4, DrawReason.NO_SLAP) for p in (1, 2, 3)]


def test_a_round_won_during_a_slap_leaves_no_slap_to_time_out() -> None:
    state = given({1: "R0 G1 G2", 2: "R5", 3: "B8 B2"}, "R3", rules=SLAP)
    state, _ = act(state, Play(1, card_id(state, 1, "R0"), 1000), Play(2, card_id(state, 2, "R5"), 1100))
    assert state.round_over and state.slap_pending == [] and state.slap_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.SLAP, 6000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


SILENCE = Rules(seven_silence=True)


def test_seven_silence_the_first_to_speak_draws_four() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SILENCE)
    state, events = act(state, Play(1, card_id(state, 1, "R7")))
    assert SilenceStarted(1) in events and state.silence_holder == 1
    state, events = apply(state, BreakSilence(3))
    assert SilenceBroken(3) in events and len(state.hands[3]) == 6 and state.silence_holder is None
    with pytest.raises(IllegalAction) as error:
        apply(state, BreakSilence(2))
    assert error.value.reason is Reason.NO_SILENCE


def test_a_round_won_during_a_silence_ends_it() -> None:
    state = given({1: "R7 G1 G2", 2: "R5", 3: "B8 B2"}, "R3", rules=SILENCE)
    state, _ = act(state, Play(1, card_id(state, 1, "R7")), Play(2, card_id(state, 2, "R5")))
    assert state.round_over and state.silence_holder is None  # no silence shown over the pause


def test_seven_silence_ends_with_the_players_next_move_and_a_later_seven_extends_it() -> None:
    hands = {1: "R7 G1 G2", 2: "B7 B1 B3", 3: "B8 B2 B4"}
    state = given(hands, "R3", rules=SILENCE, draw="Y1 Y2")
    state, _ = act(state, Play(1, card_id(state, 1, "R7")), Play(2, card_id(state, 2, "B7")))
    assert state.silence_holder == 2
    state, events = act(state, Draw(3), Draw(1))
    assert state.silence_holder == 2 and SilenceEnded() not in events
    state, events = act(state, Play(2, card_id(state, 2, "B1")))
    assert SilenceEnded() in events and state.silence_holder is None


def test_seven_silence_outlasts_the_swap_its_player_chooses() -> None:
    # choosing whom to swap with is part of the 7's move, not the player's next move
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=SILENCE.changed(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    state, events = act(state, ChooseSwap(1, 3))
    assert SilenceEnded() not in events and state.silence_holder == 1
    state, events = apply(state, BreakSilence(2))
    assert SilenceBroken(2) in events and len(state.hands[2]) == 6


def test_covering_does_not_reshuffle_the_discards_the_duty_lapses_instead() -> None:
    state = given({1: "R8 B8 G1", 2: "B9 B1", 3: "B5 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    state, _ = act(state, Play(1, card_id(state, 1, "R8")), Play(1, card_id(state, 1, "B8")))
    assert state.pending is Pending.COVER and state.turn == 1
    state, events = act(state, Draw(1))
    assert "Reshuffled" not in [type(e).__name__ for e in events]
    assert state.turn == 2 and state.pending is Pending.PLAY and codes(state, 1) == ["G1"]


def test_an_uncoverable_last_eight_with_an_empty_draw_pile_wins_the_round() -> None:
    state = given({1: "R8", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=COVER)
    state.draw_pile = []
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    state, events = act(state, Draw(1))
    assert any(isinstance(e, RoundEnded) and e.winner == 1 for e in events)


def test_a_draw_two_just_drawn_still_extends_the_draw_chain() -> None:
    # "the next player may extend the chain with another Draw Two": the drawn +2 lands on the same sequence.
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "G5 G6 G7", 4: "Y1 Y2 Y3"}
    state = given(hands, "R3", rules=CHAIN, draw="Y4 Y5 B+2")  # the victim draws Y4 Y5, player 3 the B+2
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Draw(3))
    assert state.drawn_card is not None and state.card(state.drawn_card).code == "B+2" and state.chain == 1
    state, events = act(state, Play(3, state.drawn_card))
    assert Skipped(4) in events and len(state.hands[4]) == 3 + 4


def test_a_draw_chain_ends_when_its_next_player_draws_and_keeps_the_card() -> None:
    hands = {1: "R+2 G1 G2", 2: "B9 B1 B3", 3: "G5 G6 G7", 4: "R+2 Y1 Y2"}
    state = given(hands, "R3", rules=CHAIN, draw="Y4 Y5 B+2")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")), Draw(3))
    state, _ = act(state, Pass(3))
    assert state.chain == 0 and state.turn == 4
    state, _ = act(state, Play(4, card_id(state, 4, "R+2")))
    assert len(state.hands[1]) == 2 + 2  # a new chain of one link


@pytest.mark.parametrize(
    ("rules", "first", "last"),
    [(CHAIN, "R+2", "R+2"), (CHAIN, "R+2", "RR"), (SKIPS, "RS", "BS")],
    ids=["draw chain, a Draw Two", "draw chain, a Reverse", "skip chain, a Skip"],
)
def test_a_chain_ends_with_the_round_its_last_link_wins(rules: Rules, first: str, last: str) -> None:
    """(found by the rules audit of 2026-12-05) the table still said "⛓ +2 chain: 2 links · the next link
    makes someone take 6 cards" under "The round is over": an ended round leaves no chain to extend."""
    state = given({1: f"{first} G1", 2: "B9 B1", 3: last, 4: "Y1 Y2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, first)))
    assert state.turn == 3 and (state.chain or state.skip_chain)
    state, events = act(state, Play(3, card_id(state, 3, last)))
    assert any(isinstance(event, RoundEnded) for event in events) and state.round_over
    assert (state.chain, state.skip_chain) == (0, 0)
