"""RULES.md section 7: 7-0, multi-play, H2O Downpour, Minecraft Creeper, blank cards."""

import pytest

from bot.engine import (
    Accept,
    Action,
    BreakSilence,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    Colour,
    DeckName,
    Draw,
    DrawRule,
    IllegalAction,
    Pending,
    Play,
    Reason,
    Rules,
    Slap,
    Stacking,
    apply,
    legal_actions,
)
from bot.engine.events import (
    CardPlayed,
    CardsDrawn,
    CreeperRevealed,
    Downpour,
    DrawReason,
    HandsRotated,
    SlapStarted,
)

from .helpers import act, card_id, codes, given

SEVEN_ZERO = Rules(seven_zero=True)


def test_a_seven_swaps_hands_with_the_chosen_player() -> None:
    state = given({1: "R7 G1 G2", 2: "B9", 3: "B8 B2 G6 Y1"}, "R3", rules=SEVEN_ZERO)
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    assert state.pending is Pending.CHOOSE_SWAP and state.actor == 1
    assert set(legal_actions(state, 1)) >= {ChooseSwap(1, 2), ChooseSwap(1, 3)}
    with pytest.raises(IllegalAction) as error:
        apply(state, ChooseSwap(1, 1))
    assert error.value.reason is Reason.INVALID_TARGET
    state, _ = act(state, ChooseSwap(1, 3))
    assert codes(state, 1) == ["B8", "B2", "G6", "Y1"] and codes(state, 3) == ["G1", "G2"]
    assert state.turn == 2 and state.pending is Pending.PLAY


def test_a_swap_that_leaves_one_card_opens_a_catch_window() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B3", 3: "B8"}, "R3", rules=SEVEN_ZERO, uno_called=[3])
    state, _ = act(state, Play(1, card_id(state, 1, "R7")), ChooseSwap(1, 3))
    assert state.catchable == [1] and state.uno_called == []


def test_a_call_stands_when_a_swap_hands_one_card_for_one() -> None:
    """RULES.md §5: Alice called with two cards and played her 7; Carol's single card for hers leaves her
    holding one card, called, so she is not catchable (she was, as if she had never called)."""
    state = given({1: "R7 G1", 2: "B9 B3", 3: "B8"}, "R3", rules=SEVEN_ZERO)
    state, _ = act(state, CallUno(1), Play(1, card_id(state, 1, "R7")), ChooseSwap(1, 3))
    assert codes(state, 1) == ["B8"] and codes(state, 3) == ["G1"]
    assert state.uno_called == [1] and state.catchable == [3]


def test_a_call_stands_when_a_zero_passes_one_card_for_one() -> None:
    state = given({1: "R0 G1", 2: "B9", 3: "B8 Y8 Y9"}, "R3", rules=SEVEN_ZERO, uno_called=[2])
    state, _ = act(state, CallUno(1), Play(1, card_id(state, 1, "R0")))
    assert codes(state, 2) == ["G1"] and codes(state, 3) == ["B9"] and codes(state, 1) == ["B8", "Y8", "Y9"]
    assert state.uno_called == [2] and state.catchable == [3]


def test_two_players_swap_at_once() -> None:
    state = given({1: "R7 G1 G2", 2: "B9 B3"}, "R3", rules=SEVEN_ZERO)
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    assert codes(state, 1) == ["B9", "B3"] and state.decision is None and state.turn == 2


def test_a_zero_between_two_players_says_it_passed_two_hands() -> None:
    """The table tells a 0 between two as the swap it is (no direction to follow): its event says how many
    hands it passed on."""
    state = given({1: "R0 G1 G2", 2: "B9 B3"}, "R3", rules=SEVEN_ZERO)
    state, events = act(state, Play(1, card_id(state, 1, "R0")))
    assert HandsRotated(1, 2) in events and codes(state, 2) == ["G1", "G2"]


