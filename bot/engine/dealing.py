"""Starting a match (dealer selection by draw) and starting a round (deal and start card)."""

from __future__ import annotations

from bot.engine.cards import Kind
from bot.engine.drawing import draw_cards
from bot.engine.events import (
    DealerChosen,
    DealerDraw,
    DirectionChanged,
    DrawReason,
    Event,
    RoundStarted,
    Skipped,
    StartCardReturned,
)
from bot.engine.extreme import close_slap_window
from bot.engine.rng import shuffle
from bot.engine.rules import Rules
from bot.engine.state import DecisionKind, GameState
from bot.engine.turns import give_turn

MIN_PLAYERS = 2
MAX_PLAYERS = 10
EXTREME_START_PENALTY = 4
RETURNED_START_CARDS = frozenset({Kind.WILD_DRAW_FOUR, Kind.DOWNPOUR_ONE, Kind.DOWNPOUR_TWO, Kind.BLANK})


def create_match(players: list[int], rules: Rules, seed: int, now: int) -> tuple[GameState, list[Event]]:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
        raise ValueError("a match needs 2 to 10 distinct players")
    state = GameState(
        rules=rules, seed=seed, players=list(players), scores=dict.fromkeys(players, 0), dealer=players[0]
    )
    state.hands = {player: [] for player in players}
    state.clock = now
    events: list[Event] = []
    state.dealer = _choose_dealer(state, events)
    start_round(state, events, now)
    return state, events


def _choose_dealer(state: GameState, events: list[Event]) -> int:
    """Everyone draws; the highest number deals (action and black cards count 0); ties draw again."""
    deck = state.deck
    pile: list[int] = []
    contenders = list(state.players)
    attempt = 1
    while True:
        ranks: dict[int, int] = {}
        for player in contenders:
            if not pile:
                pile = list(range(len(deck)))
                shuffle(state, pile)
            card = pile.pop()
            events.append(DealerDraw(player, card, attempt))
            ranks[player] = deck[card].dealer_rank
        best = max(ranks.values())
        contenders = [player for player in contenders if ranks[player] == best]
        if len(contenders) == 1:
            events.append(DealerChosen(contenders[0]))
            return contenders[0]
        attempt += 1


def start_round(state: GameState, events: list[Event], now: int) -> None:
    rules = state.rules
    state.round_no += 1
    pile = list(range(len(state.deck)))
    shuffle(state, pile)
    _reset_round(state)
    first = state.players[(state.players.index(state.dealer) + 1) % len(state.players)]
    order = state.players[state.players.index(first) :] + state.players[: state.players.index(first)]
    for _ in range(rules.hand_size):
        for player in order:
            state.hands[player].append(pile.pop())
    state.draw_pile = pile
    start = _turn_start_card(state, events)
    # A Reverse start card gives the first move to the dealer: the round's first line names who moves (with
    # two it skips the first player, as a Reverse in play does, and that line says so).
    reverse = state.card(start).kind is Kind.REVERSE and len(state.players) > 2
    opener = state.dealer if reverse else first
    events.append(RoundStarted(state.round_no, state.dealer, opener, start))
    _start_card_effect(state, events, first, now)


def _reset_round(state: GameState) -> None:
    state.hands = {player: [] for player in state.players}
    state.discard = []
    state.colour = None
    state.direction = 1
    state.decision = None
    state.decider = None
    state.challenge = None
    state.chain = 0
    state.skip_chain = 0
    state.uno_called = []
    state.catchable = []
    state.catch_deadline = None
    state.silence_holder = None
    state.stall = 0
    state.thin_reshuffles = 0
    state.jump_closed = False
    state.round_over = False
    state.round_winner = None
    state.next_round_deadline = None
    close_slap_window(state)


def _turn_start_card(state: GameState, events: list[Event]) -> int:
    """Turn the start card; Wild Draw Four, Downpour and blank go back and the pile is reshuffled (with
    `extreme_start` any card starts)."""
    while True:
        card = state.draw_pile.pop()
        if state.rules.extreme_start or state.card(card).kind not in RETURNED_START_CARDS:
            state.discard.append(card)
            return card
        events.append(StartCardReturned(card))
        state.draw_pile.append(card)
        shuffle(state, state.draw_pile)


def _start_card_effect(state: GameState, events: list[Event], first: int, now: int) -> None:
    card = state.top
    give_turn(state, first)
    state.colour = card.colour
    if card.colour is None:
        state.decision = DecisionKind.COLOUR
        if state.rules.extreme_start:
            draw_cards(state, events, first, EXTREME_START_PENALTY, DrawReason.START)
            state.decider = state.dealer
        else:
            state.decider = first
    elif card.kind is Kind.SKIP:
        events.append(Skipped(first))
        give_turn(state, state.next_player(first))
    elif card.kind is Kind.REVERSE and len(state.players) == 2:  # RULES.md §3: between two, a Skip
        events.append(Skipped(first))
        give_turn(state, state.dealer)
    elif card.kind is Kind.REVERSE:
        state.direction = -1
        events.append(DirectionChanged(-1))
        give_turn(state, state.dealer)
    elif card.kind is Kind.DRAW_TWO:
        draw_cards(state, events, first, 2, DrawReason.PENALTY)
        events.append(Skipped(first))
        give_turn(state, state.next_player(first))
