"""JSON round trips for the state, actions and events: what the rest of the bot calls (bot.engine.codec does
the work)."""

from __future__ import annotations

import json
from typing import Any

from bot.engine.actions import ACTION_TYPES, Action
from bot.engine.codec import dumps, from_plain, tagged_from_plain, tagged_to_plain, to_plain
from bot.engine.events import EVENT_TYPES, Event
from bot.engine.rules import Rules
from bot.engine.state import GameState


def state_to_dict(state: GameState) -> dict[str, Any]:
    plain: dict[str, Any] = to_plain(state)
    return plain


def state_from_dict(data: dict[str, Any]) -> GameState:
    state: GameState = from_plain(GameState, data)
    state.rules = Rules.from_dict(data["rules"])  # validated: refuses unknown settings and bad values
    return state


def state_to_json(state: GameState) -> str:
    return dumps(state_to_dict(state))


def state_from_json(text: str) -> GameState:
    return state_from_dict(json.loads(text))


def action_to_dict(action: Action) -> dict[str, Any]:
    return tagged_to_plain(action)


def action_from_dict(data: dict[str, Any]) -> Action:
    return tagged_from_plain(ACTION_TYPES, data)


def event_to_dict(event: Event) -> dict[str, Any]:
    return tagged_to_plain(event)


def event_from_dict(data: dict[str, Any]) -> Event:
    return tagged_from_plain(EVENT_TYPES, data)
