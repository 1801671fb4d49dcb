"""A seeded random player for property tests: plays whole rounds with legal actions, timeouts included."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from bot.engine import (
    Action,
    BreakSilence,
    Catch,
    Challenge,
    ChooseColour,
    ChooseSwap,
    GameState,
    Leave,
    Play,
    Slap,
    Timeout,
    TimeoutKind,
    legal_actions,
)
from bot.engine.checks import would_bluff

MAIN = (Play, ChooseColour, ChooseSwap)


@dataclass
class RandomTable:
    rnd: random.Random
    now: int = 0
    leave_rate: float = 0.0
    log: list[Action] = field(default_factory=list)

    def due_timeout(self, state: GameState) -> Timeout | None:
        deadlines = [
            (state.next_round_deadline, TimeoutKind.NEXT_ROUND),
            (state.slap_deadline, TimeoutKind.SLAP),
            (state.catch_deadline, TimeoutKind.CATCH),
            (state.turn_deadline, TimeoutKind.TURN),
        ]
        for deadline, kind in deadlines:
            if deadline is not None and deadline <= self.now:
                return Timeout(kind, self.now)
        return None

    def tick(self) -> None:
        """Time passes before each action."""
        self.now += self.rnd.choice((0, 300, 1500, 4000, 20_000))

    def choose(self, state: GameState, listed: list[Action]) -> Action:
        """Mostly the actor's move (plays preferred), sometimes someone else's, a timeout when one is due.
        `listed`: the actor's legal actions at `now` (the caller's invariant check lists them anyway)."""
        rnd = self.rnd
        timeout = self.due_timeout(state)
        if timeout is not None and (state.actor is None or rnd.random() < 0.3):
            return timeout
        if state.actor is None:  # between rounds: wait for the next deal
            assert state.next_round_deadline is not None
            self.now = state.next_round_deadline
            return Timeout(TimeoutKind.NEXT_ROUND, self.now)
        roll = rnd.random()
        if roll < self.leave_rate:
            return Leave(rnd.choice(state.players), self.now)
        if state.silence_holder is not None and roll < 0.005:
            return BreakSilence(rnd.choice(state.players), self.now)
        if state.slap_pending and roll < 0.6:
            return Slap(rnd.choice(state.slap_pending), self.now)
        if roll < 0.12:
            player = rnd.choice(state.players)
            options = [a for a in legal_actions(state, player, self.now) if self._sensible(state, a)]
            if options:
                return rnd.choice(options)
        options = [a for a in listed if self._sensible(state, a)] or listed
        preferred = [a for a in options if isinstance(a, MAIN)]
        return rnd.choice(preferred if preferred and rnd.random() < 0.9 else options)

    def _sensible(self, state: GameState, action: Action) -> bool:
        """Catch only when someone is catchable; seldom a false catch, a bluff or a challenge."""
        if isinstance(action, Catch):
            return any(p != action.player for p in state.catchable) or self.rnd.random() < 0.01
        if isinstance(action, Challenge):
            return self.rnd.random() < 0.2
        if isinstance(action, Play) and state.decision is None:
            card = state.card(action.card)
            if would_bluff(state, action.player, card):
                return self.rnd.random() < 0.1
            if (
                state.rules.seven_zero
                and card.number in (0, 7)
                and self._hand_would_grow(state, action.player)
            ):
                return self.rnd.random() < 0.1
        return True

    @staticmethod
    def _hand_would_grow(state: GameState, player: int) -> bool:
        """7-0 with a bigger hand coming back is a bad idea (and makes random rounds endless)."""
        return min(len(state.hands[p]) for p in state.players if p != player) >= len(state.hands[player])
