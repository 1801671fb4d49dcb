"""The refusal of a press that does not answer the penalty its presser faces (a draw, a pass, a card that
cannot be added), naming only the answers they have: the engine's reason for it ("First take the penalty,
challenge it or add a card") named a challenge to a +2, and a card to add where none could be. And that of a
press by the one who will face it while its draw card's colour is chosen: "Wait: a colour or a swap is being
chosen" told them nothing the table did not, when what they wanted to know is what comes next."""

from __future__ import annotations

from bot.engine.actions import Challenge, ChooseColour, Play
from bot.engine.cards import COLOURS
from bot.engine.errors import Reason
from bot.engine.game import apply
from bot.engine.legal import legal_actions
from bot.engine.state import DecisionKind, GameState, Stage
from bot.service.errors import Refusal

# (a card can be added, the card can be challenged) -> the refusal; taking the penalty is always possible
_REASONS = {
    (False, False): "penalty_take",
    (False, True): "penalty_take_or_challenge",
    (True, False): "penalty_take_or_add",
    (True, True): Reason.PENALTY_PENDING.value,
}
# the same answers, to come once the colour is chosen
_AFTER_COLOUR = {
    (False, False): "colour_then_take",
    (False, True): "colour_then_take_or_challenge",
    (True, False): "colour_then_take_or_add",
    (True, True): "colour_then_penalty",
}


def penalty_refusal(state: GameState, player: int, now: int) -> str:
    """The refusal for `player`, who faces a penalty and pressed something that does not answer it."""
    return _REASONS[_answers(state, player, now)]


def colour_first_refusal(state: GameState, player: int, now: int) -> Refusal | None:
    """The refusal for `player`, who will face a draw card's penalty once its colour is chosen: who chooses
    it, and the answers they will have then (adding a card when some colour allows it: with challenges off,
    a +4 can be added only by one who holds nothing of the colour). None when `player` faces no penalty
    after it."""
    chooser = state.decider
    if state.decision is not DecisionKind.COLOUR or state.stage is not Stage.PENALTY or chooser is None:
        return None
    if state.turn != player or chooser == player:
        return None
    after = [_answers(apply(state, ChooseColour(chooser, colour, now))[0], player, now) for colour in COLOURS]
    add = any(can_add for can_add, _ in after)
    challenge = any(can_challenge for _, can_challenge in after)
    return Refusal(_AFTER_COLOUR[add, challenge], {"name": chooser}, {"count": state.penalty})


def _answers(state: GameState, player: int, now: int) -> tuple[bool, bool]:
    """Whether `player`, facing a penalty, can add a card to it, and whether they can challenge it."""
    moves = legal_actions(state, player, now)
    return any(isinstance(move, Play) for move in moves), any(isinstance(move, Challenge) for move in moves)
