"""Until polling begins (bot/tg/app.py then handles the stop signals), SIGTERM stops `run` and `migrate` as
a Ctrl+C does: `docker stop`, `systemctl stop` and `kill` send it, and without a handler it ended the
process without a word (or, as a container's PID 1, was ignored until Docker killed the bot)."""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType, TracebackType
from typing import Any

# What signal.signal takes and gives back: a function, SIG_DFL or SIG_IGN, or None (set outside Python).
Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class StopSignals:
    """While entered, SIGTERM interrupts as SIGINT does: inside asyncio.run its main task is cancelled (an
    open transaction, the migrations', rolls back), elsewhere a KeyboardInterrupt is raised. `received`
    names the signal that came."""

    def __init__(self) -> None:
        self.received = signal.SIGINT
        self._before: Handler = signal.SIG_DFL

    def __enter__(self) -> StopSignals:
        self._before = signal.signal(signal.SIGTERM, self._interrupt)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if self._before is None else self._before)

    def _interrupt(self, _signal: int, frame: FrameType | None) -> None:
        self.received = signal.SIGTERM
        on_sigint = signal.getsignal(signal.SIGINT)
        if not callable(on_sigint):  # SIGINT ignored (started in the background by a script)
            raise KeyboardInterrupt
        on_sigint(signal.SIGINT, frame)  # asyncio.run's handler, or Python's own, which raises
