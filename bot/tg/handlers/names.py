"""People's Telegram names, followed: one who renames themselves mid-game is shown so on its screens, and
the bot's boards and look-ups by @username take the name of anyone it knows as it is now."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import UnreadableGame
from bot.tg.handlers.common import runtime

log = logging.getLogger(__name__)


async def follow_name(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any update from a person carries their name as it is now: a name not seen from them lately (within a
    day, `LatelySeen`) is taken by their active games (which keep the name they joined with otherwise); the
    name and @username of anyone the bot keeps a name of (a player, in a game now or not), by that row,
    which "/kick @name", "/stats @name" and the boards read. Per person and day, or change of name: the
    active games and their user row read, the row written only when it differs."""
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
        # Kept for anyone the bot knows, in a game or not: "/stats @new_name" finds one who changed it
        # between games, and the boards show the name they have now.
        async with rt.database.unit_of_work() as uow:
            await uow.users.follow_name(user.id, name=user.full_name, username=user.username)
    except Exception:  # a name is no reason to fail the update: its own handling answers the trouble
        log.warning("Taking the new name of user %s failed", user.id, exc_info=True)
        return
    rt.names_seen.saw(user.id, seen, rt.ticks())
