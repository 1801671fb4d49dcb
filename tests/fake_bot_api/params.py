"""Typed access to Bot API call parameters.

PTB sends form-encoded (or multipart) bodies in which strings are raw and every other value is JSON;
other clients send a JSON body. Telegram coerces each field by its declared type, and so does this.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import bad_request


class Params:
    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw

    def has(self, name: str) -> bool:
        return self.raw.get(name) is not None

    def str_(self, name: str, default: str | None = None) -> str | None:
        value = self.raw.get(name)
        if value is None:
            return default
        return value if isinstance(value, str) else json.dumps(value)

    def required_str(self, name: str) -> str:
        value = self.str_(name)
        if value is None:
            raise bad_request(f"{name} is empty")
        return value

    def int_(self, name: str, default: int | None = None) -> int | None:
        value = self.raw.get(name)
        if value is None or value == "":
            return default
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request(f'field "{name}" must be an Integer') from None

    def required_int(self, name: str) -> int:
        value = self.int_(name)
        if value is None:
            raise bad_request(f"{name} is empty")
        return value

    def bool_(self, name: str, default: bool = False) -> bool:
        value = self.raw.get(name)
        if value is None:
            return default
        if isinstance(value, bool):
            return value
        return str(value).lower() in ("true", "1")

    def json_(self, name: str) -> Any:
        value = self.raw.get(name)
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except json.JSONDecodeError:
            raise bad_request(f"can't parse {name} JSON object") from None
