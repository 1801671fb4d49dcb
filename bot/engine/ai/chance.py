"""The computer player's "sometimes" (jumping in, bluffing, forgetting "UNO!"): stable pseudo-random numbers
from state fields, never the global random module, so the same state always gives the same answer."""

from __future__ import annotations

from bot.engine.state import GameState


def state_hash(state: GameState, me: int) -> int:
    """A stable pseudo-random number from state fields (never the global random module)."""
    return (state.seq * 2654435761 + state.round_no * 40503 + me * 97) % 1_000_003


def mix(*values: int) -> int:
    """A stable pseudo-random number from these values (a multiply-xorshift hash, 32 bits)."""
    mixed = 0x9E3779B9
    for value in values:
        mixed = ((mixed ^ value) * 0x85EBCA6B) & 0xFFFFFFFF
        mixed ^= mixed >> 13
    return mixed
