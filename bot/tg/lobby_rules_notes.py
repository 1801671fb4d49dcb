"""A change of a forum's rules told in its other topics whose open game took it. The topic it was made in
reads it (the answer to the command, the menu's notice); a lobby elsewhere only changed its rules line,
unnoticed by players about to start it. The note goes after a while, when the next change's replaces it, or
when its lobby starts or closes (bot.tg.group_posts)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import GameRecord
from bot.tg.fleeting import LOBBY_RULES_NOTE, LOBBY_RULES_NOTE_SECONDS, FleetingMessages
from bot.tg.pacing import Render, WritePacer
from bot.tg.send import Sent
from bot.tg.views import thread_of


async def tell_lobbies(
    pacer: WritePacer, fleeting: FleetingMessages, lobbies: Sequence[GameRecord], note: str
) -> None:
    """Post `note` in each lobby's topic (in the chat's order, after the lobby's redrawing), without a sound:
    news for those looking at the lobby, which an admin pressing through the menu would otherwise ring."""
    for record in lobbies:
        sent = await pacer.queue(record.chat_id, Render(note), thread_of(record), silent=True)
        if isinstance(sent, Sent) and sent.message_id is not None:
            fleeting.newest(record.chat_id, f"{LOBBY_RULES_NOTE}{record.id}", sent.message_id)
            fleeting.delete_later(record.chat_id, sent.message_id, LOBBY_RULES_NOTE_SECONDS)
