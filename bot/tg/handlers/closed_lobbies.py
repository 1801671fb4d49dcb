"""What a press on the buttons of a lobby that closed before it started is told: what its message says (it
was closed, and why), not that the game is over, as for a match that ended; or, a new game being open in its
chat (or topic), that it is there to join, or has started."""

from __future__ import annotations

from bot.service import Place
from bot.storage import GameStatus
from bot.tg import render
from bot.tg.awaited_refusals import awaited_variant
from bot.tg.group_screens import lobby_closed
from bot.tg.runtime import Runtime


async def closed_lobby_alert(
    rt: Runtime, game_id: int | None, user_id: int, lang: str, group_lang: str | None
) -> str | None:
    """The alert for a press by `user_id` refused as its game is no more ("no_game") when that game is a
    lobby that closed (None: another game, or none). `group_lang`: the language of the group's screens, whose
    Join it names."""
    loaded = None if game_id is None else await rt.service.load(game_id)
    if loaded is None or loaded[0].active or loaded[1].engine is not None:
        return None
    record, doc = loaded
    place = Place(record.chat_id, record.topic_id)
    found = await rt.service.find(place)
    if found is None:
        return lobby_closed(rt.translator, doc, lang)
    if found[0].status is GameStatus.LOBBY:
        return render.refusal("lobby_closed_new_open", lang, group_lang)
    # a match runs here, which /new (the closed lobby's message says to send) would be refused for
    match = found[1].engine
    if match is not None and user_id in match.players:
        return render.refusal("already_joined", lang, group_lang)
    reason = await awaited_variant(rt.database, place, user_id, "too_late_to_join")  # with /notifyme's hint
    return render.refusal(reason, lang, group_lang)
