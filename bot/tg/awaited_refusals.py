"""The refusals that tell one not playing the match to send /notifyme, said to one who sent it already: sent
again, it takes their request back, so they read instead that the word will come."""

from __future__ import annotations

from bot.service import Place
from bot.service.next_game import awaits_next_game
from bot.tg.runtime import Runtime

# a refusal's reason, and the one said to who awaits the next game
_AWAITED = {"too_late_to_join": "too_late_to_join_awaited", "not_in_match": "not_in_match_awaited"}


async def reason_for(rt: Runtime, place: Place, user_id: int | None, reason: str) -> str:
    """`reason` refusing a command sent at `place`, or what it becomes for `user_id` awaiting its next one."""
    awaited = _AWAITED.get(reason)
    if awaited is None or user_id is None or not await awaits_next_game(rt.database, place, user_id):
        return reason
    return awaited


async def press_reason_for(rt: Runtime, game_id: int | None, user_id: int, reason: str) -> str:
    """`reason` refusing a press on the game's buttons, as `reason_for` (the game read only for those two)."""
    loaded = None if game_id is None or reason not in _AWAITED else await rt.service.load(game_id)
    if loaded is None:
        return reason
    return await reason_for(rt, Place(loaded[0].chat_id, loaded[0].topic_id), user_id, reason)
