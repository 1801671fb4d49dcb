"""JSON round trips of actions, events and states; stored states with unknown settings are refused."""

import dataclasses
import json
import random
import typing
from enum import Enum
from typing import Any

import pytest

from bot.engine import (
    Colour,
    DrawReason,
    RulesError,
    TimeoutKind,
    action_from_dict,
    action_to_dict,
    apply,
    event_from_dict,
    event_to_dict,
    legal_actions,
    new_match,
    preset,
    state_from_dict,
    state_from_json,
    state_to_dict,
    state_to_json,
)
from bot.engine.actions import ACTION_TYPES
from bot.engine.codec import dumps, from_plain, to_plain
from bot.engine.events import EVENT_TYPES
from tests.engine.randomplay import RandomTable

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


def _by_value(value: Any) -> Any:
    """Plain data made value by value, from what each value is (not its type hint): what the codec's
    encoders, worked out once per type from the hints, must give byte for byte."""
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _by_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_by_value(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _by_value(item) for key, item in value.items()}
    return value


@pytest.mark.parametrize("name", ["official", "extreme", "minecraft"])
def test_states_and_events_of_a_match_are_stored_as_their_values_say(name: str) -> None:
    state, events = new_match([-3, 5, 9, 11], preset(name), seed=7)
    table = RandomTable(random.Random(7))
    for _ in range(150):
        if state.match_over:
            break
        for event in events:
            assert dumps(event_to_dict(event)) == dumps({"type": type(event).__name__, **_by_value(event)})
        assert state_to_json(state) == dumps(_by_value(state))
        table.tick()
        listed = [] if state.actor is None else legal_actions(state, state.actor, table.now)
        state, events = apply(state, table.choose(state, listed))


class _Side(Enum):
    LEFT = "left"


@dataclasses.dataclass
class _Mixed:
    pair: tuple[int, _Side]
    sides: tuple[_Side, ...]


def test_a_tuple_of_mixed_types_is_encoded_item_by_item_as_its_values_say() -> None:
    """Only a `tuple[X, ...]` shares one item's encoder: a pair of an int and an enum is not two ints."""
    mixed = _Mixed((1, _Side.LEFT), (_Side.LEFT,))
    assert to_plain(mixed) == _by_value(mixed) == {"pair": [1, "left"], "sides": ["left"]}


def test_a_tuple_of_mixed_types_is_decoded_item_by_item_as_its_type_says() -> None:
    """The decoder read every tuple as a `tuple[X, ...]`, each item as the first's type: a pair of an int and
    an enum came back as two ints, which "left" is not; a pair stored with another length is refused."""
    mixed = _Mixed((1, _Side.LEFT), (_Side.LEFT,))
    assert from_plain(_Mixed, to_plain(mixed)) == mixed
    with pytest.raises(TypeError):
        from_plain(_Mixed, {"pair": [1], "sides": []})
