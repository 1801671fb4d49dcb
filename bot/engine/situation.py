"""How a card was played and what the table looked like just before (input to the card's effects)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine.cards import Card, Colour


class Mode(StrEnum):
    ORDINARY = "ordinary"
    STACK = "stack"
    PASS_ON = "pass_on"  # extreme draw chain: the victim passes the chain on with an identical card
    JUMP_IN = "jump_in"


@dataclass(slots=True)  # built on every play: a plain slotted class is cheaper than a frozen one
class Situation:
    mode: Mode
    bluff: bool  # a restricted black card played while holding the colour in force
    victim: int | None  # the player who faced a penalty before this play
    penalty: int
    previous_top: Card
    previous_colour: Colour | None
