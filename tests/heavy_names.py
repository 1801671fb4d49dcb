"""Names that fit a game's cut (bot.tg.render.names PLAYER_NAME_LIMIT, 16 letters' width) yet are long:
quotes (each escaped to six characters of HTML, &quot;) joined by zero-width joiners, which a phone draws as
nothing and after which bot.visible_text counts nothing wide (what follows one is taken as part of a joined
emoji: "👨‍👩‍👧"). Telegram measures a text against its 4096 after parsing its HTML (bot.tg.render.text
`telegram_length`: a quote counts one), and allows a name 64 characters a first name, and as many a last one:
names that overflow a message as it counts are longer than any Telegram gives, which a test can seat."""

from __future__ import annotations

ZWJ = "\u200d"


def joined_quotes(count: int) -> str:
    """`count` quotes joined by ZWJs: one character wide as the bot counts it, 2 * count - 1 long."""
    return ZWJ.join('"' * count)


def heaviest_allowed() -> str:
    """A first and a last name of 64 characters each, a quote and a ZWJ in turn: 2 letters' width (the
    space after a ZWJ counts nothing), 129 characters, 449 of HTML at any cut. Ten of them took over 4096
    in the HTML, and a lobby, a round's result and the standings raised at both cuts (until session 58),
    though Telegram would have taken ~1,900 characters."""
    half = f'"{ZWJ}' * 32
    return f"{half} {half}"


def cut_away(letter: str) -> str:
    """14 letters' width, 610 characters (2,160 of HTML, within the 2,500 Fluent takes as one argument),
    longer than Telegram allows a name; cut at SHORT_NAME_LIMIT (12), 12: `letter` and ten quotes (11 wide)
    and "…", both runs of joined quotes past the cut. Ten of them at the table's cut take ~6,100 of a
    message, at the shorter one ~120."""
    return letter + '"' * 10 + joined_quotes(150) + " " + joined_quotes(150)


def cut_short(letter: str) -> str:
    """`cut_away(letter)` as plain text cut at SHORT_NAME_LIMIT."""
    return letter + '"' * 10 + "…"


def heavy(letter: str) -> str:
    """A first name of 201 characters (longer than Telegram allows), 2 letters' width, as long at any cut:
    ten players' standings and round result take over 2000 each."""
    return joined_quotes(100) + letter


RUN = joined_quotes(8)  # one letter's width, 15 characters (55 of HTML)


def runs(count: int) -> str:
    """`count` RUNs one after another: `count` letters' width, 15 * count characters; a cut keeps whole
    runs. Ten names of 30 take a table past Telegram's limit at the table's cut (16: 226 characters each),
    not at the shorter one (12: 166)."""
    return RUN * count
