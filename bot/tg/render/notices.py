"""Rare notices the group gets as new messages: a player the bot cannot write to, a match nobody moves in."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.tg.pacing import Render
from bot.tg.render.text import mention, name, t
from bot.tg.render.views import Seat

MINUTE_MS = 60_000


def unreachable(seat: Seat, timed: bool, private_link: str, lang: str) -> Render:
    """`seat` cannot get their cards; the button opens the private chat with the bot. Named as the table
    shows them ("Alex ²"): the untimed notice's "/kick <name>" must name only them."""
    # Without a turn timer their turns never time out: someone must remove them for the game to go on.
    key = "gameplay-unreachable" if timed else "gameplay-unreachable-untimed"
    opening = InlineKeyboardButton(t(lang, "button-open-private"), url=private_link)
    return Render(t(lang, key, name=name(seat, lang)), InlineKeyboardMarkup([[opening]]))


def idle_warning(seat: Seat, idle_ms: int, left_ms: int, lang: str) -> Render:
    """Nobody moved for `idle_ms` (no turn timer): the match stops in `left_ms` unless `seat`, whose move it
    is, moves; the mention notifies them."""
    return Render(
        t(
            lang,
            "gameplay-idle-warning",
            name=mention(seat, lang),
            idle=idle_ms // MINUTE_MS,
            left=-(-left_ms // MINUTE_MS),  # rounded up: never sooner than said
        )
    )
