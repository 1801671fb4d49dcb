"""Work run in the background: the runtime's `spawn` (bot.tg.runtime) runs a coroutine as a task it keeps, so
that `idle` waits for it and shutdown cancels it. The parts given it take it as a `Spawn`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

Done = TypeVar("Done")  # what a coroutine run in the background returns
SpawnOf = Callable[[Coroutine[Any, Any, Done]], asyncio.Task[Done]]
Spawn = SpawnOf[None]  # most background work returns nothing
