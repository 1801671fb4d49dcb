"""The machinery under bot.engine.serialization (use that one): any engine dataclass to plain JSON values and
back by its type hints; exact round trips, no pickle."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Callable
from enum import Enum
from functools import cache
from operator import attrgetter
from typing import Any, TypeVar

T = TypeVar("T")
Encode = Callable[[Any], Any]

_SCALARS = frozenset({int, str, bool, float, type(None)})


def to_plain(value: Any) -> Any:
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_encoder(type(value))(value)
    if isinstance(value, list | tuple):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items()}
    return value


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _encoder(tp: Any) -> Encode | None:
    """The function that makes plain data of a `tp`, as to_plain does of any value, worked out once a type as
    _decoder is: every save encodes the whole state, and to_plain called on each of its hundred card ids
    and more cost most of the time. None: a `tp` is plain already."""
    if tp in _SCALARS:
        return None
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        options = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        option = _encoder(options[0]) if len(options) == 1 else to_plain
        return None if option is None else lambda value: None if value is None else option(value)
    args = typing.get_args(tp)
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _encoder(args[0])
        return list if item is None else lambda value: [item(one) for one in value]
    if origin is dict:
        of = _encoder(typing.get_args(tp)[1])
        if of is None:
            return lambda value: {str(key): one for key, one in value.items()}
        return lambda value: {str(key): of(one) for key, one in value.items()}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return attrgetter("value")
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_encoder(tp)
    return to_plain


@cache
def _dataclass_encoder(cls: type) -> Encode:
    hints = typing.get_type_hints(cls)
    fields = [(name, attrgetter(name), _encoder(hints[name])) for name in _field_names(cls)]

    def encode(value: Any) -> dict[str, Any]:
        return {name: get(value) if of is None else of(get(value)) for name, get, of in fields}

    return encode


def from_plain(tp: Any, data: Any) -> Any:
    return _decoder(tp)(data)


@cache
def _decoder(tp: Any) -> Callable[[Any], Any]:
    """The function that rebuilds a `tp` from plain data, worked out once a type: states and events are
    rebuilt field by field, and inspecting each field's type again on every call cost most of the time."""
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        options = [arg for arg in typing.get_args(tp) if arg is not type(None)]
        if len(options) != 1:
            return lambda data: None if data is None else _refuse(f"ambiguous union {tp}")
        option = _decoder(options[0])
        return lambda data: None if data is None else option(data)
    if origin is list:
        (item_type,) = typing.get_args(tp)
        item = _decoder(item_type)
        return lambda data: [item(value) for value in data]
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])
            return lambda data: tuple(item(value) for value in data)
        # a fixed tuple (`tuple[int, str]`): each item by its own type, as many as it has
        items = tuple(_decoder(arg) for arg in args)
        return lambda data: (
            tuple(item(value) for item, value in zip(items, data, strict=True))
            if len(data) == len(items)
            else _refuse(f"expected {len(items)} items for {tp}, got {data!r}")
        )
    if origin is dict:
        key, value = (_decoder(arg) for arg in typing.get_args(tp))
        return lambda data: {key(k): value(v) for k, v in data.items()}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    if tp is int:
        return int
    if tp in (str, bool):
        return lambda data: data if isinstance(data, tp) else _refuse(f"expected {tp.__name__}, got {data!r}")
    raise TypeError(f"unsupported type {tp}")


def _dataclass_decoder(cls: type) -> Callable[[Any], Any]:
    hints = typing.get_type_hints(cls)
    fields = [(name, _decoder(hints[name])) for name in _field_names(cls)]

    def decode(data: Any) -> Any:
        # a field missing from older stored data takes its default
        return cls(**{name: field(data[name]) for name, field in fields if name in data})

    return decode


def _refuse(message: str) -> Any:
    raise TypeError(message)


def dumps(plain: Any) -> str:
    return json.dumps(plain, separators=(",", ":"), ensure_ascii=False)


def tagged_to_plain(value: Any) -> dict[str, Any]:
    """A union member (action or event) with its class name under "type"."""
    return {"type": type(value).__name__, **to_plain(value)}


def tagged_from_plain(types_: tuple[type[T], ...], data: dict[str, Any]) -> T:
    by_name = _by_name(types_)
    fields = dict(data)
    cls = by_name.get(fields.pop("type", ""))
    if cls is None:
        raise ValueError(f"unknown type in {data!r}")
    result: T = from_plain(cls, fields)
    return result


@cache
def _by_name(types_: tuple[type[T], ...]) -> dict[str, type[T]]:
    return {cls.__name__: cls for cls in types_}
