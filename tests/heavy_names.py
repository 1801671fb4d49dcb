"""Names that fit a game's cut (bot.tg.render.names PLAYER_NAME_LIMIT, 16 letters' width) yet are long in
the HTML the bot measures against Telegram's 4096 (bot.tg.render.text `fit`, `packed`): quotes, each escaped
to six characters (&quot;), joined by zero-width joiners, which a phone draws as nothing and after which
bot.visible_text counts nothing wide (what follows one is taken as part of a joined emoji: "👨‍👩‍👧").
Telegram allows 64 characters a first name, and as many a last one."""

from __future__ import annotations

ZWJ = "\u200d"


def joined_quotes(count: int) -> str:
    """`count` quotes joined by ZWJs: one character wide as the bot counts it, 7 * count - 1 long in HTML."""
    return ZWJ.join('"' * count)


def cut_away(letter: str) -> str:
    """14 letters' width, 473 characters of HTML; cut at SHORT_NAME_LIMIT (12), 62: `letter` and ten
    quotes (11 wide) and "…", both runs of joined quotes past the cut (a first name of 64 characters, a last
    of 63)."""
    return letter + '"' * 10 + joined_quotes(27) + " " + joined_quotes(32)


def cut_short(letter: str) -> str:
    """`cut_away(letter)` as plain text cut at SHORT_NAME_LIMIT."""
    return letter + '"' * 10 + "…"


def heavy(letter: str) -> str:
    """A first name of 64 characters, 2 letters' width, 224 of HTML at any cut: ten players' round result
    and standings take over 2000 each."""
    return joined_quotes(32) + letter
