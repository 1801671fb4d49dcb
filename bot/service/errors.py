"""Why the service refused a request; `reason` is a key for `bot.tg.render.refusal`."""

from __future__ import annotations

from collections.abc import Mapping


class Refusal(Exception):
    """Nothing changed. `reason`: an engine Reason value, or one of the service's own: stale, not_your_button,
    not_a_player, not_in_match (no seat in the running match), no_game, not_admin, lobby_full, already_joined,
    need_two_players, game_running, too_late_to_join (a join once the match is dealt), unknown, or a lost race
    (bot.service.races). `players`: the players its text names, by argument."""

    def __init__(self, reason: str, players: Mapping[str, int] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.players = dict(players or {})
