"""What a narrow phone shows of a message's buttons: Telegram gives a row of inline buttons the width of
~30-35 characters, an equal share to each button, and cuts a label that does not fit its share with "…"."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

ROW_WIDTH = 30  # characters a row of buttons shows uncut on a narrow phone


def width(label: str) -> int:
    """Characters a label takes on screen: an emoji as wide as two letters (a character followed by U+FE0F
    is drawn as one: "✔️", "1️⃣"); a mark drawn over the character before (a keycap's frame), U+FE0F itself
    and a joiner take no room."""
    shown = 0
    for at, char in enumerate(label):
        if unicodedata.category(char) in ("Mn", "Me", "Cf"):
            continue
        emoji = label[at + 1 : at + 2] == "\ufe0f" or unicodedata.east_asian_width(char) == "W"
        shown += 2 if emoji else 1
    return shown


def cut_labels(rows: Sequence[Sequence[str]]) -> list[str]:
    """The labels of these rows of buttons that a narrow phone cuts."""
    return [label for row in rows for label in row if width(label) > ROW_WIDTH // len(row)]
