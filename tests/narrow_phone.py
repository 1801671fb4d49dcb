"""What a narrow phone shows of a message: Telegram gives a row of inline buttons the width of ~30-35
characters, an equal share to each button, and cuts a label that does not fit its share with "…"; a line of
text wider than about as much wraps at the last space that fits, never at a no-break one."""

from __future__ import annotations

from collections.abc import Sequence

from bot.visible_text import shown_width as width

ROW_WIDTH = 30  # characters a row of buttons shows uncut on a narrow phone
NARROW_LINE = 32  # characters of a line a narrow phone shows in a group (~30-35) before it wraps
# the top of that range: what a line whose numbers grow with the match (a round's results, with a name cut
# as short names are, 12 letters; the table's title) aims for, and the table's top card line, as wide as
# widest, "Top card: 🧨 Creeper, now 🟨 yellow"
PHONE_LINE = 35
NO_BREAK = "\u00a0"  # between a figure's words: a line wraps between its figures, never inside one


def cut_labels(rows: Sequence[Sequence[str]]) -> list[str]:
    """The labels of these rows of buttons that a narrow phone cuts."""
    return [label for row in rows for label in row if width(label) > ROW_WIDTH // len(row)]


def wrapped(line: str, room: int = NARROW_LINE) -> list[str]:
    """`line` as a narrow phone shows it: broken at a space (never a no-break one) before a word that would
    take it past `room` characters; a word wider than that alone on its line (the phone breaks inside it,
    which a width check finds)."""
    shown: list[str] = []
    for word in line.split(" "):
        if shown and width(f"{shown[-1]} {word}") <= room:
            shown[-1] += f" {word}"
        else:
            shown.append(word)
    return shown


def spaced(text: str) -> str:
    """`text` with the no-break spaces that hold a figure's words on one line read as spaces: for a test of
    what a line says rather than where a phone may wrap it."""
    return text.replace(NO_BREAK, " ")


def shown_whole(held: str, line: str, narrowest: int = NARROW_LINE - 2) -> bool:
    """Whether `held`, as a phone shows it, stands on one of the rows a phone wraps `line` into, on any line
    from `narrowest` characters wide to PHONE_LINE (a narrow phone's ~30-35 by default)."""
    return all(
        any(held in spaced(row) for row in wrapped(line, room)) for room in range(narrowest, PHONE_LINE + 1)
    )
