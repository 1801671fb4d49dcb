"""How long a challenger is shown the challenged hand (`GameDocument.revealed`): until their turn ends."""

from __future__ import annotations

from bot.engine import Action, Colour, GameState, Rules, apply
from bot.engine.actions import Challenge, ChooseColour, Play, Timeout, TimeoutKind
from bot.service.document import GameDocument
from bot.service.progress import advance
from tests.engine.helpers import card_id, given

# Alice (1) holds R1 under the R3: her +4 is a bluff, and Bob (2) keeps his turn once he has challenged it
BLUFF = {1: "W4 R1 B9", 2: "Y1 Y2", 3: "G1 G2"}


def _step(doc: GameDocument, action: Action, actor: int | None) -> GameDocument:
    old = doc.state
    new, events = apply(old, action)
    return advance(doc, old, new, events, actor, now=action.now).doc


def _bob_shown_alices_hand() -> GameDocument:
    state: GameState = given(BLUFF, "R3", rules=Rules(), draw="R9")
    doc = GameDocument(1, "Friends", state.rules, None, (1, 2, 3), {}, engine=state)
    doc = _step(doc, Play(1, card_id(state, 1, "W4"), 1_000), actor=1)
    doc = _step(doc, ChooseColour(1, Colour.GREEN, 2_000), actor=1)
    doc = _step(doc, Challenge(2, 3_000), actor=2)
    assert doc.state.actor == 2 and 2 in doc.revealed
    return doc


def test_the_challenged_hand_goes_when_the_challengers_time_runs_out() -> None:
    """Bob caught Alice's bluff, was shown her hand and kept his turn; his time ran out, the timer drawing for
    him. His hand read "👁 The challenged hand: 🟥 1, 🟦 9" on under Carol's turn, until his next move."""
    doc = _bob_shown_alices_hand()
    deadline = doc.state.turn_deadline
    assert deadline is not None

    timed_out = _step(doc, Timeout(TimeoutKind.TURN, deadline), actor=None)

    assert timed_out.state.actor == 3
    assert timed_out.revealed == {}
