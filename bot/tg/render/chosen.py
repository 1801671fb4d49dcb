"""The one mark of "this one is chosen" on every keyboard of the bot: a value, a preset or a language in
/settings, a board's ordering and period in /top. (A chosen card of a multi-play selection carries its place
instead, see hand_keyboard.)"""

from __future__ import annotations

CHOSEN = "✅ "


def marked(label: str, chosen: bool) -> str:
    """`label` with the mark when it is the one chosen."""
    return CHOSEN + label if chosen else label
