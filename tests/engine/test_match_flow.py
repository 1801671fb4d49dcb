"""RULES.md section 2 (dealer, deal, start card, next round) and section 6 (scoring, match end)."""

from collections.abc import Callable

import pytest

from bot.engine import (
    ChooseColour,
    Colour,
    DeckName,
    GameState,
    IllegalAction,
    Kind,
    Pending,
    Play,
    Reason,
    Rules,
    Scoring,
    Stacking,
    Timeout,
    TimeoutKind,
    apply,
    legal_actions,
    new_match,
)
from bot.engine.events import (
    CardsDrawn,
    CreeperRevealed,
    DealerChosen,
    DealerDraw,
    DirectionChanged,
    Event,
    MatchEnded,
    RoundEnded,
    RoundStarted,
    Skipped,
    StartCardReturned,
)

from .helpers import act, card_id, given, kinds, total_cards


def first_seed(
    predicate: Callable[[GameState, list[Event]], bool], rules: Rules | None = None, players: int = 3
) -> tuple[GameState, list[Event]]:
    for seed in range(2000):
        state, events = new_match(list(range(1, players + 1)), rules, seed=seed)
        if predicate(state, events):
            return state, events
    raise AssertionError("no seed found")


def start_kind(kind: Kind) -> Callable[[GameState, list[Event]], bool]:
    return lambda state, events: state.card(state.discard[0]).kind is kind


def left_of(state: GameState, player: int) -> int:
    return state.players[(state.players.index(player) + 1) % len(state.players)]


def test_dealer_is_the_highest_draw_and_ties_draw_again() -> None:
    state, events = first_seed(lambda s, e: any(isinstance(x, DealerDraw) and x.attempt == 2 for x in e))
    draws = [e for e in events if isinstance(e, DealerDraw)]
    first_round = [d for d in draws if d.attempt == 1]
    assert [d.player for d in first_round] == [1, 2, 3]
    ranks = {d.player: state.card(d.card).dealer_rank for d in first_round}
    tied = sorted(p for p, r in ranks.items() if r == max(ranks.values()))
    assert sorted(d.player for d in draws if d.attempt == 2) == tied
    last = max(d.attempt for d in draws)
    final = {d.player: state.card(d.card).dealer_rank for d in draws if d.attempt == last}
    chosen = next(e for e in events if isinstance(e, DealerChosen)).player
    assert final[chosen] == max(final.values()) and list(final.values()).count(final[chosen]) == 1
    assert state.dealer == chosen


def test_action_and_black_cards_count_zero_for_the_dealer_draw() -> None:
    state, _ = new_match([1, 2])
    ranks = {card.code: card.dealer_rank for card in state.deck}
    assert ranks["R9"] == 9 and ranks["RS"] == ranks["W4"] == ranks["B+2"] == 0


@pytest.mark.parametrize(
    "players", [[1], list(range(1, 12)), [1, 2, 1]], ids=["one", "eleven", "a seat twice"]
)
def test_a_match_needs_two_to_ten_distinct_players(players: list[int]) -> None:
    """RULES.md section 2: two to ten players, each seated once."""
    with pytest.raises(ValueError, match="2 to 10 distinct players"):
        new_match(players, Rules(), seed=1)


@pytest.mark.parametrize(("players", "hand_size"), [(2, 7), (4, 5), (10, 10), (10, 7)])
def test_deal(players: int, hand_size: int) -> None:
    state, events = new_match(list(range(1, players + 1)), Rules(hand_size=hand_size), seed=players)
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.round_no == 1 and started.first_player == left_of(state, state.dealer)
    extra = sum(e.count for e in events if isinstance(e, CardsDrawn))
    assert sum(len(h) for h in state.hands.values()) == players * hand_size + extra
    assert total_cards(state) == len(state.deck) and len(state.discard) == 1
    assert state.turn_deadline == 60_000


def test_number_start_card_the_player_left_of_the_dealer_moves_first() -> None:
    state, _ = first_seed(start_kind(Kind.NUMBER))
    assert state.turn == left_of(state, state.dealer) and state.pending is Pending.PLAY
    assert state.colour is state.top.colour and state.direction == 1


