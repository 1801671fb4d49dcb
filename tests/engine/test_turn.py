"""RULES.md section 3: legal plays, drawing, passing, action cards, two players, piles running out."""

import pytest

from bot.engine import (
    Accept,
    Action,
    Catch,
    Challenge,
    ChooseColour,
    Colour,
    Draw,
    DrawRule,
    IllegalAction,
    Kind,
    Pass,
    Pending,
    Play,
    Reason,
    Rules,
    apply,
    legal_actions,
)
from bot.engine.decks import DeckName
from bot.engine.drawing import penalty_takes
from bot.engine.events import CardsDrawn, Event, Reshuffled, RoundEnded, Skipped
from bot.engine.state import Stage

from .helpers import act, card_id, codes, given, kinds, total_cards

THREE = {2: "B9 G9 Y9", 3: "B8 G8 Y8"}


@pytest.mark.parametrize(
    ("card", "top", "colour", "legal"),
    [
        ("R5", "R3", None, True),  # colour
        ("B3", "R3", None, True),  # number
        ("BS", "RS", None, True),  # symbol
        ("B+2", "R+2", None, True),
        ("GR", "YR", None, True),
        ("B4", "R3", None, False),
        ("BS", "R3", None, False),
        ("B+2", "RS", None, False),
        ("W", "R3", None, True),  # a Wild at any time
        ("W4", "R3", None, True),  # no red card held
        ("R5", "W", Colour.RED, True),  # the chosen colour after a black card
        ("B5", "W", Colour.RED, False),
        ("B5", "W4", Colour.BLUE, True),
        ("W", "W", Colour.RED, True),  # black_on_black is on by default
        ("W4", "W", Colour.RED, True),
    ],
)
def test_legal_play(card: str, top: str, colour: Colour | None, legal: bool) -> None:
    state = given({1: f"{card} G1", 2: "B9", 3: "B8"}, top, colour=colour)
    play = Play(1, card_id(state, 1, card))
    assert (play in legal_actions(state, 1)) is legal
    if legal:
        new, events = apply(state, play)
        assert kinds(events)[0] == "CardPlayed" and new.top.code == card
    else:
        with pytest.raises(IllegalAction) as error:
            apply(state, play)
        assert error.value.reason is Reason.CARD_NOT_PLAYABLE


@pytest.mark.parametrize("card", ["W", "W4"])
def test_black_on_black_off_refuses_a_black_card_on_a_black_card(card: str) -> None:
    state = given(
        {1: f"{card} G1", 2: "B9", 3: "B8"}, "W", colour=Colour.RED, rules=Rules(black_on_black=False)
    )
    play = Play(1, card_id(state, 1, card))
    assert play not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, play)
    assert error.value.reason is Reason.BLACK_ON_BLACK


def test_a_wild_may_name_the_current_colour_and_the_next_player_moves() -> None:
    state = given({1: "W R1 G1", **THREE}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W")))
    assert state.pending is Pending.CHOOSE_COLOUR and state.actor == 1
    assert [type(a).__name__ for a in legal_actions(state, 2)] == ["Catch"]  # nobody else may move meanwhile
    state, _ = act(state, ChooseColour(1, Colour.RED))
    assert state.colour is Colour.RED and state.turn == 2 and state.pending is Pending.PLAY


@pytest.mark.parametrize(
    ("hand", "guilty"),
    [
        ("W4 R5 G1", True),  # holds the colour in force
        ("W4 RS G1", True),  # a red action card is a red card
        ("W4 B3 G1", False),  # same number, other colour: does not count
        ("W4 GS W", False),  # other-colour action card and another black card: do not count
    ],
)
def test_wild_draw_four_legality_is_judged_on_the_hand_before_it_left(hand: str, guilty: bool) -> None:
    state = given({1: hand, 2: "B9 B1", 3: "B8 B2"}, "R3" if "GS" not in hand else "RS")
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.BLUE))
    assert state.challenge is not None and state.challenge.guilty is guilty
    refusing = given(
        {1: hand, 2: "B9", 3: "B8"}, "R3" if "GS" not in hand else "RS", rules=Rules(wd4_challenge=False)
    )
    play = Play(1, card_id(refusing, 1, "W4"))
    if guilty:
        with pytest.raises(IllegalAction) as error:
            apply(refusing, play)
        assert error.value.reason is Reason.WILD_NOT_ALLOWED
        assert play not in legal_actions(refusing, 1)
    else:
        assert play in legal_actions(refusing, 1)


