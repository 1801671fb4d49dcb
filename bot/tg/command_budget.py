"""Commands one sender sends in one chat: a burst of them is handled, then one every COMMAND_SPACING_MS; the
others are not handled at all (not answered, not logged).

Most commands are answered, and in a group every answer is one of the ~20 writes a minute the game's table
needs. A member (or a script) sending commands as fast as they can had every one answered: the answers took a
third of a busy group's writes for as long as they kept coming, and each command's handler held one of PTB's
256 update slots while its answer waited in the group's queue, until the whole bot handled nobody's update
any more. In a private chat each answer waited its turn in memory, at one a second. Presses are not counted:
each must be answered (a spinner otherwise), and they write to the group only what the game shows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

# What a person may send at once (a look at /help, /rules, /top, /stats, a few settings typed as commands)...
COMMAND_BURST = 8
# ...and then as often as they like: three a minute, so a flooding member takes a seventh of a group's writes.
COMMAND_SPACING_MS = 20 * 1000
# A lobby's Join and Leave pressed by one person: a few changes of mind at once, then one every 10 s. Each
# press that counts writes the game's row and redraws the lobby in the group (a script toggling them wrote a
# row and an edit a press); the rest are refused with an alert saying to wait.
LOBBY_TOGGLE_BURST = 6
LOBBY_TOGGLE_SPACING_MS = 10 * 1000
# Its Add and Remove a computer, counted apart as often: a table of one person filled with nine computers at
# once, and a change of mind.
COMPUTER_TOGGLE_BURST = 10
# Full buckets are forgotten this often, not on every command: a pass over every sender remembered, on each
# command, grew with the number of people flooding or chatting at once.
SWEEP_MS = 60 * 1000


@dataclass
class CommandBudget:
    """A token bucket per key (chat and sender; game and person for lobby presses), kept as the time it
    would be full again (GCRA)."""

    burst: int = COMMAND_BURST
    spacing_ms: int = COMMAND_SPACING_MS
    _full_at: dict[Hashable, int] = field(default_factory=dict)
    _swept_at: int = 0

    def take(self, key: Hashable, now_ms: int) -> bool:
        """True when one more command of `key` is handled now (it is counted); False when it is not."""
        self._forget_full(now_ms)
        full_at = max(self._full_at.get(key, now_ms), now_ms)
        if full_at - now_ms > (self.burst - 1) * self.spacing_ms:
            return False
        self._full_at[key] = full_at + self.spacing_ms
        return True

    def _forget_full(self, now_ms: int) -> None:
        """Drop the full buckets, at most once every SWEEP_MS (one kept a while longer counts as full)."""
        if now_ms - self._swept_at < SWEEP_MS:
            return
        self._swept_at = now_ms
        self._full_at = {k: at for k, at in self._full_at.items() if at > now_ms}

    def __len__(self) -> int:
        return len(self._full_at)
