"""Alert texts for refused button presses: every engine Reason and the adapter's own reasons."""

from __future__ import annotations

from bot.i18n import language_for
from bot.tg.render.text import t, translator

ALERT_LIMIT = 200  # Telegram shows at most 200 characters in a callback answer
ADAPTER_REASONS: tuple[str, ...] = (
    "stale",
    "not_your_button",
    "not_a_player",
    "no_game",
    "not_admin",
    "lobby_full",
    "already_joined",
    "need_two_players",
    "game_running",
    "lobby_left_started",
    "nobody_to_catch",
    "catch_yourself",
    "no_computer",
    "unknown",
)


def refusal(reason: str, lang: str) -> str:
    """The alert for `reason` (an engine Reason value or an adapter reason); others get a generic text."""
    key = "refusal-" + reason.replace("_", "-")
    if not translator.has(language_for(lang), key):
        key = "refusal-unknown"
    return t(lang, key)[:ALERT_LIMIT]
