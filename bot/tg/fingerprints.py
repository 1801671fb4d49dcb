"""A fingerprint of what the bot set in Telegram that Telegram keeps (bot.tg.profile_kept): its texts and the
bot's id, as another token on the same database is another bot, whose Telegram has none of it."""

from __future__ import annotations

import hashlib
import json

from telegram import Bot


def fingerprint(bot: Bot, texts: object) -> str:
    """64 hex digits of `texts` (anything JSON writes) as `bot` sets them."""
    written = json.dumps([bot.id, texts], ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(written.encode()).hexdigest()
