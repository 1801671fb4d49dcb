"""The refusals (and /stats's hint) that tell one not playing the match to send /notifyme, said to one who
sent it already: sent again, it takes their request back, so they read instead that the word will come."""

from __future__ import annotations

from bot.service import Place
from bot.service.next_game import awaits_next_game
from bot.storage import Database
from bot.tg.runtime import Runtime

# a refusal's reason (or an answer's key), and the one said to who awaits the next game
_AWAITED = {
    "too_late_to_join": "too_late_to_join_awaited",
    "not_in_match": "not_in_match_awaited",
    "error-game-exists-next": "error-game-exists-next-awaited",
}


async def awaited_variant(database: Database, place: Place, user_id: int | None, said: str) -> str:
    """`said` (a reason or a key) to `user_id` at `place`, or what it is to one awaiting its next game."""
    awaited = _AWAITED.get(said)
    if awaited is None or user_id is None or not await awaits_next_game(database, place, user_id):
        return said
    return awaited


async def press_reason_for(rt: Runtime, game_id: int | None, user_id: int, reason: str) -> str:
    """`reason` refusing a press on the game's buttons, as `awaited_variant` (the game read only then)."""
    loaded = None if game_id is None or reason not in _AWAITED else await rt.service.load(game_id)
    if loaded is None:
        return reason
    return await awaited_variant(rt.database, Place(loaded[0].chat_id, loaded[0].topic_id), user_id, reason)
