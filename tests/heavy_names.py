"""Names that fit a game's cut (bot.tg.render.names PLAYER_NAME_LIMIT, 16 letters' width) yet are long:
quotes (each escaped to six characters of HTML, &quot;) joined by zero-width joiners, which a phone draws as
nothing and after which bot.visible_text counts nothing wide (what follows one is taken as part of a joined
emoji: "👨‍👩‍👧"). Telegram measures a text against its 4096 after parsing its HTML (bot.tg.render.text
`telegram_length`: a quote counts one), and allows a name 64 characters a first name, and as many a last one;
the renders cut a name at NAME_UNITS (129) UTF-16 units too, whatever its width (session 59)."""

from __future__ import annotations

ZWJ = "\u200d"


def joined_quotes(count: int) -> str:
    """`count` quotes joined by ZWJs: one character wide as the bot counts it, 2 * count - 1 long, and one
    piece a cut keeps whole or drops."""
    return ZWJ.join('"' * count)


def heaviest_allowed() -> str:
    """A first and a last name of 64 characters each, a quote and a ZWJ in turn: 2 letters' width (the
    space after a ZWJ counts nothing), 129 characters (NAME_UNITS: shown whole), 449 of HTML. Ten of them
    took over 4096 in the HTML, and a lobby, a round's result and the standings raised (until session 58),
    though Telegram would have taken ~1,900 characters."""
    half = f'"{ZWJ}' * 32
    return f"{half} {half}"


def cut_away(letter: str) -> str:
    """14 letters' width, 610 characters (2,160 of HTML), longer than Telegram allows a name: `letter`, ten
    quotes, and two runs of 150 joined quotes (299 characters each) past NAME_UNITS. Ten of them at the
    table's width took a lobby, a round's result and the standings past Telegram's limit (~6,100), cut
    shorter until session 59."""
    return letter + '"' * 10 + joined_quotes(150) + " " + joined_quotes(150)


def cut_short(letter: str) -> str:
    """`cut_away(letter)` as plain text cut at NAME_UNITS: its runs dropped whole, "…" after the quotes."""
    return letter + '"' * 10 + "…"
