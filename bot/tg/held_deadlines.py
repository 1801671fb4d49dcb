"""Deadlines held back until the players can see what they wait on: a turn whose "your turn" message is
still on its way to its player, a catch window whose table has not reached the group yet. bot.tg.timers
arms a game's deadline job without them (the service's `timeout` holds them as long), rather than trying it
every second through a unit of work all that time, in the busy groups and chats they exist for; the
message's arrival (`told`) or the table's landing arms the game again.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.service import GameDocument
from bot.service.playing import CatchSeen, unseen_window_waits_until
from bot.storage import GameRecord, GameStatus

# game -> the player a message telling them of their turn is on its way to, if any
Telling = Callable[[int], int | None]
# (game, a catch window's deadline) -> whether the table showing that window landed
WindowSeen = Callable[[int, int], bool]


class HeldDeadlines:
    def __init__(self, telling: Telling | None, window_seen: WindowSeen | None) -> None:
        self._telling = telling
        self._window_seen = window_seen
        # game -> its newest version armed, while its deadline leaves out a turn its player is being told of
        self._untold_turns: dict[int, tuple[GameRecord, GameDocument]] = {}

    def deadline_at(self, deadline: int | None, record: GameRecord, doc: GameDocument) -> int | None:
        """When the game's deadline job fires, given the service's `deadline`: a catch window whose table
        has not landed closes no sooner than `unseen_window`, and a turn held for its player's message is
        left out (kept for `told`)."""
        held = self._turn_held(record, doc)
        if held:
            self._untold_turns[record.id] = (record, doc)
        else:
            self._untold_turns.pop(record.id, None)
        state, unseen = doc.engine, self.unseen_window(record.id, doc)
        if deadline is None or state is None or (unseen is None and not held) or doc.paused:
            return deadline
        catch = unseen if unseen is not None else state.catch_deadline
        turn = None if held else state.turn_deadline
        moments = (catch, turn, state.slap_deadline, state.next_round_deadline)
        return min((moment for moment in moments if moment is not None), default=None)

    def _turn_held(self, record: GameRecord, doc: GameDocument) -> bool:
        """Whether the running turn waits for the message telling its player of it, on its way (the service's
        `timeout` holds it as long)."""
        state = doc.engine
        if state is None or state.turn_deadline is None or self._telling is None:
            return False
        running = record.status is GameStatus.RUNNING and not doc.paused
        return running and state.actor is not None and self._telling(record.id) == state.actor

    def told(self, game_id: int) -> tuple[GameRecord, GameDocument] | None:
        """The message telling the game's turn player of their turn arrived (or failed): the version armed
        without that turn, if one was, to arm again with it."""
        return self._untold_turns.pop(game_id, None)

    def unseen_window(self, game_id: int, doc: GameDocument) -> int | None:
        """Until when a catch window open whose table has not landed yet waits for it, if one is: its
        deadline waits as long (bot.service.playing)."""
        state = doc.engine
        if state is None or not state.catchable or state.catch_deadline is None or self._window_seen is None:
            return None
        deadline = state.catch_deadline
        return None if self._window_seen(game_id, deadline) else unseen_window_waits_until(deadline, state)

    def untold(self, game_id: int) -> int | None:
        """The player the message telling them of their turn is on its way to, if any (for `timeout`)."""
        return self._telling(game_id) if self._telling is not None else None

    def window_seen(self, game_id: int) -> CatchSeen | None:
        """Whether the table showing the game's catch window closing at a deadline landed (for `timeout`)."""
        window_seen = self._window_seen
        if window_seen is None:
            return None
        return lambda deadline: window_seen(game_id, deadline)

    def forget(self, game_id: int) -> None:
        """The game's jobs are gone: no turn of it waits to be armed again."""
        self._untold_turns.pop(game_id, None)