@pytest.mark.parametrize("number", [0, 7])
def test_a_zero_or_seven_start_card_has_no_effect(number: int) -> None:
    """The product's decision (RULES.md section 2: a number start card has no effect): under seven_zero,
    zero_slap and seven_silence a 0 or 7 start card rotates no hands, asks for no swap, opens no slap
    window and starts no silence."""
    rules = Rules(seven_zero=True, zero_slap=True, seven_silence=True)
    state, events = first_seed(lambda s, e: s.top.kind is Kind.NUMBER and s.top.number == number, rules)
    assert kinds(events)[-1] == "RoundStarted"  # no HandsRotated, HandsSwapped, SlapStarted, SilenceStarted
    assert all(len(hand) == 7 for hand in state.hands.values())
    assert state.decision is None and state.pending is Pending.PLAY
    assert state.turn == left_of(state, state.dealer)
    assert state.slap_deadline is None and state.slap_pending == [] and state.silence_holder is None


@pytest.mark.parametrize("players", [2, 3])
def test_skip_start_card_skips_the_first_player(players: int) -> None:
    # between two the one after the skipped first player is the dealer
    state, events = first_seed(start_kind(Kind.SKIP), players=players)
    first = left_of(state, state.dealer)
    assert Skipped(first) in events and state.turn == left_of(state, first)


@pytest.mark.parametrize("players", [3, 4])
def test_reverse_start_card_the_dealer_moves_first_counter_clockwise(players: int) -> None:
    state, events = first_seed(start_kind(Kind.REVERSE), players=players)
    assert DirectionChanged(-1) in events and state.direction == -1 and state.turn == state.dealer
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.first_player == state.dealer  # the round's first line names who moves


def test_reverse_start_card_between_two_skips_the_first_player() -> None:
    """RULES.md §2 (2 players: dealer moves first) and §3 (between two, a Reverse acts as a Skip): the
    direction stays, as after a Reverse in play, and the first player is skipped, as after a Skip."""
    state, events = first_seed(start_kind(Kind.REVERSE), players=2)
    first = left_of(state, state.dealer)
    assert Skipped(first) in events and state.turn == state.dealer and state.direction == 1
    assert not any(isinstance(e, DirectionChanged) for e in events)
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.first_player == first  # "..., the start card is 🟥 Reverse: Bob misses a turn."


@pytest.mark.parametrize("players", [2, 3])
def test_draw_two_start_card_first_player_draws_two_and_is_skipped(players: int) -> None:
    # between two the one after the skipped first player is the dealer
    state, events = first_seed(start_kind(Kind.DRAW_TWO), players=players)
    first = left_of(state, state.dealer)
    assert len(state.hands[first]) == 9 and Skipped(first) in events and state.turn == left_of(state, first)


def _next_player_holds_a_draw_two(state: GameState, events: list[Event]) -> bool:
    after_first = left_of(state, left_of(state, state.dealer))
    held = [state.card(cid).kind for cid in state.hands[after_first]]
    return start_kind(Kind.DRAW_TWO)(state, events) and Kind.DRAW_TWO in held


@pytest.mark.parametrize(
    "rules",
    [Rules(stacking=Stacking.SAME), Rules(stacking=Stacking.MIXED), Rules(extreme_draw_chain=True)],
    ids=["stacking same", "stacking mixed", "draw chain"],
)
def test_a_draw_two_start_card_is_never_stacked_on(rules: Rules) -> None:
    """RULES.md section 2: "first player draws 2 and is skipped (no stacking on a start card)": with stacking
    or the extreme draw chain the first player draws at once too, and the next Draw Two starts afresh."""
    state, events = first_seed(_next_player_holds_a_draw_two, rules)
    first = left_of(state, state.dealer)
    nxt = left_of(state, first)
    assert len(state.hands[first]) == 9 and Skipped(first) in events
    assert state.turn == nxt and state.pending is Pending.PLAY and state.penalty == 0 and state.chain == 0
    draw_two = next(cid for cid in state.hands[nxt] if state.card(cid).kind is Kind.DRAW_TWO)
    state, _ = act(state, Play(nxt, draw_two))
    if rules.extreme_draw_chain:
        assert state.chain == 1  # the chain's first link: its victim takes 2, not 4
    else:
        assert state.pending is Pending.PENALTY and state.penalty == 2


@pytest.mark.parametrize(
    ("kind", "deck"), [(Kind.WILD, DeckName.CLASSIC), (Kind.CREEPER, DeckName.MINECRAFT)]
)
def test_wild_start_card_first_player_chooses_then_plays(kind: Kind, deck: DeckName) -> None:
    state, _ = first_seed(start_kind(kind), Rules(deck=deck))
    first = left_of(state, state.dealer)
    assert state.pending is Pending.CHOOSE_COLOUR and state.actor == first and state.colour is None
    assert legal_actions(state, first)[:4] == [ChooseColour(first, c) for c in Colour]
    state, _ = act(state, ChooseColour(first, Colour.GREEN))
    assert state.turn == first and state.pending is Pending.PLAY and state.colour is Colour.GREEN


