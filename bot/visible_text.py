"""Text as a phone shows it, outside any render: a member's name or a chat's title cleaned to one visible
line, how wide it shows, and how a name reads beside another's (two that read alike are twins: bot.tg.render
marks the later "Alex ²", and the service keeps who took a name first)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from functools import lru_cache

NAME_LIMIT = 24  # letters' width of a name (an emoji or a CJK character takes two): shown_width
# UTF-16 code units of a press's answer (Telegram's count, `utf16_length`: an emoji counts two)
ALERT_LIMIT = 200
# Beside the name of who runs the game (starts it, /stop, /kick): a key, the game's keys, where a crown beside
# a score read as the one who leads.
RUNS_MARK = "🔑"
MEDALS = ("🥇", "🥈", "🥉")  # before the names of a won match's (and a leaderboard's) first three

EMOJI_STYLE = "\ufe0f"  # after a character, draws it as an emoji ("✔️", "1️⃣"): as wide as two letters
ZWJ = "\u200d"
BLACK_FLAG = "\U0001f3f4"  # with tag characters after it: a subdivision flag (Scotland, Wales)
_UNSEEN = ("Mn", "Me", "Cf")  # marks drawn over the character before (a keycap's frame), joiners
_SKIN_TONES = frozenset(map(chr, range(0x1F3FB, 0x1F400)))
_JOINED_MOST = 4  # emoji a phone draws as one at most: a family of four, a kiss ("👩‍❤️‍💋‍👨")
_CJK = range(0x2E80, 0xA4D0)  # wide symbols (radicals, "㈀") that are no emoji
# What joins the character before it, whatever that is: accents, variation selectors, a keycap's frame
_JOINING = frozenset({"Mn", "Me", "Mc", "Sk"})
# Characters that render as nothing or reorder text: bidi controls, zero-width marks, invisible fillers.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f")
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_MAX_MARKS = 2  # combining marks kept per base character (no "zalgo" towers)
# The marks the bot puts beside a name: the host's key, whose turn (▶️, the others ▫️; a hand's ▶ marks what
# can be played), who can't get their cards, a computer, a medal. A member's own name loses them, and its
# superscript digits read as plain ones (a second player's "²"): "▶️ Bob 🔑" or "Alex ²" made the table lie
# about whose turn it was, who hosted, or which Alex came second.
_BOTS_MARKS = re.compile(f"[{RUNS_MARK}▶▫🔇🤖{''.join(MEDALS)}][\ufe0e\ufe0f]?")
_PLAIN_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
# How many names read (`read_as`) or shown (bot.tg.render.names) lately are kept: a table, each hand and its
# keyboard name the same players at a few widths on every move (~0.1 ms to clean a long Cyrillic name). Some
# 20 a game, those of ~200 games at once, at most ~1.6 MB a cache (long Cyrillic names).
NAMES_KEPT = 4096


def shown_width(label: str) -> int:
    """Characters a label takes on a phone: an emoji as wide as two letters, a mark over one, a joiner, an
    emoji it joins to the emoji before ("👨‍👩‍👧" is drawn as one) or a skin tone on a symbol nothing
    (`_drawn`)."""
    return sum(width for width, _ in _drawn(label))


def clean_text(raw: str, limit: int, measure: Callable[[str], int] = len) -> str:
    """One line of visible text: no control or bidi characters, collapsed spaces, at most `limit` chars (or
    as `measure` counts them: `shown_width` for the room on a phone)."""
    kept: list[str] = []
    marks = 0
    for char in raw:
        if _tag(char) and kept and (kept[-1] == BLACK_FLAG or _tag(kept[-1])):
            kept.append(char)  # invisible (Cf) but part of a flag
            continue
        category = unicodedata.category(char)
        if char in _INVISIBLE or (category in _DROPPED_CATEGORIES and char != ZWJ):
            continue
        if category.startswith("Z") or char.isspace():
            char = " "
        if category in ("Mn", "Me"):
            marks += 1
            if marks > _MAX_MARKS or not kept:
                continue
        else:
            marks = 0
        kept.append(char)
    return cut_to(" ".join("".join(kept).split()), limit, measure)


def cut_to(text: str, limit: int, measure: Callable[[str], int]) -> str:
    """`text`, or when `measure` counts it over `limit`, its start and "…" within it, never cut inside what
    shows as one character."""
    return _shortened(text, limit, measure) if measure(text) > limit else text


def utf16_length(text: str) -> int:
    """A text's length as Telegram counts it: UTF-16 code units (an emoji outside the BMP counts two)."""
    return len(text.encode("utf-16-le")) // 2