@pytest.mark.parametrize(("hand", "guilty"), [("W4 B5 G1", True), ("W4 R5 G1", False)])
def test_after_a_black_card_wild_draw_four_legality_follows_the_chosen_colour(
    hand: str, guilty: bool
) -> None:
    """RULES.md section 3: after a black card "the colour in force" is the colour chosen for it (blue
    here): a blue card held makes the W4 a bluff, a red one does not."""
    state = given({1: hand, 2: "B9 B1", 3: "B8 B2"}, "W", colour=Colour.BLUE)
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.GREEN))
    assert state.challenge is not None and state.challenge.guilty is guilty
    refusing = given({1: hand, 2: "B9", 3: "B8"}, "W", colour=Colour.BLUE, rules=Rules(wd4_challenge=False))
    assert (Play(1, card_id(refusing, 1, "W4")) in legal_actions(refusing, 1)) is not guilty


def test_draw_then_only_the_drawn_card_may_be_played() -> None:
    state = given({1: "R5 G1", **THREE}, "R3", draw="R7")
    state, events = act(state, Draw(1))
    assert codes(state, 1) == ["R5", "G1", "R7"] and state.pending is Pending.PLAY_DRAWN
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.count == 1 and state.card(drawn.cards[0]).code == "R7"
    for action, reason in [
        (Play(1, card_id(state, 1, "R5")), Reason.ONLY_DRAWN_CARD),
        (Draw(1), Reason.ALREADY_DRAWN),
    ]:
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.reason is reason
    assert set(legal_actions(state, 1)) >= {Play(1, card_id(state, 1, "R7")), Pass(1)}
    passed, events = act(state, Pass(1))
    assert passed.turn == 2 and kinds(events) == ["Passed"]
    played, _ = act(state, Play(1, card_id(state, 1, "R7")))
    assert played.top.code == "R7" and played.turn == 2


def test_draw_is_allowed_with_a_playable_card_and_an_unplayable_draw_passes_at_once() -> None:
    state = given({1: "R5 G1", **THREE}, "R3", draw="B7")
    state, events = act(state, Draw(1))
    assert kinds(events) == ["CardsDrawn", "Passed"] and state.turn == 2 and state.pending is Pending.PLAY


def test_passing_without_drawing_is_illegal() -> None:
    state = given({1: "R5 G1", **THREE}, "R3")
    assert Pass(1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, Pass(1))
    assert error.value.reason is Reason.MUST_DRAW_FIRST


def test_only_the_turn_player_moves() -> None:
    state = given({1: "R5 G1", **THREE}, "R3")
    for action in (Play(2, card_id(state, 2, "B9")), Draw(2)):
        with pytest.raises(IllegalAction) as error:
            apply(state, action)
        assert error.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalAction) as error:
        apply(state, Draw(99))
    assert error.value.reason is Reason.NOT_A_PLAYER


def test_draw_until_playable_keeps_drawing_but_not_for_penalties() -> None:
    rules = Rules(draw_rule=DrawRule.UNTIL_PLAYABLE)
    state = given({1: "G1 G2", **THREE}, "R3", draw="B1 B2 Y4 R9", rules=rules)
    state, _events = act(state, Draw(1))
    assert codes(state, 1)[2:] == ["B1", "B2", "Y4", "R9"] and state.drawn_card == card_id(state, 1, "R9")
    penalty = given({1: "G1", 2: "B9 B1", 3: "B8"}, "R+2", turn=2, draw="B1 B2 B3", rules=rules)
    penalty.stage, penalty.penalty, penalty.penalty_kind = penalty.stage.PENALTY, 2, Kind.DRAW_TWO
    penalty, _ = act(penalty, Accept(2))
    assert len(penalty.hands[2]) == 4


def test_force_play_makes_a_playable_drawn_card_compulsory() -> None:
    state = given({1: "G1 G2", **THREE}, "R3", draw="R7", rules=Rules(force_play=True))
    state, _ = act(state, Draw(1))
    assert Pass(1) not in legal_actions(state, 1)
    with pytest.raises(IllegalAction) as error:
        apply(state, Pass(1))
    assert error.value.reason is Reason.MUST_PLAY_DRAWN