@pytest.mark.parametrize("deck", [DeckName.CLASSIC, DeckName.H2O, DeckName.CLASSIC_BLANK])
def test_wild_draw_four_downpour_and_blank_never_start_and_are_reshuffled(deck: DeckName) -> None:
    returned = set()
    for seed in range(300):
        state, events = new_match([1, 2, 3], Rules(deck=deck), seed=seed)
        assert state.top.kind not in {Kind.WILD_DRAW_FOUR, Kind.DOWNPOUR_ONE, Kind.DOWNPOUR_TWO, Kind.BLANK}
        returned |= {state.card(e.card).kind for e in events if isinstance(e, StartCardReturned)}
        assert total_cards(state) == len(state.deck)
    assert Kind.WILD_DRAW_FOUR in returned


def test_extreme_start_black_card_first_player_draws_four_and_the_dealer_chooses() -> None:
    state, _ = first_seed(lambda s, e: s.top.colour is None, Rules(extreme_start=True))
    first = left_of(state, state.dealer)
    assert len(state.hands[first]) == 11
    assert state.pending is Pending.CHOOSE_COLOUR and state.actor == state.dealer
    state, _ = act(state, ChooseColour(state.dealer, Colour.RED))
    assert state.turn == first and state.pending is Pending.PLAY


@pytest.mark.parametrize(
    ("deck", "kind"),
    [
        (DeckName.CLASSIC, Kind.WILD_DRAW_FOUR),
        (DeckName.H2O, Kind.DOWNPOUR_TWO),
        (DeckName.CLASSIC_BLANK, Kind.BLANK),
        (DeckName.H2O, Kind.DOWNPOUR_ONE),
        (DeckName.CLASSIC, Kind.WILD),  # "any black card": the first player does not choose, the dealer does
        (DeckName.MINECRAFT, Kind.CREEPER),
    ],
)
def test_extreme_start_keeps_every_black_start_card(deck: DeckName, kind: Kind) -> None:
    state, events = first_seed(start_kind(kind), Rules(deck=deck, extreme_start=True))
    assert not any(isinstance(e, StartCardReturned) for e in events)
    assert len(state.hands[left_of(state, state.dealer)]) == 11
    assert state.pending is Pending.CHOOSE_COLOUR and state.actor == state.dealer


@pytest.mark.parametrize("hand_size", [5, 7, 10])
def test_a_dealt_creeper_has_no_effect(hand_size: int) -> None:
    """RULES.md section 7: "A dealt or swapped Creeper has no effect": the deal reveals nothing and costs
    nobody 3 more cards."""
    rules = Rules(deck=DeckName.MINECRAFT, hand_size=hand_size)
    state, events = first_seed(
        lambda s, e: (
            s.top.kind is Kind.NUMBER
            and any(s.card(cid).kind is Kind.CREEPER for hand in s.hands.values() for cid in hand)
        ),
        rules,
    )
    assert not any(isinstance(e, (CreeperRevealed, CardsDrawn)) for e in events)
    assert all(len(hand) == hand_size for hand in state.hands.values())
    assert total_cards(state) == len(state.deck) and state.turn == left_of(state, state.dealer)


def test_the_deal_passes_from_the_last_seat_to_the_first() -> None:
    state = given({1: "R5", 2: "B9 B1", 3: "B8 B2"}, "R3", dealer=3)
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.next_round_deadline is not None
    state, events = apply(state, Timeout(TimeoutKind.NEXT_ROUND, state.next_round_deadline))
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.dealer == 1 == state.dealer


def test_no_turn_runs_out_over_the_pause_between_rounds() -> None:
    state = given({1: "R5", 2: "B9 B1", 3: "B8 B2"}, "R3", turn_deadline=60_000)
    state, _ = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.round_over and state.turn_deadline is None
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.TURN, 60_000))
    assert error.value.reason is Reason.TIMEOUT_NOT_DUE


