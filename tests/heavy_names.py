"""Names that fit a game's cut (bot.tg.render.names PLAYER_NAME_LIMIT, 16 letters' width) yet are long:
quotes (each escaped to six characters of HTML, &quot;) and runs of zero-width joiners, which a phone draws as
nothing (a joiner joins only emoji: a quote after one is drawn, and counted, one letter wide, session 60).
Telegram measures a text against its 4096 after parsing its HTML (bot.tg.render.text `telegram_length`: a
quote counts one), and allows a name 64 characters a first name, and as many a last one; the renders cut a
name at NAME_UNITS (129) UTF-16 units too, whatever its width (session 59)."""

from __future__ import annotations

ZWJ = "\u200d"


def quote_and_joiners(length: int) -> str:
    """A quote and `length - 1` joiners: one letter wide, `length` long, and one piece a cut keeps whole or
    drops (the joiners go with what they follow)."""
    return '"' + ZWJ * (length - 1)


def heaviest_allowed() -> str:
    """A first and a last name of 64 characters each, six quotes and 58 joiners: 13 letters' width, as wide
    as a name shows whole at the table's width beside its mark (" ¹⁰", ten of them), 129 characters
    (NAME_UNITS: shown whole), 189 of HTML. Until session 60 the bot counted what follows a joiner nothing:
    64 quotes, each after a joiner, measured 2 letters wide (449 of HTML) and a phone drew 64."""
    half = '"' * 6 + ZWJ * 58
    return f"{half} {half}"


def cut_away(letter: str) -> str:
    """13 letters' width, 611 characters, longer than Telegram allows a name: `letter`, ten quotes, and two
    runs of a space and 299 joiners past NAME_UNITS. Ten of them at the table's width took a lobby, a round's
    result and the standings past Telegram's limit (~6,100), cut shorter until session 59."""
    return letter + '"' * 10 + (" " + ZWJ * 299) * 2


def cut_short(letter: str) -> str:
    """`cut_away(letter)` as plain text cut at NAME_UNITS: its runs dropped whole, "…" after the quotes."""
    return letter + '"' * 10 + "…"
