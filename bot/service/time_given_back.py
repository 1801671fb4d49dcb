"""What a game was given of the time nobody could see it or press (an outage, the bot down:
bot.tg.after_outage) and which set-back of the wall clock its kept moments were moved back for: each given
once, though a give-back cut short (a crash, the database out again) gives the same span again from its
beginning.

Kept in the game document (bot.service.document), stored flat among its fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

# The wall-clock moments a document keeps (ms; 0: none) that a clock set back moves back
# (`GameDocument.set_back`); the match's and round's starts too, else their results' durations (kept for
# stats, the match's logged) would come out short by the jump.
MOMENTS = (
    "touched_ms",
    "opened_ms",
    "idle_warned",
    "idle_since",
    "paused_since",
    "started_ms",
    "round_started_ms",
)
# Of them, when something happened, not a clock counting (the lobby's opening, the match's and round's
# starts): time given back for an outage moves none of them, so a match's logged length counts it.
_HAPPENED = frozenset({"opened_ms", "started_ms", "round_started_ms"})


def moments_set_back(moments: Mapping[str, int], ms: int, given: int) -> dict[str, int]:
    """`moments` (by name; 0: none, left out) once the wall clock was set back `ms` with `given` ms of an
    outage's time given with it, which moves on all but when something happened (`_HAPPENED`)."""
    return {name: at - ms + (0 if name in _HAPPENED else given) for name, at in moments.items() if at}


@dataclass(frozen=True)
class TimeGivenBack:
    # The game was given back the time nobody could see it or press up to this moment (ms; 0: never): a
    # give-back cut short (a crash at start-up, a stop as an outage ends) is given again at the next start,
    # from the same moment on, and the games it had reached get only the time after this one.
    until: int = 0
    # The wall clock's set-back its moments were moved back for, marked by the span that gave it
    # (bot.tg.downtime `Span`): its beginning (ms, on the clock before the set-back: the set-back's own
    # moment, or an earlier outage's whose time was given with it; 0: none) and its length negated (ms: how
    # far back the set-back went when it came alone): the clock read `set_back_at - set_back_by` once gone
    # back. A set-back cut short (a crash) is given again from that moment at the next start, and a game it
    # had reached gets only the time since (`until` too was moved back).
    set_back_at: int = 0
    set_back_by: int = 0
    # How far back (ms, below 0) its moments went for that span's set-backs: the span given again with one
    # more in it (the clock set back again before every game had the first: bot.tg.downtime `Span.back`)
    # moves them back the difference (None: marked before it was kept, taken as every set-back of it).
    set_back_went: int | None = None

    def was_set_back_at(self, since: int) -> bool:
        """Whether its moments were moved back for the wall clock's set-back at `since` (`set_back_at`):
        marked by its beginning, as a span that gave an outage's time with it may last 0 ms (set back as much
        as the outage lasted), and given again it would move the game back twice."""
        return self.set_back_at != 0 and self.set_back_at == since

    def further_back(self, since: int, went: int) -> int:
        """Of the wall clock's set-back by `went` ms (0 or below: bot.tg.downtime `Span.set_back`) in the span
        from `since`, how far the game's moments are still to go back: all of it, or the part it did not have
        of a span it was set back by (0 or below)."""
        if not self.was_set_back_at(since):
            return went
        return 0 if self.set_back_went is None else min(0, went - self.set_back_went)

    def owed(self, since: int, lost: int) -> tuple[int, int]:
        """Of the time nobody could see the game from `since` for `lost` ms (bot.tg.after_outage), the part it
        was not given yet: from when, and how long (0 or below: none). After the time it was given up to
        (`until`: a give-back cut short is given again from the same `since`); for a set-back it had
        (`set_back_at`), the time since, on the clock as it reads since; one it has not had is `_set_back`'s
        (bot.service.reports), not this."""
        began, lasted = since, lost
        if self.was_set_back_at(since):
            began, lasted = since - self.set_back_by, lost + self.set_back_by
        start = max(began, self.until)
        return start, began + lasted - start

    def set_back(self, ms: int, given: int, since: int, by: int, went: int) -> TimeGivenBack:
        """Once the wall clock was set back `ms` with `given` ms of an outage's time (`moments_set_back`), by
        the span from `since` whose length negated is `by` and whose set-backs went `went` back
        (`set_back_at`, `set_back_by`, `set_back_went`)."""
        until = moments_set_back({"until": self.until}, ms, given).get("until", 0)
        return replace(self, until=until, set_back_at=since, set_back_by=by, set_back_went=went)

    def to_dict(self) -> dict[str, int | None]:
        return {
            "time_back_to": self.until,
            "set_back_at": self.set_back_at,
            "set_back_by": self.set_back_by,
            "set_back_went": self.set_back_went,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TimeGivenBack:
        """Read from the document's fields (absent: saved before they were kept)."""
        return cls(
            until=int(data.get("time_back_to", 0)),
            set_back_at=int(data.get("set_back_at", 0)),
            set_back_by=int(data.get("set_back_by", 0)),
            set_back_went=None if data.get("set_back_went") is None else int(data["set_back_went"]),
        )
