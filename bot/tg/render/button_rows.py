"""Rows of inline buttons whose labels show whole: Telegram gives each button of a row an equal share of it
and cuts a label past its share with "…". A narrow phone's row holds ~30 characters (Desktop's widest
bubble, 430 px, hardly more: a quarter of it, ~86 px, cut "▶ 🟥 Reverse")."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

Button = TypeVar("Button")

ROW_CHARS = 30
EMOJI_STYLE = "\ufe0f"  # after a character, draws it as an emoji ("✔️", "1️⃣"): as wide as two letters
_UNSEEN = ("Mn", "Me", "Cf")  # marks drawn over the character before (a keycap's frame), joiners
ZWJ = "\u200d"
_SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))


def shown_width(label: str) -> int:
    """Characters a label takes on a phone: an emoji as wide as two letters, a mark over one, a joiner, what
    it joins to the emoji before ("👨‍👩‍👧" is drawn as one) or a skin tone nothing."""
    width = 0
    for at, char in enumerate(label):
        if unicodedata.category(char) in _UNSEEN or label[at - 1 : at] == ZWJ or char in _SKIN_TONES:
            continue
        emoji = label[at + 1 : at + 2] == EMOJI_STYLE or unicodedata.east_asian_width(char) == "W"
        width += 2 if emoji else 1
    return width


def fitted_rows(buttons: Sequence[Button], widths: Sequence[int], most: int) -> list[list[Button]]:
    """The buttons in order, at most `most` a row, a row ending before a button that would leave its widest
    label (`widths`, one a button) no room in its share."""
    rows: list[list[Button]] = []
    widest = 0
    for button, width in zip(buttons, widths, strict=True):
        if rows and len(rows[-1]) < most and max(widest, width) * (len(rows[-1]) + 1) <= ROW_CHARS:
            rows[-1].append(button)
            widest = max(widest, width)
        else:
            rows.append([button])
            widest = width
    return rows
