"""Telegram and the database within reach again (bot.tg.outages): every match gets back the time nobody could
see the table or press, every game's timers run again at once, and the screens are redrawn (writes were
given up meanwhile, a "your turn" message among them)."""

from __future__ import annotations

import logging

from bot.service import GameDocument, UnreadableGame
from bot.service.document import read_document
from bot.storage import GameRecord
from bot.tg.outages import LONG_MS
from bot.tg.runtime import Runtime

log = logging.getLogger(__name__)


async def resume_games(rt: Runtime, since: int, lost: int) -> None:
    """`since`: when the outage began (ms); `lost`: how long it lasted."""
    long = lost >= LONG_MS  # a shorter one gives no time back and redraws nothing
    games: list[tuple[GameRecord, GameDocument]] = []
    for record in await rt.service.active_games():
        try:
            outcome = await rt.service.give_time_back(record.id, since, lost) if long else None
            if outcome is not None:
                record = outcome.game
                await rt.after(outcome)
            games.append((record, read_document(record)))
        except UnreadableGame:
            continue  # its timers stopped for good
    if rt.timers is not None:
        if long:
            rt.timers.resume(games)
        else:
            for record, doc in games:
                rt.timers.arm(record, doc)
    if long:
        log.info("%s games resumed, %.0f s given back", len(games), lost / 1000)
        rt.heal_screens([record.id for record, _ in games])
