"""What an ended game keeps once nothing draws its screens again, and what /forgetme leaves of a person in it.

Long after its end a game is read only for who played it under which names (/forgetme), the computers Play
again seats again, its chat's title (a forum topic's name), and whether the group was shown its results
(/table's answer): its piles, hands, recent moves and figures (the results rows have their own) were two
thirds of a busy database. Its move log goes at the same time (bot.service.old_logs): until then the log
replays the whole game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from bot.engine.events import MatchEnded, RoundEnded
from bot.service.document import GameDocument, Result

# What a compact document no longer has (emptied, as stored), and the engine's fields it keeps: who played,
# who won, the scores, how many rounds. The engine's others take their defaults when read back; its rules are
# the document's.
EMPTIED: dict[str, Any] = {
    "name_order": [],  # who of two alike names is marked: nothing draws the names beside each other now
    "unreachable": [],
    "blocked": [],
    "told_unreachable": [],
    "kicked": [],
    "kicked_by": {},
    "kicker_names": {},  # a game ending drops them (bot.service.changes): an older one kept them
    "kicked_someone_playing": [],
    "departures": {},
    "left_group": [],
    "handovers": {},
    "departing": {},
    "recent": [],
    "recent_seqs": [],
    "hand_counters": {},
    "hand_sends": {},
    "turn_mention": None,
    "silence_told": None,
    "catch_told": False,
    "revealed": {},
    "round_stats": {},
    "match_stats": {},
    "stop_questions": [],
}
# What documents no longer keep at all, read as nothing: an old document's goes as it is compacted. Who left
# as their account was deleted: their blanked name tells it (bot.tg.render.narration).
GONE = ("account_deleted",)
ENGINE_KEPT = ("seed", "players", "scores", "dealer", "round_no", "winners", "match_over", "clock", "seq")
# A forgotten person's stand-in in a game: this minus their place among its players (computers are -1 to -10).
STAND_IN = -1000


def compacted(state: Mapping[str, Any]) -> dict[str, Any]:
    """The stored document of an ended game as kept from now on (`GameDocument.compact`): worked on as stored,
    not read first, which costs more than all the rest (a busy bot compacts a few thousand a day). The names
    kept are the players' (a lobby's leavers are no longer shown anywhere)."""
    players = {str(player) for player in state["players"]}
    engine = state["engine"]
    return {
        **{key: value for key, value in state.items() if key not in GONE},
        **EMPTIED,
        "names": {player: name for player, name in state["names"].items() if player in players},
        "engine": None if engine is None else {name: engine[name] for name in ENGINE_KEPT if name in engine},
        "compact": True,
    }


def without_person(doc: GameDocument, user_id: int) -> dict[str, Any]:
    """The ended game's compact document (`doc` as read from one: what is left of the game is all that must
    change) with `user_id` under a stand-in id that is nobody's, named by no name (/forgetme): the others'
    places, scores and names read as before."""
    seat = doc.players.index(user_id) if user_id in doc.players else len(doc.players)
    stand_in = STAND_IN - seat

    def one(player: int) -> int:
        return stand_in if player == user_id else player

    def keys(values: dict[int, Any]) -> dict[int, Any]:
        return {one(player): value for player, value in values.items()}

    names = keys(doc.names)
    if stand_in in names:
        names[stand_in] = ""
    engine = doc.engine
    if engine is not None:
        engine = replace(
            engine,
            players=[one(player) for player in engine.players],
            scores=keys(engine.scores),
            dealer=one(engine.dealer),
            winners=[one(player) for player in engine.winners],
        )
    forgotten = replace(
        doc,
        creator=one(doc.creator),
        players=tuple(one(player) for player in doc.players),
        names=names,
        engine=engine,
        unannounced=tuple(_result_without(result, one) for result in doc.unannounced),
        stopped_by=None if doc.stopped_by is None else one(doc.stopped_by),
        forfeited=None if doc.forfeited is None else one(doc.forfeited),
        rounds_won=keys(doc.rounds_won),
    )
    return compacted(forgotten.to_dict())


def _result_without(result: Result, one: Callable[[int], int]) -> Result:
    """A round's or the match's result not yet posted, with the stand-in for the person forgotten."""
    if isinstance(result, MatchEnded):
        return MatchEnded(
            tuple(one(player) for player in result.winners),
            {one(player): total for player, total in result.totals.items()},
        )
    return RoundEnded(
        result.round_no,
        one(result.winner),
        {one(player): points for player, points in result.hand_points.items()},
        {one(player): points for player, points in result.scored.items()},
        {one(player): total for player, total in result.totals.items()},
        result.stalled,
        tuple(one(player) for player in result.lone_zeros),
    )