def clean_name(raw: str, limit: int, measure: Callable[[str], int] = shown_width) -> str:
    """A player's name as `clean_text` cleans it, without the marks only the bot puts beside a name."""
    return clean_text(_BOTS_MARKS.sub("", raw).translate(_PLAIN_DIGITS), limit, measure)


@lru_cache(maxsize=NAMES_KEPT)
def read_as(raw: str) -> str:
    """How a name reads beside others: cleaned and shortened as shown, `folded` ("": nothing of it shows, and
    the renders name its player by number, or a deleted account's as such). Names that read the same are
    twins; each user row keeps its name's (`User.twin_key`), so that a board finds its namesakes by it."""
    key = folded(clean_name(raw, NAME_LIMIT))
    return key if visible(key) else ""


def folded(text: str) -> str:
    """`text` as it compares with another: in any case, and an accented letter one whether typed as one
    character or as a letter and its accent ("Jürgen" typed either way shows the same on a phone)."""
    return unicodedata.normalize("NFC", text.casefold())


def visible(text: str) -> bool:
    """Whether anything of a cleaned `text` shows: not only spaces or lone accents."""
    return any(unicodedata.category(char)[0] not in "ZCM" for char in text)


def _shortened(text: str, limit: int, measure: Callable[[str], int]) -> str:
    """What of `text` `measure` counts at most `limit - 1` and "…", never cut inside what shows as one
    character."""
    room = limit - measure("…")
    end = 0
    for cluster in _clusters(text):
        room -= measure(cluster)
        if room < 0:
            break
        end += len(cluster)
    return text[:end].rstrip().rstrip(ZWJ).rstrip() + "…"  # a joiner left at the end joins nothing


def _clusters(text: str) -> list[str]:
    """The text split into what shows as one character each: a flag, an emoji with a skin tone or joined by
    ZWJ, a letter with its accents."""
    clusters: list[str] = []
    for char, (_, begins) in zip(text, _drawn(text), strict=True):
        if begins or not clusters:
            clusters.append(char)
        else:
            clusters[-1] += char
    return clusters


def _drawn(text: str) -> Iterator[tuple[int, bool]]:
    """For each character of `text`: how wide a phone draws it, and whether it begins what shows as one
    character. A phone joins only emoji: a letter or a symbol after a joiner (ZWJ) is drawn as itself ("Alex"
    with a joiner between its letters is four letters wide), as a skin tone after anything but a symbol is
    drawn as a swatch."""
    joined = 0  # emoji drawn as one in the character so far (0: it is no emoji)
    flag_half = False  # the character so far is a lone regional indicator: the next one makes it a flag
    before = before_category = ""
    for at, char in enumerate(text):
        after = text[at + 1 : at + 2]
        category, code = unicodedata.category(char), ord(char)
        wide = after == EMOJI_STYLE or unicodedata.east_asian_width(char) == "W"
        # drawn as an emoji a joiner may join to another: a wide symbol, or one in emoji style ("❤️")
        emoji = after == EMOJI_STYLE or (wide and category == "So" and code not in _CJK)
        if before == ZWJ:
            begins = not (emoji and 0 < joined < _JOINED_MOST)
        elif char in _SKIN_TONES:
            begins = before_category != "So"  # (a skin tone is no symbol: Sk)
        else:
            begins = not (
                category in _JOINING
                or (category == "Cf" and (char == ZWJ or _tag(char)))  # a joiner, a flag's tags
                or (flag_half and _regional(char))
            )
        if begins:
            joined = 1 if emoji else 0
        elif before == ZWJ:
            joined += 1
        flag_half = begins and category == "So" and _regional(char)
        if category in _UNSEEN or (not begins and (before == ZWJ or char in _SKIN_TONES)):
            yield 0, begins
        else:
            yield (2 if wide else 1), begins
        before, before_category = char, category


def _tag(char: str) -> bool:
    """A tag character: a run of them after a black flag spells which flag it is."""
    return 0xE0020 <= ord(char) <= 0xE007F


def _regional(char: str) -> bool:
    return 0x1F1E6 <= ord(char) <= 0x1F1FF
