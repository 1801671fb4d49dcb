"""What a press on the buttons of a lobby that closed before it started is told: what its message says (it
was closed, and why), not that the game is over, as for a match that ended; or, a new lobby being open in its
chat (or topic), that it is there to join."""

from __future__ import annotations

from bot.service import Place
from bot.storage import GameStatus
from bot.tg import render
from bot.tg.group_screens import lobby_closed
from bot.tg.runtime import Runtime


async def closed_lobby_alert(
    rt: Runtime, game_id: int | None, lang: str, group_lang: str | None
) -> str | None:
    """The alert for a press refused as its game is no more ("no_game") when that game is a lobby that closed
    (None: another game, or none). `group_lang`: the language of the group's screens, whose Join it names."""
    loaded = None if game_id is None else await rt.service.load(game_id)
    if loaded is None or loaded[0].active or loaded[1].engine is not None:
        return None
    record, doc = loaded
    found = await rt.service.find(Place(record.chat_id, record.topic_id))
    if found is not None and found[0].status is GameStatus.LOBBY:
        return render.refusal("lobby_closed_new_open", lang, group_lang)
    return lobby_closed(rt.translator, doc, lang)