def test_next_round_after_a_pause_with_the_next_dealer() -> None:
    state = given({1: "R5", 2: "B9 B1", 3: "B8 B2"}, "R3", dealer=2)
    state, events = act(state, Play(1, card_id(state, 1, "R5"), 1000))
    assert state.round_over and state.pending is Pending.NEXT_ROUND and state.actor is None
    assert state.next_round_deadline == 6000 and state.turn_deadline is None and state.next_deadline() == 6000
    assert legal_actions(state, 2) == []
    with pytest.raises(IllegalAction) as error:
        apply(state, Play(2, card_id(state, 2, "B9")))
    assert error.value.reason is Reason.ROUND_OVER
    with pytest.raises(IllegalAction):
        apply(state, Timeout(TimeoutKind.NEXT_ROUND, 5999))
    state, events = apply(state, Timeout(TimeoutKind.NEXT_ROUND, 6000))
    started = next(e for e in events if isinstance(e, RoundStarted))
    assert started.round_no == 2 and started.dealer == 3 and state.dealer == 3
    assert state.scores == {1: 20, 2: 0, 3: 0} and not state.round_over
    assert all(len(h) >= 7 for h in state.hands.values()) and total_cards(state) == len(state.deck)
    assert state.turn_deadline == 66_000


LAST = {1: "R5", 2: "B9 BS W", 3: "G1"}  # other hands: 9 + 20 + 50 = 79 and 1


@pytest.mark.parametrize(
    ("scoring", "scored", "match_over"),
    [
        (Scoring.WINNER_TAKES, {1: 80, 2: 0, 3: 0}, False),
        (Scoring.OWN_HAND, {1: 0, 2: 79, 3: 1}, False),
        (Scoring.SINGLE_ROUND, {1: 0, 2: 0, 3: 0}, True),
    ],
)
def test_scoring_modes(scoring: Scoring, scored: dict[int, int], match_over: bool) -> None:
    state = given(LAST, "R3", rules=Rules(scoring=scoring))
    state, events = act(state, Play(1, card_id(state, 1, "R5")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.winner == 1 and ended.hand_points == {1: 0, 2: 79, 3: 1}
    assert ended.scored == scored and ended.totals == scored and state.scores == scored
    assert state.match_over is match_over
    if match_over:
        assert MatchEnded((1,), scored) in events and state.winners == [1] and state.pending is Pending.NONE


def test_winner_takes_reaching_the_target_wins_the_match() -> None:
    state = given(LAST, "R3", scores={1: 420, 2: 300, 3: 0})
    state, events = act(state, Play(1, card_id(state, 1, "R5")))
    assert state.match_over and state.winners == [1] and MatchEnded((1,), {1: 500, 2: 300, 3: 0}) in events
    with pytest.raises(IllegalAction) as error:
        apply(state, Timeout(TimeoutKind.NEXT_ROUND, 10**9))
    assert error.value.reason is Reason.MATCH_OVER


@pytest.mark.parametrize(
    ("scores", "winners"),
    [
        ({1: 11, 2: 430, 3: 10}, [1, 3]),
        ({1: 10, 2: 430, 3: 20}, [1]),
        ({1: 0, 2: 0, 3: 0}, []),
        ({1: 10, 2: 421, 3: 20}, [1]),  # 421 + 79 is exactly the target: reached
        ({1: 10, 2: 420, 3: 20}, []),  # 499: not yet
    ],
)
def test_own_hand_lowest_total_wins_when_anyone_reaches_the_target(
    scores: dict[int, int], winners: list[int]
) -> None:
    state = given(LAST, "R3", rules=Rules(scoring=Scoring.OWN_HAND), scores=scores)
    state, _ = act(state, Play(1, card_id(state, 1, "R5")))
    assert state.match_over is bool(winners) and state.winners == winners


def test_lone_zero_counts_one_hundred() -> None:
    state = given({1: "R5", 2: "B0", 3: "G0 G1"}, "R3", rules=Rules(lone_zero_100=True))
    state, events = act(state, Play(1, card_id(state, 1, "R5")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.hand_points == {1: 0, 2: 100, 3: 1}


@pytest.mark.parametrize(
    ("lone", "lone_zero", "points"),
    [("B0", True, 100), ("BS", True, 20), ("W", True, 50), ("B5", True, 5), ("B0", False, 0)],
)
def test_only_a_lone_zero_counts_one_hundred(lone: str, lone_zero: bool, points: int) -> None:
    """RULES.md section 6: `lone_zero_100` makes "a hand holding only a single 0" count 100; any other lone
    card keeps its points (Skip 20, Wild 50)."""
    state = given({1: "R5", 2: lone, 3: "G1"}, "R3", rules=Rules(lone_zero_100=lone_zero))
    state, events = act(state, Play(1, card_id(state, 1, "R5")))
    ended = next(e for e in events if isinstance(e, RoundEnded))
    assert ended.hand_points == {1: 0, 2: points, 3: 1} and ended.scored[1] == points + 1
