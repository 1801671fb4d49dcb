"""A census of what a running bot keeps in memory: the size of every dict, set, list and deque held by the
bot's own objects (`bot.*` classes), found by walking them from the Application's `bot_data`, by where it is
held (`Runtime.publisher._hands._shown`, `...[]` for what a container's values hold).

Walked rather than asked of each class, so that a structure added later is counted without a hook of its own.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Mapping
from typing import Any
from weakref import WeakValueDictionary

COUNTED = (dict, set, frozenset, list, deque, WeakValueDictionary)


def census(roots: Mapping[str, object]) -> Counter[str]:
    sizes: Counter[str] = Counter()
    walked: set[int] = set()

    def walk(obj: object, path: str) -> None:
        if id(obj) in walked:
            return
        walked.add(id(obj))
        for name, value in _attributes(obj):
            visit(value, f"{path}.{name}")

    def visit(value: object, path: str) -> None:
        if isinstance(value, COUNTED):
            sizes[path] += len(value)
            items: Iterable[Any] = (
                list(value.values()) if isinstance(value, Mapping | WeakValueDictionary) else value
            )
            for item in items:
                visit(item, f"{path}[]")
        elif isinstance(value, tuple):
            for item in value:
                visit(item, path)
        elif _ours(value):
            walk(value, f"{path}:{type(value).__name__}" if path.endswith("]") else path)

    for name, root in roots.items():
        visit(root, name)
    return sizes


def _ours(value: object) -> bool:
    return type(value).__module__.startswith("bot.") and not isinstance(value, type)


def _attributes(obj: object) -> list[tuple[str, object]]:
    found = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in found and hasattr(obj, name):
                found[name] = getattr(obj, name)
    return sorted(found.items())
