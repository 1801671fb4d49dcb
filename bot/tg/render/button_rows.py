"""Rows of inline buttons whose labels show whole: Telegram gives each button of a row an equal share of it
and cuts a label past its share with "…". A narrow phone's row holds ~30 characters (Desktop's widest
bubble, 430 px, hardly more: a quarter of it, ~86 px, cut "▶ 🟥 Reverse")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

Button = TypeVar("Button")

ROW_CHARS = 30


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
