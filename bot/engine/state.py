"""The game state: plain data that round-trips through JSON, plus cheap read-only helpers for the adapter."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bot.engine.cards import Card, Colour, Kind
from bot.engine.decks import deck_cards
from bot.engine.rules import Rules

_OWNED = "_owned"  # not a field: which shared lists (hands by player, piles by name) a clone has copied


class Stage(StrEnum):
    PLAY = "play"  # the turn player plays or draws (with `cover`: must cover an 8)
    DRAWN = "drawn"  # the turn player drew; may play `drawn_card` or pass
    PENALTY = "penalty"  # the turn player must stack, challenge or accept `penalty`


class DecisionKind(StrEnum):
    COLOUR = "colour"
    SWAP = "swap"


class Pending(StrEnum):
    """What the one player who must act now (`GameState.actor`) has to do."""

    CHOOSE_COLOUR = "choose_colour"
    CHOOSE_SWAP = "choose_swap"
    PLAY = "play"
    COVER = "cover"
    PLAY_DRAWN = "play_drawn"
    PENALTY = "penalty"
    NEXT_ROUND = "next_round"  # round over: nobody acts until Timeout(NEXT_ROUND) deals the next one
    NONE = "none"  # match over


@dataclass(slots=True)
class ChallengeInfo:
    """A black card that may be challenged by the turn player; legality was judged when it was played."""

    player: int
    card: int
    guilty: bool
    previous_colour: Colour | None
    previous_top: int
    # the cards its player held when they left before it was challenged: their hand went under the draw pile,
    # and its size was in sight as anyone's (`ai.guilt_odds`); None while they play on
    held_on_leaving: int | None = None


@dataclass
class GameState:
    rules: Rules
    seed: int
    players: list[int]
    scores: dict[int, int]
    dealer: int
    rng_counter: int = 0
    round_no: int = 0
    hands: dict[int, list[int]] = field(default_factory=dict)
    draw_pile: list[int] = field(default_factory=list)  # top is the end
    discard: list[int] = field(default_factory=list)  # top is the end
    colour: Colour | None = None  # colour in force (chosen colour after a black card)
    direction: int = 1
    turn: int = 0
    stage: Stage = Stage.PLAY
    decision: DecisionKind | None = None
    decider: int | None = None
    penalty: int = 0
    penalty_kind: Kind | None = None
    challenge: ChallengeInfo | None = None
    drawn_card: int | None = None
    cover: bool = False
    chain: int = 0  # links of an extreme draw chain
    skip_chain: int = 0  # players skipped by the last Skip, while the turn player may extend it
    uno_called: list[int] = field(default_factory=list)
    catchable: list[int] = field(default_factory=list)
    catch_deadline: int | None = None
    slap_pending: list[int] = field(default_factory=list)
    slapped: list[int] = field(default_factory=list)
    slap_deadline: int | None = None
    silence_holder: int | None = None
    turn_deadline: int | None = None
    afk: dict[int, int] = field(default_factory=dict)
    stall: int = 0
    thin_reshuffles: int = 0  # draw piles rebuilt in a row from fewer discards than THIN_RESHUFFLE allows
    churn_low: int = 0  # the fewest cards in a hand at those rebuilds: a new low starts the count again
    jump_closed: bool = False  # the player after the top card began their turn: no jump-ins on it now
    round_over: bool = False  # between rounds: the next one is dealt by Timeout(NEXT_ROUND)
    next_round_deadline: int | None = None
    round_winner: int | None = None  # who won the round just ended, for the hands to say in the pause
    match_over: bool = False
    winners: list[int] = field(default_factory=list)
    clock: int = 0
    seq: int = 0

    def clone(self) -> GameState:
        """A copy whose containers can be mutated without touching this state."""
        new = object.__new__(GameState)
        new.__dict__ = self.__dict__.copy()
        new.players = self.players[:]
        new.scores = self.scores.copy()
        new.hands = dict(self.hands)  # hands and piles stay shared until a writable_* method copies them
        new.__dict__[_OWNED] = set()
        new.uno_called = self.uno_called[:]
        new.catchable = self.catchable[:]
        new.slap_pending = self.slap_pending[:]
        new.slapped = self.slapped[:]
        new.afk = self.afk.copy()
        new.winners = self.winners[:]
        return new  # `challenge` is shared: it is replaced, never changed in place

    def writable_hand(self, player: int) -> list[int]:
        """The player's hand for changing in place (copied first while shared with the cloned-from state)."""
        owned: set[int | str] | None = self.__dict__.get(_OWNED)
        hand = self.hands[player]
        if owned is not None and player not in owned:
            hand = hand[:]
            self.hands[player] = hand
            owned.add(player)
        return hand

    def writable_draw_pile(self) -> list[int]:
        owned: set[int | str] | None = self.__dict__.get(_OWNED)
        if owned is not None and "draw_pile" not in owned:
            self.draw_pile = self.draw_pile[:]
            owned.add("draw_pile")
        return self.draw_pile

    def writable_discard(self) -> list[int]:
        owned: set[int | str] | None = self.__dict__.get(_OWNED)
        if owned is not None and "discard" not in owned:
            self.discard = self.discard[:]
            owned.add("discard")
        return self.discard

    def hands_moved(self) -> None:
        """Hands changed owners (7-0): forget which hand lists were copied, so the next write copies again."""
        owned: set[int | str] | None = self.__dict__.get(_OWNED)
        if owned is not None:
            self.__dict__[_OWNED] = {key for key in owned if isinstance(key, str)}

    # --- read-only helpers -------------------------------------------------------------------------------

    @property
    def deck(self) -> tuple[Card, ...]:
        return deck_cards(self.rules.deck)

    def card(self, card_id: int) -> Card:
        return deck_cards(self.rules.deck)[card_id]

    @property
    def top(self) -> Card:
        return self.card(self.discard[-1])

    @property
    def actor(self) -> int | None:
        """The player whose decision the game waits for (None between rounds and once the match is over)."""
        if self.match_over or self.round_over:
            return None
        return self.decider if self.decision is not None else self.turn

    @property
    def pending(self) -> Pending:
        if self.match_over:
            return Pending.NONE
        if self.round_over:
            return Pending.NEXT_ROUND
        if self.decision is DecisionKind.COLOUR:
            return Pending.CHOOSE_COLOUR
        if self.decision is DecisionKind.SWAP:
            return Pending.CHOOSE_SWAP
        if self.stage is Stage.PENALTY:
            return Pending.PENALTY
        if self.stage is Stage.DRAWN:
            return Pending.PLAY_DRAWN
        return Pending.COVER if self.cover else Pending.PLAY

    @property
    def silence_outlasts_move(self) -> bool:
        """The silence's player still chooses whom their 7 swaps with: it lasts to their next move, not to the
        end of this one (a choice begins no move: turns.begin_turn ends it)."""
        holder = self.silence_holder
        return holder is not None and self.pending is Pending.CHOOSE_SWAP and self.actor == holder

    def hand(self, player: int) -> list[int]:
        return self.hands[player]

    def catchable_at(self, now: int) -> list[int]:
        """Who may be caught at `now`: the window shuts at its deadline, even before its Timeout arrives."""
        deadline = self.catch_deadline
        return self.catchable if deadline is None or now < deadline else []

    def next_deadline(self) -> int | None:
        candidates = (self.turn_deadline, self.catch_deadline, self.slap_deadline, self.next_round_deadline)
        deadlines = [d for d in candidates if d is not None]
        return min(deadlines) if deadlines else None

    def next_player(self, player: int, steps: int = 1) -> int:
        players = self.players
        return players[(players.index(player) + self.direction * steps) % len(players)]

    def others_in_turn_order(self, player: int) -> list[int]:
        """Everyone but `player`, from the one after them in the direction of play."""
        return [self.next_player(player, step) for step in range(1, len(self.players))]
