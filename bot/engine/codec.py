"""JSON codec for the engine's dataclasses (state, actions, events): exact round trips, no pickle."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


_SCALARS = frozenset({int, str, bool, float, type(None)})


def to_plain(value: Any) -> Any:
    if type(value) in _SCALARS:  # first: most values are the card ids of hands and piles
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: to_plain(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, list | tuple):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items()}
    return value


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_plain(tp: Any, data: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        options = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        if data is None:
            return None
        if len(options) != 1:
            raise TypeError(f"ambiguous union {tp}")
        return from_plain(options[0], data)
    if origin is list:
        (item,) = typing.get_args(tp)
        return [from_plain(item, value) for value in data]
    if origin is tuple:
        item = typing.get_args(tp)[0]
        return tuple(from_plain(item, value) for value in data)
    if origin is dict:
        key_type, value_type = typing.get_args(tp)
        return {from_plain(key_type, key): from_plain(value_type, value) for key, value in data.items()}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        # a field missing from older stored data takes its default
        return tp(
            **{
                f.name: from_plain(hints[f.name], data[f.name])
                for f in dataclasses.fields(tp)
                if f.name in data
            }
        )
    if tp is int:
        return int(data)
    if tp in (str, bool):
        if not isinstance(data, tp):
            raise TypeError(f"expected {tp.__name__}, got {data!r}")
        return data
    raise TypeError(f"unsupported type {tp}")


def dumps(plain: Any) -> str:
    return json.dumps(plain, separators=(",", ":"), ensure_ascii=False)


def tagged_to_plain(value: Any) -> dict[str, Any]:
    """A union member (action or event) with its class name under "type"."""
    return {"type": type(value).__name__, **to_plain(value)}


def tagged_from_plain(types_: tuple[type[T], ...], data: dict[str, Any]) -> T:
    by_name = {cls.__name__: cls for cls in types_}
    fields = dict(data)
    cls = by_name.get(fields.pop("type", ""))
    if cls is None:
        raise ValueError(f"unknown type in {data!r}")
    result: T = from_plain(cls, fields)
    return result
