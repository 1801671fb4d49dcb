"""People's app languages, followed: one who switches their Telegram app to another language mid-game reads
their hands in it (unless they chose their language with /lang)."""

from __future__ import annotations

import logging

from telegram import Update
from telegram.ext import ContextTypes

from bot.service.settings import follow_app_language
from bot.tg.handlers.common import runtime

log = logging.getLogger(__name__)


async def follow_language(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Any update from a person carries their app's language as it is now: a language code not seen from
    them lately (within a day) is kept, and when their language changed with it, the screens of their
    active games are redrawn in it (they were drawn in the language kept when they joined)."""
    user = update.effective_user
    if user is None or user.is_bot or user.language_code is None:  # no code says nothing of a change
        return
    rt, code = runtime(context), user.language_code
    if rt.language_codes_seen.same(user.id, code, rt.ticks()):
        return
    try:
        async with rt.database.unit_of_work() as uow:
            changed = await follow_app_language(uow, user.id, code, rt.settings.default_language)
        if changed:
            await rt.readers_changed(user.id)
    except Exception:  # a language is no reason to fail the update: its own handling answers the trouble
        log.warning("Taking the app language of user %s failed", user.id, exc_info=True)
        return
    rt.language_codes_seen.saw(user.id, code, rt.ticks())