@pytest.mark.parametrize(("direction", "receiver_of_1"), [(1, 2), (-1, 3)])
def test_a_zero_passes_every_hand_in_the_direction_of_play(direction: int, receiver_of_1: int) -> None:
    state = given({1: "R0 G1", 2: "B9", 3: "B8 Y8 Y9"}, "R3", rules=SEVEN_ZERO, direction=direction)
    state, events = act(state, Play(1, card_id(state, 1, "R0")))
    assert HandsRotated(direction, 3) in events  # three hands passed on
    assert codes(state, receiver_of_1) == ["G1"]
    assert sorted(state.catchable) == sorted(p for p in state.players if len(state.hands[p]) == 1)
    assert receiver_of_1 in state.catchable


def test_seven_zero_after_a_reverse() -> None:
    state = given({1: "RR G1 G2", 2: "B9 B1", 3: "R0 Y9 Y8"}, "R3", rules=SEVEN_ZERO)
    state, _ = act(state, Play(1, card_id(state, 1, "RR")))
    assert state.turn == 3 and state.direction == -1
    state, _ = act(state, Play(3, card_id(state, 3, "R0")))
    assert (
        codes(state, 2) == ["Y9", "Y8"]
        and codes(state, 1) == ["B9", "B1"]
        and codes(state, 3) == ["G1", "G2"]
    )
    assert state.turn == 2


def test_a_seven_after_a_reverse_hands_the_turn_on_counter_clockwise() -> None:
    state = given({1: "RR G1", 2: "B9 B1", 3: "Y1 Y2", 4: "R7 Y9 Y8"}, "R3", rules=SEVEN_ZERO)
    state, _ = act(state, Play(1, card_id(state, 1, "RR")))
    assert state.turn == 4 and state.direction == -1
    state, _ = act(state, Play(4, card_id(state, 4, "R7")), ChooseSwap(4, 2))
    assert codes(state, 4) == ["B9", "B1"] and codes(state, 2) == ["Y9", "Y8"]
    assert state.turn == 3 and state.direction == -1


MULTI = Rules(multi_play=True)


