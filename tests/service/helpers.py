"""Playing through the service as the adapter does: presses carry the counters the keyboard shows."""

from __future__ import annotations

from dataclasses import replace

from bot.engine.actions import Action, Catch
from bot.engine.legal import legal_actions
from bot.engine.rules import Rules
from bot.engine.state import GameState
from bot.service import GameDocument, GameService, Intent, Outcome, Person, Place, Surface
from bot.service.computer import computer_action
from bot.service.settings import change_setting
from bot.storage import Database
from tests.service.conftest import ManualClock

ALICE = Person(101, "Alice", language_code="en")
BOB = Person(102, "Bob", language_code="ru")
CAROL = Person(103, "Carol")
GROUP = Place(-1001)


async def set_chat_rules(database: Database, chat_id: int, rules: Rules) -> None:
    """Store `rules` as the chat's settings, one setting at a time as its admins would: a match starts with
    the chat's rules."""
    defaults = Rules().to_dict()
    async with database.unit_of_work() as uow:
        for name, value in rules.to_dict().items():
            if value != defaults[name]:
                await change_setting(uow, chat_id, name, value)


def same_move(action: Action) -> Intent:
    """An intent that asks for exactly `action` (with the press's time)."""

    def intent(state: GameState, player: int, now: int) -> Action:
        return replace(action, now=now)

    return intent


def first_move(doc: GameDocument, player: int) -> Action:
    """What a simple person does: the first legal move that is not a catch."""
    return next(a for a in legal_actions(doc.state, player) if not isinstance(a, Catch))


async def human_move(service: GameService, game_id: int, doc: GameDocument) -> Outcome:
    player = doc.state.actor
    assert player is not None and player not in doc.computers
    action = first_move(doc, player)
    return await service.press(game_id, player, Surface.HAND, doc.hand_counters[player], same_move(action))


async def step(service: GameService, clock: ManualClock, game_id: int, doc: GameDocument) -> Outcome:
    """One move: a computer's if one has something to do, else the human whose turn it is; between rounds
    the clock jumps to the next deal."""
    if doc.state.round_over:
        assert doc.state.next_round_deadline is not None
        clock.now = max(clock.now, doc.state.next_round_deadline)
        dealt = await service.timeout(game_id)
        assert dealt is not None
        return dealt
    if computer_action(doc, doc.state, max(clock.now, doc.state.clock)) is not None:
        outcome = await service.computer_move(game_id)
        assert outcome is not None
        return outcome
    return await human_move(service, game_id, doc)
