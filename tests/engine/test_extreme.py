"""RULES.md section 7, UNO Extreme: the draw chain (its links, a Reverse linking it, a victim passing it on
or taking it, jump-ins on it, its end) and the skip chain (one, two, three skipped, at small tables, broken,
not extended by a jump-in); a chain ends with the round its last link wins.

The eight cover is in test_extreme_eight_cover, the zero slap and the seven silence in
test_extreme_slap_and_silence."""

import pytest

from bot.engine import (
    Accept,
    Catch,
    Draw,
    IllegalAction,
    JumpIn,
    Pass,
    Pending,
    Play,
    Rules,
    Stacking,
    apply,
    legal_actions,
)
from bot.engine.events import CardsDrawn, Caught, DirectionChanged, Event, RoundEnded, Skipped

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