def test_multi_play_same_number_the_last_sets_the_colour() -> None:
    state = given({1: "R5 B5 G5 Y1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=MULTI)
    ids = [card_id(state, 1, code) for code in ("R5", "B5", "G5")]
    state, events = act(state, Play(1, ids[0], extra=(ids[1], ids[2])))
    assert [e.card for e in events if isinstance(e, CardPlayed)] == ids
    assert state.top.code == "G5" and state.colour is Colour.GREEN and state.turn == 2


@pytest.mark.parametrize(
    ("rules", "cards", "reason"),
    [
        (MULTI, ("B5", "R5"), Reason.CARD_NOT_PLAYABLE),  # the first must be legal
        (MULTI, ("R5", "B6"), Reason.INVALID_MULTI_PLAY),
        (MULTI, ("RS", "BS"), Reason.INVALID_MULTI_PLAY),  # number cards only
        (Rules(), ("R5", "B5"), Reason.MULTI_PLAY_OFF),
    ],
)
def test_multi_play_refusals(rules: Rules, cards: tuple[str, str], reason: Reason) -> None:
    state = given({1: "R5 B5 B6 RS BS", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules)
    first, second = (card_id(state, 1, code) for code in cards)
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(1, first, extra=(second,)))
    assert error.value.reason is reason


def test_multi_play_of_sevens_swaps_once() -> None:
    state = given({1: "R7 B7 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=MULTI.changed(seven_zero=True))
    state, _ = act(state, Play(1, card_id(state, 1, "R7"), extra=(card_id(state, 1, "B7"),)))
    assert state.pending is Pending.CHOOSE_SWAP
    state, _events = act(state, ChooseSwap(1, 2))
    assert codes(state, 1) == ["B9", "B1"] and state.turn == 2 and state.decision is None


H2O = Rules(deck=DeckName.H2O, stacking=Stacking.MIXED)


@pytest.mark.parametrize(("card", "count"), [("D1", 1), ("D2", 2)])
def test_downpour_every_other_player_draws_and_the_next_is_not_skipped(card: str, count: int) -> None:
    state = given({1: f"{card} G1 R1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=H2O)
    state, events = act(state, Play(1, card_id(state, 1, card)))
    assert Downpour(1, count) in events and state.pending is Pending.CHOOSE_COLOUR
    assert len(state.hands[2]) == len(state.hands[3]) == 2 + count and len(state.hands[1]) == 2
    state, _ = act(state, ChooseColour(1, Colour.BLUE))
    assert state.turn == 2 and state.pending is Pending.PLAY and Challenge(2) not in legal_actions(state, 2)


@pytest.mark.parametrize("wd4_challenge", [True, False])
def test_downpour_is_playable_any_time_and_never_challengeable(wd4_challenge: bool) -> None:
    """RULES.md section 7: a Downpour is "playable any time (not challengeable)", even holding the colour
    in force while extreme_wild_restriction restricts the plain Wild."""
    rules = Rules(deck=DeckName.H2O, extreme_wild_restriction=True, wd4_challenge=wd4_challenge)
    state = given({1: "D2 R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules)
    downpour = Play(1, card_id(state, 1, "D2"))
    assert downpour in legal_actions(state, 1)
    state, events = act(state, downpour, ChooseColour(1, Colour.GREEN))
    assert Downpour(1, 2) in events and state.colour is Colour.GREEN
    assert state.challenge is None and state.turn == 2 and state.pending is Pending.PLAY
    assert not any(Challenge(p) in legal_actions(state, p) for p in state.players)
    with pytest.raises(IllegalAction) as error:
        apply(state, Challenge(2))
    assert error.value.reason is Reason.NOTHING_TO_CHALLENGE


def test_downpour_cannot_be_stacked_on_a_penalty() -> None:
    state = given({1: "R+2 G1 R1", 2: "D2 B1", 3: "B8 B2"}, "R3", rules=H2O)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(2, card_id(state, 2, "D2")))
    assert error.value.reason is Reason.CANNOT_STACK


MINECRAFT = Rules(deck=DeckName.MINECRAFT)


def test_a_creeper_drawn_while_covering_an_eight_takes_no_reshuffled_cards() -> None:
    # Covering never reshuffles the discards, the Creeper's 3 extra cards included.
    rules = MINECRAFT.changed(eight_cover=True)
    state = given({1: "R8 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", under="Y5 Y6 Y7", draw="CR R6", rules=rules)
    state.draw_pile = state.draw_pile[-2:]  # only the Creeper and then the R6 are left to draw
    state, _ = act(state, Play(1, card_id(state, 1, "R8")))
    state, events = act(state, Draw(1))
    assert "Reshuffled" not in [type(e).__name__ for e in events]
    assert any(isinstance(e, CreeperRevealed) for e in events)
    assert codes(state, 1) == ["G1", "G2", "CR", "R6"] and len(state.discard) == 5


def test_a_creeper_drawn_on_a_turn_is_revealed_and_costs_three_more() -> None:
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="CR B4 CR Y4", rules=MINECRAFT)
    state, events = act(state, Draw(1))
    revealed = [e for e in events if isinstance(e, CreeperRevealed)]
    assert len(revealed) == 1  # the second Creeper, among the 3, is kept silently
    assert codes(state, 1) == ["G1", "G2", "CR", "B4", "CR", "Y4"]
    assert state.drawn_card == revealed[0].card  # the Creeper plays as a Wild
    state, _ = act(state, Play(1, revealed[0].card), ChooseColour(1, Colour.YELLOW))
    assert state.colour is Colour.YELLOW


def test_a_creeper_drawn_during_a_penalty() -> None:
    state = given({1: "R+2 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B3 CR Y1 Y2 Y3", rules=MINECRAFT)
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    state, events = act(state, Accept(2))
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.PENALTY, DrawReason.CREEPER]
    assert codes(state, 2) == ["B9", "B1", "B3", "CR", "Y1", "Y2", "Y3"] and state.turn == 3


def test_a_creeper_drawn_by_a_caught_player() -> None:
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B3 CR Y1 Y2 Y3", rules=MINECRAFT)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    state, events = act(state, Catch(3))
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.UNO, DrawReason.CREEPER]
    assert CreeperRevealed(1, card_id(state, 1, "CR")) in events
    assert codes(state, 1) == ["G1", "B3", "CR", "Y1", "Y2", "Y3"] and state.catchable == []


@pytest.mark.parametrize(
    ("pile", "dues"), [(5, [0, 0]), (3, [0, 3]), (1, [2])], ids=["all", "creeper short", "short"]
)
def test_a_draw_owes_the_cards_it_was_to_take_only_when_the_piles_ran_short(
    pile: int, dues: list[int]
) -> None:
    """`due` (the narration's "of N") is 0 when a draw took every card it was to take."""
    state = given({1: "R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B3 CR Y1 Y2 Y3", rules=MINECRAFT)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    state.draw_pile, state.discard = state.draw_pile[-pile:], state.discard[-1:]
    state, events = act(state, Catch(3))
    assert [e.due for e in events if isinstance(e, CardsDrawn)] == dues


# RULES.md section 7, a Creeper drawn in "any draw": (rules, player 1's hand, the moves after they play its
# first card, who draws the Creeper, why, their hand size then, the Creeper's 3 more included)
CREEPER_DRAWS = {
    "a guilty W4's 4": (
        Rules(),
        {1: "W4 R5 G1"},
        [ChooseColour(1, Colour.BLUE), Challenge(2)],
        1,
        DrawReason.CHALLENGE,
        2 + 4 + 3,
    ),
    "an innocent W4's challenger's 6": (
        Rules(),
        {1: "W4 B5 G1"},
        [ChooseColour(1, Colour.BLUE), Challenge(2)],
        2,
        DrawReason.CHALLENGE,
        2 + 6 + 3,
    ),
    "a draw chain's victim": (
        Rules(extreme_draw_chain=True),
        {1: "R+2 G1"},
        [],
        2,
        DrawReason.PENALTY,
        2 + 2 + 3,
    ),
    "a false catch": (
        Rules(false_catch_penalty=1),
        {1: "R5 G1 G2"},
        [Catch(2)],
        2,
        DrawReason.FALSE_CATCH,
        2 + 1 + 3,
    ),
    "the last to slap": (
        Rules(zero_slap=True),
        {1: "R0 G1 G2"},
        [Slap(1), Slap(2), Slap(3)],
        3,
        DrawReason.SLAP,
        2 + 4 + 3,
    ),
}


@pytest.mark.parametrize(
    ("rules", "first", "moves", "drawer", "reason", "size"), CREEPER_DRAWS.values(), ids=list(CREEPER_DRAWS)
)
def test_a_creeper_in_any_draw_is_revealed_and_costs_three_more(
    rules: Rules, first: dict[int, str], moves: list[Action], drawer: int, reason: DrawReason, size: int
) -> None:
    hands = {**first, 2: "B9 B1", 3: "B8 B2"}
    state = given(hands, "R3", rules=rules.changed(deck=DeckName.MINECRAFT), draw="CR Y1 Y2 Y3 Y4 Y5 Y6")
    state, events = act(state, Play(1, state.hands[1][0]), *moves)
    assert CreeperRevealed(drawer, card_id(state, drawer, "CR")) in events
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [reason, DrawReason.CREEPER]
    assert len(state.hands[drawer]) == size


def test_a_creeper_drawn_for_breaking_a_silence() -> None:
    # not by `act`: a message posted in the group is no move legal_actions lists
    rules = MINECRAFT.changed(seven_silence=True)
    state = given({1: "R7 G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules, draw="CR Y1")
    state, _ = act(state, Play(1, card_id(state, 1, "R7")))
    state, events = apply(state, BreakSilence(3))
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.SILENCE, DrawReason.CREEPER]
    assert CreeperRevealed(3, card_id(state, 3, "CR")) in events and len(state.hands[3]) == 2 + 4 + 3


def test_a_creeper_ends_a_draw_to_match_and_still_costs_three_more() -> None:
    # The Creeper is playable (a Wild), so the search stops on it; the 3 extra cards (an R6 too) do not count.
    rules = MINECRAFT.changed(draw_rule=DrawRule.UNTIL_PLAYABLE)
    state = given({1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", draw="B4 CR Y4 R6 Y6", rules=rules)
    state, events = act(state, Draw(1))
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.TURN, DrawReason.CREEPER]
    creeper = card_id(state, 1, "CR")
    assert CreeperRevealed(1, creeper) in events
    assert codes(state, 1) == ["G1", "G2", "B4", "CR", "Y4", "R6", "Y6"]
    assert state.drawn_card == creeper and state.pending is Pending.PLAY_DRAWN


def test_a_dealt_or_swapped_creeper_has_no_effect() -> None:
    state = given({1: "R7 G1", 2: "CR B1", 3: "B8"}, "R3", rules=MINECRAFT.changed(seven_zero=True))
    state, events = act(state, Play(1, card_id(state, 1, "R7")), ChooseSwap(1, 2))
    assert not any(isinstance(e, CreeperRevealed) for e in events) and "CR" in codes(state, 1)


@pytest.mark.parametrize("wd4_challenge", [True, False])
def test_a_creeper_is_no_restricted_wild(wd4_challenge: bool) -> None:
    """The product's decision: a Creeper "is played as a Wild" but has its own effect, so
    extreme_wild_restriction does not restrict it: it may be played holding the colour in force and
    offers no challenge."""
    rules = MINECRAFT.changed(extreme_wild_restriction=True, wd4_challenge=wd4_challenge)
    state = given({1: "CR R5 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules)
    creeper = Play(1, card_id(state, 1, "CR"))
    assert creeper in legal_actions(state, 1)
    state, _ = act(state, creeper, ChooseColour(1, Colour.GREEN))
    assert state.challenge is None and state.turn == 2 and state.pending is Pending.PLAY
    assert not any(Challenge(p) in legal_actions(state, p) for p in state.players)
    with pytest.raises(IllegalAction) as error:
        apply(state, Challenge(2))
    assert error.value.reason is Reason.NOTHING_TO_CHALLENGE


def test_blank_draw_ten_and_blank_wild() -> None:
    rules = Rules(deck=DeckName.CLASSIC_BLANK)
    state = given({1: "BL G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules)
    state, _ = act(state, Play(1, card_id(state, 1, "BL")), ChooseColour(1, Colour.GREEN))
    assert (
        state.pending is Pending.PENALTY
        and state.penalty == 10
        and Challenge(2) not in legal_actions(state, 2)
    )
    state, _ = act(state, Accept(2))
    assert len(state.hands[2]) == 12 and state.turn == 3
    wild = given({1: "BL G1 G2", 2: "B9 B1", 3: "B8 B2"}, "R3", rules=rules.changed(blank_effect="wild"))
    wild, _ = act(wild, Play(1, card_id(wild, 1, "BL")), ChooseColour(1, Colour.GREEN))
    assert wild.turn == 2 and wild.pending is Pending.PLAY and wild.colour is Colour.GREEN


def test_a_multi_play_of_zeros_passes_the_hands_on_once_and_opens_one_slap() -> None:
    rules = Rules(multi_play=True, seven_zero=True, zero_slap=True)
    state = given({1: "R0 B0 G1", 2: "B9 B1", 3: "B8 B2 Y1"}, "R3", rules=rules)
    state, events = act(state, Play(1, card_id(state, 1, "R0"), 1000, (card_id(state, 1, "B0"),)))
    assert sum(isinstance(event, HandsRotated) for event in events) == 1
    assert sum(isinstance(event, SlapStarted) for event in events) == 1
    assert (
        codes(state, 2) == ["G1"]
        and codes(state, 3) == ["B9", "B1"]
        and codes(state, 1) == ["B8", "B2", "Y1"]
    )
