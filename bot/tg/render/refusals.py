"""Alert texts for refused button presses: every engine Reason and the adapter's own reasons."""

from __future__ import annotations

from bot.i18n import language_for
from bot.tg.render.text import t, translator

ALERT_LIMIT = 200  # Telegram shows at most 200 characters in a callback answer


def refusal(reason: str, lang: str, **names: str) -> str:
    """The alert for `reason` (an engine Reason value or an adapter reason); others get a generic text.
    `names`: the players it names, as plain text."""
    key = "refusal-" + reason.replace("_", "-")
    if not translator.has(language_for(lang), key):
        key = "refusal-unknown"
    return t(lang, key, **names)[:ALERT_LIMIT]
