"""Randomness lives in the state: every shuffle uses a fresh generator seeded from (seed, counter)."""

from __future__ import annotations

import random

from bot.engine.state import GameState


def shuffle(state: GameState, cards: list[int]) -> None:
    rng = random.Random((state.seed << 32) + state.rng_counter)
    state.rng_counter += 1
    rng.shuffle(cards)