@pytest.mark.parametrize(
    ("card", "players", "next_turn", "skipped", "direction"),
    [
        ("RS", 3, 3, [2], 1),
        ("RR", 3, 3, [], -1),
        ("RS", 2, 1, [2], 1),  # two players: the same player moves again
        ("RR", 2, 1, [2], 1),  # two players: Reverse acts as Skip
        ("RS", 4, 3, [2], 1),
        ("RR", 4, 4, [], -1),
    ],
)
def test_skip_and_reverse(
    card: str, players: int, next_turn: int, skipped: list[int], direction: int
) -> None:
    hands = {1: f"{card} G1", 2: "B9 B1", 3: "B8 B2", 4: "B7 B3"}
    state = given({p: hands[p] for p in range(1, players + 1)}, "R3")
    state, events = act(state, Play(1, card_id(state, 1, card)))
    assert state.turn == next_turn and state.direction == direction
    assert [e.player for e in events if isinstance(e, Skipped)] == skipped


@pytest.mark.parametrize(("players", "after"), [(3, 3), (2, 1)])
def test_draw_two_victim_draws_two_and_loses_the_turn(players: int, after: int) -> None:
    hands = {1: "R+2 G1 G2", 2: "B9 B1", 3: "B8 B2"}
    state = given({p: hands[p] for p in range(1, players + 1)}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.pending is Pending.PENALTY and state.turn == 2 and state.penalty == 2
    assert Draw(2) not in legal_actions(state, 2)
    state, events = act(state, Accept(2))
    assert len(state.hands[2]) == 4 and state.turn == after
    assert kinds(events) == ["CardsDrawn", "Skipped"]


@pytest.mark.parametrize(("players", "after"), [(3, 3), (2, 1)])
def test_accepted_wild_draw_four(players: int, after: int) -> None:
    hands = {1: "W4 G1", 2: "B9 B1", 3: "B8 B2"}
    state = given({p: hands[p] for p in range(1, players + 1)}, "R3")
    state, _ = act(state, Play(1, card_id(state, 1, "W4")), ChooseColour(1, Colour.GREEN))
    state, _ = act(state, Accept(2))
    assert len(state.hands[2]) == 6 and state.turn == after and state.colour is Colour.GREEN


def test_empty_draw_pile_is_refilled_from_the_discards_under_the_top() -> None:
    state = given({1: "G1 G2", **THREE}, "R3", under="B1 W Y2")
    state.draw_pile = []
    before = total_cards(state)
    state, events = act(state, Draw(1))
    assert isinstance(events[0], Reshuffled) and events[0].count == 3
    assert [state.card(c).code for c in state.discard] == ["R3"]
    assert len(state.draw_pile) == 2 and total_cards(state) == before


def test_exhausted_piles_draw_nothing_and_a_stalled_cycle_ends_the_round() -> None:
    state = given({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS"}, "R3")
    state.draw_pile = []
    state, events = act(state, Draw(1))
    assert kinds(events) == ["CardsDrawn", "Passed"] and events[0].count == 0
    state, _ = act(state, Draw(2))
    state, events = act(state, Draw(3))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.stalled and ended.winner == 1  # 3 points, the fewest
    assert ended.hand_points == {1: 3, 2: 18, 3: 28}


@pytest.mark.parametrize(
    ("hands", "winner"),
    [
        ({1: "G1 G2 G4", 2: "B9", 3: "B8 GS"}, 1),  # 7 points in three cards beat 9 in one
        ({1: "G1 G2 G4", 2: "B7", 3: "B8 GS"}, 2),  # equal points: the fewer cards
        ({1: "G1 G6", 2: "B2 B5", 3: "B8 GS"}, 1),  # equal points and cards: the first in turn order
    ],
    ids=["points first", "then cards", "then turn order"],
)
def test_a_stalled_round_goes_to_the_fewest_hand_points(hands: dict[int, str], winner: int) -> None:
    state = given(hands, "R3")
    state.draw_pile = []
    state, _ = act(state, Draw(1), Draw(2))
    state, events = act(state, Draw(3))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.stalled and ended.winner == winner


def test_a_penalty_with_too_few_cards_left_takes_what_exists() -> None:
    hands = {1: "G1 G2", 2: "B9 B1", 3: "B8 B2"}
    state = given(hands, "R+2", draw="Y7", turn=2, stage=Stage.PENALTY, penalty=2, penalty_kind=Kind.DRAW_TWO)
    state.draw_pile = state.draw_pile[-1:]  # only the Y7 is left, and the discard pile is just its top
    state, events = act(state, Accept(2))
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.count == 1 and codes(state, 2) == ["B9", "B1", "Y7"] and state.turn == 3


def test_a_cycle_is_not_stalled_while_someone_could_have_played() -> None:
    # Player 2 draws instead of playing R9: nobody was stuck for a whole cycle yet.
    state = given({1: "G1 G2", 2: "R9 Y9", 3: "B8 GS"}, "R3")
    state.draw_pile = []
    for player in (1, 2, 3):
        state, events = act(state, Draw(player))
        assert not any(isinstance(e, RoundEnded) for e in events)
    assert state.stall == 1  # only player 3 was stuck since
    state, _ = act(state, Draw(1))
    state, events = act(state, Draw(2))
    assert state.stall == 0 and not state.round_over


def test_a_round_that_only_churns_the_same_few_cards_ends_as_stalled() -> None:
    # Every card but two Reverses is in a hand. Players 1 and 3 hold neither red nor a Reverse: each must draw
    # the other Reverse (rebuilt into a one-card draw pile) and, with force_play, play it, handing the turn
    # straight back. Player 2 would never move again; three thin rebuilds per player end the round.
    hands = {1: "Y0 Y7 GS", 2: "B9", 3: "G0 Y6"}
    state = given(hands, "RR", under="RR", rules=Rules(force_play=True), turn=3, direction=-1)
    state.hands[2] = [*state.hands[2], *state.draw_pile]
    state.draw_pile = []
    for _ in range(40):
        player = state.turn
        assert player != 2 and state.stage is Stage.PLAY
        state, events = act(state, Draw(player))
        if state.round_over or state.match_over:
            break
        state, events = act(state, Play(player, state.hands[player][-1]))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.stalled and ended.winner == 3 and state.thin_reshuffles == 9  # G0 Y6: 6 points, the fewest


@pytest.mark.parametrize(("under", "thin"), [("R1 R2", 1), ("R1 R2 R4", 0)], ids=["two cards", "three cards"])
def test_a_draw_pile_rebuilt_from_fewer_than_three_cards_counts_as_thin(under: str, thin: int) -> None:
    state = given({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS"}, "R3", under=under)
    state.draw_pile = []
    state, events = act(state, Draw(1))
    assert Reshuffled(len(under.split())) in events and state.thin_reshuffles == thin


@pytest.mark.parametrize(
    ("hands", "under", "thin"),
    [
        ({1: "G1 G2", 2: "B9 Y9"}, "R1 R2", 1),  # two players: fewer than three cards is still thin
        ({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS", 4: "Y8 Y7"}, "R1 R2 R4", 1),  # four: fewer than four is
        ({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS", 4: "Y8 Y7"}, "R1 R2 R4 R5", 0),
    ],
)
def test_a_thin_rebuild_is_fewer_cards_than_three_or_than_the_players(
    hands: dict[int, str], under: str, thin: int
) -> None:
    state = given(hands, "R3", under=under)
    state.draw_pile = []
    state, _ = act(state, Draw(1))
    assert state.thin_reshuffles == thin


def test_a_rebuild_that_is_not_thin_ends_a_run_of_thin_ones() -> None:
    state = given({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS"}, "R3", under="R1 R2 R4", thin_reshuffles=5)
    state.draw_pile = []
    state, _ = act(state, Draw(1))
    assert state.thin_reshuffles == 0


def test_a_draw_that_finds_a_card_resets_the_stall_count() -> None:
    state = given({1: "G1 G2", 2: "B9 Y9", 3: "B8 GS"}, "R3")
    state.draw_pile = []
    state, _ = act(state, Draw(1))
    state.draw_pile = [card_id(state, 3, "GS")]  # a card turns up again (moved here from player 3)
    state.hands[3] = [c for c in state.hands[3] if c not in state.draw_pile]
    state, events = act(state, Draw(2))
    assert kinds(events) == ["CardsDrawn", "Passed"] and events[0].count == 1
    assert state.stall == 0


def test_a_play_resets_the_stall_count() -> None:
    state = given({1: "G1 G2", 2: "R9 Y9", 3: "B8 RS"}, "R3")
    state.draw_pile = []
    state, _ = act(state, Draw(1))
    assert state.stall == 1
    state, _ = act(state, Play(2, card_id(state, 2, "R9")))
    assert state.stall == 0


def test_a_black_card_may_name_its_colour_in_the_play() -> None:
    state = given({1: "W4 G1 G2", **THREE}, "R3")
    state, events = apply(state, Play(1, card_id(state, 1, "W4"), colour=Colour.BLUE))
    assert kinds(events) == ["CardPlayed", "ColourChosen"] and state.colour is Colour.BLUE
    assert state.pending is Pending.PENALTY and state.turn == 2
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(2, card_id(state, 2, "B9"), colour=Colour.RED))
    assert error.value.reason is Reason.INVALID_COLOUR


def test_thin_rebuilds_do_not_end_a_round_someone_is_going_out_of() -> None:
    """(found by the rules audit of 2026-12-02) every card but a few is in a hand, so each draw rebuilds a
    one-card pile; but player 1 sheds a card every turn: the round goes on until they go out."""
    state = given({1: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R9", 2: "B1"}, "R0")
    state.hands[2] = [*state.hands[2], *state.draw_pile]  # player 2 holds no red: they draw and pass
    state.draw_pile = []
    events: list[Event] = []
    for _ in range(40):
        if state.turn == 1:
            state, events = act(state, Play(1, state.hands[1][0]))
        else:
            state, events = act(state, Draw(2))
            if state.stage is Stage.DRAWN:
                state, events = act(state, Pass(2))
        if state.round_over or state.match_over:
            break
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1 and not ended.stalled


@pytest.mark.parametrize(("under", "takes"), [("", 1), ("Y4 Y5 Y6", 2)], ids=["short", "enough"])
def test_a_penalty_takes_what_the_piles_hold_at_most(under: str, takes: int) -> None:
    """What a hand shows the victim of a +2 when the cards run short ("only 1 card left to take")."""
    state = given({1: "R+2 G1", 2: "B9 B1", 3: "B8 B2"}, "R3", under=under)
    state.draw_pile = []  # the red 3 is left to take, and what lies under it
    state, _ = act(state, Play(1, card_id(state, 1, "R+2")))
    assert state.penalty == 2 and penalty_takes(state) == takes


# RULES.md section 3, the draw pile running out while cards are owed: one card is left to draw, and six lie
# under the red 3. (rules, the hands, the card player 1 plays on the red 3, the moves after it, the hand
# sizes after them)
OWED_ACROSS_A_RESHUFFLE = {
    "a +2 accepted": (Rules(), {1: "R+2 G1", 2: "B9 B1"}, "R+2", [Accept(2)], {2: 4}),
    "a +4 challenged, fair": (
        Rules(),
        {1: "W4 G1", 2: "B9 B1"},
        "W4",
        [ChooseColour(1, Colour.GREEN), Challenge(2)],
        {2: 8},
    ),
    "a +4 challenged, a bluff": (
        Rules(),
        {1: "W4 R1 G1", 2: "B9 B1"},
        "W4",
        [ChooseColour(1, Colour.GREEN), Challenge(2)],
        {1: 6},
    ),
    "a Downpour +2": (Rules(deck=DeckName.H2O), {1: "D2 G1", 2: "B9 B1", 3: "Y1"}, "D2", [], {2: 4, 3: 3}),
    "a catch without UNO!": (Rules(), {1: "R1 G1", 2: "B9 B1"}, "R1", [Catch(2)], {1: 3}),
}


@pytest.mark.parametrize(
    ("rules", "hands", "card", "moves", "sizes"),
    OWED_ACROSS_A_RESHUFFLE.values(),
    ids=list(OWED_ACROSS_A_RESHUFFLE),
)
def test_cards_owed_are_taken_across_a_reshuffle_and_the_top_card_stays(
    rules: Rules, hands: dict[int, str], card: str, moves: list[Action], sizes: dict[int, int]
) -> None:
    state = given(hands, "R3", rules=rules, under="Y4 Y5 Y6 B4 B5 B6", draw="Y7")
    state.draw_pile = state.draw_pile[-1:]
    before = total_cards(state)
    state, events = act(state, Play(1, card_id(state, 1, card)), *moves)
    assert Reshuffled(7) in events and total_cards(state) == before
    assert {player: len(state.hands[player]) for player in sizes} == sizes
    assert state.top.code == card and len(state.discard) == 1
