"""JSON round trips of actions, events and states; stored states with unknown settings are refused."""

import dataclasses
import json
import typing
from typing import Any

import pytest

from bot.engine import (
    Colour,
    DrawReason,
    RulesError,
    TimeoutKind,
    action_from_dict,
    action_to_dict,
    event_from_dict,
    event_to_dict,
    new_match,
    preset,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from bot.engine.actions import ACTION_TYPES
from bot.engine.codec import from_plain
from bot.engine.events import EVENT_TYPES

SAMPLES: dict[Any, Any] = {
    int: -7,
    bool: True,
    Colour: Colour.GREEN,
    Colour | None: Colour.BLUE,
    TimeoutKind: TimeoutKind.SLAP,
    DrawReason: DrawReason.CREEPER,
    tuple[int, ...]: (3, 1, 2),
    dict[int, int]: {-5: 10, 2: 0},
}


def sample(cls: type) -> Any:
    hints = typing.get_type_hints(cls)
    return cls(**{f.name: SAMPLES[hints[f.name]] for f in dataclasses.fields(cls)})


@pytest.mark.parametrize("cls", ACTION_TYPES, ids=lambda c: c.__name__)
def test_every_action_round_trips(cls: type) -> None:
    action = sample(cls)
    data = action_to_dict(action)
    assert data["type"] == cls.__name__
    assert action_from_dict(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=lambda c: c.__name__)
def test_every_event_round_trips(cls: type) -> None:
    event = sample(cls)
    assert event_from_dict(json.loads(json.dumps(event_to_dict(event)))) == event


def test_unknown_types_are_refused() -> None:
    with pytest.raises(ValueError):
        action_from_dict({"type": "Cheat", "player": 1})


def test_state_round_trips_exactly() -> None:
    state, _ = new_match([-3, 5, 9], preset("extreme"), seed=42, now=1_700_000_000_000)
    text = state_to_json(state)
    again = state_from_json(text)
    assert again == state and state_to_json(again) == text
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state


def test_a_stored_state_with_a_bad_setting_is_refused() -> None:
    state, _ = new_match([1, 2])
    data = state_to_dict(state)
    data["rules"]["hand_size"] = 42
    with pytest.raises(RulesError) as error:
        state_from_dict(data)
    assert error.value.setting == "hand_size"


def test_a_stored_state_with_an_unknown_setting_is_refused() -> None:
    state, _ = new_match([1, 2])
    data = state_to_dict(state)
    data["rules"]["colour_blind"] = True
    with pytest.raises(RulesError) as error:
        state_from_dict(data)
    assert error.value.setting == "colour_blind"


@pytest.mark.parametrize("players", [[1], list(range(11)), [1, 1, 2]])
def test_a_match_needs_two_to_ten_distinct_players(players: list[int]) -> None:
    with pytest.raises(ValueError):
        new_match(players)


def test_a_stored_state_with_a_flag_that_is_not_true_or_false_is_refused() -> None:
    state, _ = new_match([1, 2])
    data = state_to_dict(state)
    data["round_over"] = "false"  # a string would read as true
    with pytest.raises(TypeError):
        state_from_dict(data)


def test_a_union_the_decoder_cannot_tell_apart_is_refused() -> None:
    with pytest.raises(TypeError, match="ambiguous"):
        from_plain(int | str, "7")
