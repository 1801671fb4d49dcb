"""Why the service refused a request; `reason` is a key for `bot.tg.render.refusal`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from bot.storage import GameRecord

if TYPE_CHECKING:  # bot.service.model reads this module, through the game's document
    from bot.service.model import Person


class Refusal(Exception):
    """Nothing changed. `reason`: an engine Reason value, or one of the service's own: stale, not_your_button,
    not_a_player, not_in_match (no seat in the running match), no_longer_in_match (left it or was removed),
    no_game, not_manager (neither runs the game nor is an admin; names who runs it), not_admin (the same where
    nobody can be named), lobby_full, already_joined, need_two_players, game_running, too_late_to_join (a join
    once the match is dealt), game_unreadable, unknown, or a lost race (bot.service.races). `players`: the
    players its text names, by argument; `counts`: the numbers it says (cards), by argument; `choices`: the
    variants its text picks, by argument (which button those it speaks of must press, say); `people`: those
    its text lists who hold no seat in the game (on their way to it, say), by argument; `seated`: the game's
    people, in seat order, those are named apart from (as its screens will name them once seated)."""

    def __init__(
        self,
        reason: str,
        players: Mapping[str, int] | None = None,
        counts: Mapping[str, int] | None = None,
        choices: Mapping[str, str] | None = None,
        people: Mapping[str, Sequence[Person]] | None = None,
        seated: Sequence[Person] = (),
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.players = dict(players or {})
        self.counts = dict(counts or {})
        self.choices = dict(choices or {})
        self.people = dict(people or {})
        self.seated = tuple(seated)


class UnreadableGame(Refusal):
    """The game's stored document cannot be parsed (edited by hand, written by a newer version of the bot, a
    bug): it can never go on. While it is active, /stop ends it (`GameService.stop_unreadable`); once it is
    not, it is refused as any game that is over."""

    def __init__(self, record: GameRecord, error: Exception) -> None:
        super().__init__("game_unreadable" if record.active else "no_game")
        self.record = record
        self.problem = _problem(error)

    def __str__(self) -> str:
        return f"game {self.record.id} of chat {self.record.chat_id} cannot be read ({self.problem})"


def _problem(error: Exception) -> str:
    """What the parse tripped on, without the values it read (a hand may be among them): the field that is
    missing, else the kind of error."""
    if isinstance(error, KeyError):
        return f"field {error} missing"
    return f"{type(error).__name__} on a stored value"
