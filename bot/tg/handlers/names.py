"""People's Telegram names, followed: one who renames themselves mid-game is shown so on its screens."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import UnreadableGame
from bot.tg.handlers.common import runtime

log = logging.getLogger(__name__)


async def follow_name(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any update from a person carries their name as it is now: a name not seen from them lately (within a
    day, `LatelySeen`) is taken by their active games (which keep the name they joined with otherwise); a
    player's name and @username, by what the bot keeps of them, which "/kick @name" and "/stats @name" look
    up (kept as they were at joining otherwise)."""
    user = update.effective_user
    if user is None or user.is_bot:
        return
    rt = runtime(context)
    seen = (user.full_name, user.username)
    if rt.names_seen.same(user.id, seen, rt.ticks()):
        return
    try:
        games = await rt.service.active_games_of(user.id)
        for record in games:
            try:
                outcome = await rt.service.rename_player(record.id, user.id, user.full_name)
            except UnreadableGame:  # it shows no name any more; /stop in its group ends it
                continue
            if outcome is not None:
                await rt.after(outcome)
        if games:
            async with rt.database.unit_of_work() as uow:
                await uow.users.follow_name(user.id, name=user.full_name, username=user.username)
    except Exception:  # a name is no reason to fail the update: its own handling answers the trouble
        log.warning("Taking the new name of user %s failed", user.id, exc_info=True)
        return
    rt.names_seen.saw(user.id, seen, rt.ticks())
