"""Shared pieces of every render: catalogue text, links, chat titles, lists of names and chats, coarse time,
length fitting. A player's name, marked apart from the others', is bot.tg.render.names'."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from html import unescape
from typing import Protocol, TypeVar

from telegram import InlineKeyboardButton

from bot.i18n import LANGUAGES, escape_html
from bot.i18n.shared import translator
from bot.tg.callback_data import Action, encode
from bot.tg.render.unlinked import unlinked
from bot.tg.render.views import Seat
from bot.visible_text import (
    NAMES_KEPT,
    clean_text,
    shown_width,
    utf16_length,
    visible,
)

TEXT_LIMIT = 4096
TITLE_LIMIT = 48  # letters' width of a chat's title, as NAME_LIMIT of a name
TOPIC_LIMIT = 24  # width of a forum topic's name that a long chat title leaves in a game's title
# UTF-16 units (Telegram's count of a text, `utf16_length`) a title takes at most for a letter's width, as
# names are bound by NAME_UNITS: a joiner (ZWJ) makes what follows it no wider, so Telegram's 128 characters
# of a chat's title and as many of its topic's could make a forum game's title of ~400 units in 48 letters'
# width, and a private answer's ten of them (LISTED_CHATS) ran past the 2,500 characters Fluent takes as one
# argument. The widest emoji a phone shows, a family (👨‍👩‍👧), takes four for each of its two: a title of
# letters and common emoji is cut for its width alone. Measured with the width (`title_room`), not as a
# second cut of the whole: that would cut a long chat title's game's topic off, which tells it apart.
TITLE_UNITS_PER_LETTER = 4
TOPIC_SEPARATOR = " \N{MIDDLE DOT} "
# A list of players names this many and counts the rest: ten names ran to ~200 characters. The list (or all
# of it but its last name) is one argument of its sentence, and Fluent takes 2,500 characters as one at most
# (nine tied winners raised): three names of names.NAME_UNITS, each unit six characters of HTML at most
# (&quot;), a mark and bidi marks, take ~2,350.
LISTED_NAMES = 3
# A private answer's list of groups names this many and counts the rest: a member of 40 groups got an
# apology, their list past what Fluent takes as one argument (2,500 characters) or Telegram as a text.
LISTED_CHATS = 10
_Listed = TypeVar("_Listed")
TIME_STEP_S = 10  # time left is shown in 10 s steps, so re-renders rarely change the text
WINDOW_STEP_S = 1  # but the catch and slap windows and the pause between rounds count every second
MINUTES_AFTER_S = 120  # more time left than this reads in whole minutes ("in 10 min", not "in 600 s")

# Between a line's figures (a count and its word, a score, the marks beside them): a line too wide for a
# narrow phone wraps before them (after the name they follow), never between a number and its word.
_NO_BREAK = "\N{NO-BREAK SPACE}"
LRM = "\u200e"  # left-to-right mark (added around right-to-left names and titles)
RLM = "\u200f"  # right-to-left mark (after the "…" of a right-to-left name or title cut short)
_STRONG = ("L", "R", "AL")  # bidi classes with a direction of their own (an ellipsis, a space have none)
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_TAGS = re.compile(r"<[^>]+>")  # a translation's HTML (<b>, <i>), which shows no width


def shown_html_width(html: str) -> int:
    """How wide a text in Telegram's HTML reads on screen (bot.visible_text.shown_width)."""
    return shown_width(_parsed(html))


def _parsed(html: str) -> str:
    """A text in Telegram's HTML as Telegram reads it: its tags removed, its entities unescaped."""
    return unescape(_TAGS.sub("", html))


def telegram_length(html: str) -> int:
    """A text in Telegram's HTML as Telegram measures it against TEXT_LIMIT: UTF-16 units after parsing (a
    quote, six characters escaped, counts one; a link's address nothing)."""
    return utf16_length(_parsed(html))


def private_chat_link(bot_username: str, start: str | None = None) -> str:
    """The link that opens the private chat with the bot (sending /start `start`, when given)."""
    link = f"https://t.me/{bot_username}"
    return link if start is None else f"{link}?start={start}"


def hand_payload(game_id: int) -> str:
    """The start parameter of a link to the private chat from a game's group: a player's Start there sends
    their hand; anyone else's says they are not in that game (not how to begin one)."""
    return f"hand_{game_id}"


def add_to_group_link(bot_username: str) -> str:
    """The link that lets a person pick a group to add the bot to."""
    return f"https://t.me/{bot_username}?startgroup=true"


def t(lang: str, key: str, /, **args: str | int) -> str:
    """Catalogue text; string arguments must already be HTML (escaped names, card labels)."""
    return translator.t(lang, key, **args)


def paused_key(key: str, muted: bool) -> str:
    """The words `key` said of a paused match: for when its topic is reopened, or (`muted`: "-muted") for
    when its group lets the bot post again."""
    return f"{key}-muted" if muted else key


def other_languages(lang: str, *, group: bool) -> list[str]:
    """How to switch to each of the bot's languages but `lang` ("🌐 In English: /lang en"), each line in its
    own language: under a text in `lang` for readers who may not read it. In a `group`, by an admin: its
    members read it too, whose /lang there is refused."""
    key = "language-offer-group" if group else "language-offer"
    return [t(other, key) for other in LANGUAGES if other != lang]


def left_to_right(text: str) -> str:
    """A name with right-to-left letters between left-to-right marks: in an English or Russian line it
    would otherwise turn the line's direction (a row starting with it reads mirrored) or carry the
    numbers after it to its side. One cut short in right-to-left letters has a right-to-left mark after its
    "…": between them and the closing LRM the ellipsis took the line's direction and showed at their right,
    where such a name begins ("…عبد الرحمن" read as cut at its start)."""
    if not any(unicodedata.bidirectional(char) in ("R", "AL") for char in text):
        return text
    cut_right_to_left = text.endswith("…") and _last_direction(text[:-1]) in ("R", "AL")
    return f"{LRM}{text}{RLM if cut_right_to_left else ''}{LRM}"


def _last_direction(text: str) -> str | None:
    """The bidi class of the last character of `text` with a direction of its own (None: none has)."""
    return next((kind for kind in map(unicodedata.bidirectional, reversed(text)) if kind in _STRONG), None)


def seat_of(seats: Mapping[int, Seat], user_id: int) -> Seat:
    return seats.get(user_id) or Seat(user_id, "")


def twin_mark(twin: int) -> str:
    """The mark of the `twin`-th of one name or title, " ²" for the second ("" for the first)."""
    return f" {str(twin).translate(_SUPERSCRIPTS)}" if twin else ""


def told_apart(titles: Sequence[str]) -> list[str]:
    """The titles, each one that repeats an earlier one marked with its count, as a second player of one name
    is ("Friends ²"): two chats of one title are two places."""
    seen: dict[str, int] = {}
    marked = []
    for shown in titles:
        seen[shown] = seen.get(shown, 0) + 1
        marked.append(shown + twin_mark(seen[shown] if seen[shown] > 1 else 0))
    return marked


def chat_titles(raw: Iterable[str], lang: str) -> list[str]:
    """Games' chats named in a text: each title plain (`plain_title`), two of one title told apart."""
    return told_apart([plain_title(title, lang) for title in raw])


def names_and_more(names: Sequence[str], lang: str, listed: int = LISTED_NAMES) -> str:
    """The names as a sentence lists them ("A, B and C"), or the first `listed` and how many more ("A, B,
    C and 2 more")."""
    # "and 1 more" would take the room of the one name it hides: the count starts at two.
    kept = names if len(names) <= listed + 1 else names[:listed]
    more = len(names) - len(kept)
    if more:
        return t(lang, "names-and-more", names=", ".join(kept), count=more)
    return names_list(kept, lang)


def listed_chats(chats: Sequence[_Listed]) -> tuple[Sequence[_Listed], int]:
    """The first LISTED_CHATS of `chats` (all of them when one more would be left) and how many are left."""
    kept = chats if len(chats) <= LISTED_CHATS + 1 else chats[:LISTED_CHATS]
    return kept, len(chats) - len(kept)


def chats_and_more(chats: Sequence[str], lang: str) -> str:
    """The chats (HTML) one after another ("A, B"), or the first LISTED_CHATS and how many more."""
    kept, more = listed_chats(chats)
    if more:
        return t(lang, "chats-and-more", chats=", ".join(kept), count=more)
    return ", ".join(kept)


def bold_chats(titles: Sequence[str], lang: str) -> str:
    """The chats' titles (plain text) in bold, as `chats_and_more` lists them."""
    return chats_and_more([f"<b>{escape_html(title)}</b>" for title in titles], lang)


def names_list(names: Sequence[str], lang: str) -> str:
    """Every name, as a sentence lists them: "A", "A and B", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return t(lang, "names-and-last", names=", ".join(names[:-1]), last=names[-1])


@lru_cache(maxsize=NAMES_KEPT)  # every hand of a match heads it with its chat's title again
def plain_title(raw: str, lang: str) -> str:
    """A chat's title as plain text, cleaned and shortened, never read as a link or command, as a name; a
    title of invisible characters (some groups have one) is named as such, not left a gap: "You're in the
    game in .". A right-to-left title is kept from turning its line as a name is (a hand begins with it:
    Telegram Web turns the whole message)."""
    text = clean_text(raw, TITLE_LIMIT, title_room)
    return left_to_right(unlinked(text)) if visible(text) else t(lang, "render-unnamed-group")


def title_room(text: str) -> int:
    """The room a title takes, as TITLE_LIMIT counts it: its width on a phone, or its UTF-16 length over
    TITLE_UNITS_PER_LETTER where that is more (a title of emoji joined by ZWJ)."""
    return max(shown_width(text), -(-utf16_length(text) // TITLE_UNITS_PER_LETTER))


def title(raw: str, lang: str) -> str:
    """A chat's title as safe HTML (for texts)."""
    return escape_html(plain_title(raw, lang))


def place_title(chat: str, topic: str | None) -> str:
    """How a game is named: its chat, and in a forum its topic too ("Chat · Topic"), within TITLE_LIMIT. The
    topic is what tells two games of one forum apart: it takes the room the chat's title leaves, and a long
    chat title gives way to at least TOPIC_LIMIT letters' width of it."""
    topic = clean_text(topic or "", TITLE_LIMIT, title_room)
    if not topic:
        return chat
    chat = clean_text(chat, TITLE_LIMIT, title_room)
    room = TITLE_LIMIT - title_room(TOPIC_SEPARATOR)
    topic = clean_text(topic, max(TOPIC_LIMIT, room - title_room(chat)), title_room)
    return f"{clean_text(chat, room - title_room(topic), title_room)}{TOPIC_SEPARATOR}{topic}"


class Named(Protocol):
    """A game as named to its players: a `GameDocument`, or a view drawn of one."""

    @property
    def chat_title(self) -> str: ...  # a topic's game names its topic already ("Club · Room A")

    @property
    def forum_general(self) -> bool: ...  # GameDocument.forum_general

    @property
    def topic_title(self) -> str | None: ...  # of a General game, General's name an admin gave it


def game_title(game: Named, lang: str) -> str:
    """A game's name as said beside the forum's other games: a forum's General game as a topic's game is
    named ("Club · General", or as an admin renamed General: "Club · Lounge"), as "Club" alone reads as the
    whole group's beside "Club · Room A"."""
    general = (game.topic_title or t(lang, "render-general-topic")) if game.forum_general else None
    return place_title(game.chat_title, general)


def seconds_left(
    deadline_ms: int | None, now_ms: int, step_s: int = TIME_STEP_S, longest_s: int | None = None
) -> int | None:
    """Time left rounded up to whole `step_s` steps (None without a deadline), never more than the whole
    span `longest_s` (a 15 s turn must not read 20)."""
    if deadline_ms is None:
        return None
    remaining_ms = max(0, deadline_ms - now_ms)
    step_ms = step_s * 1000
    stepped = -(-remaining_ms // step_ms) * step_s
    return stepped if longest_s is None else min(stepped, longest_s)


def time_left(
    deadline_ms: int | None, now_ms: int, lang: str, longest_s: int, step_s: int = TIME_STEP_S
) -> str | None:
    """ "in 60 s" to a deadline, as a relative date_time entity (Bot API 9.5): each reader's app shows it
    from its own clock, so it does not overstate the time between our redraws, which flood limits keep rare.
    The text inside, the time left at this render, is what older apps show. None once the deadline is due:
    the bot is about to act on it (at start-up, after a grace), and "in 0 s" or "a minute ago" would say
    the turn was over while it still takes a move."""
    left = seconds_left(deadline_ms, now_ms, step_s, longest_s)
    if deadline_ms is None or not left:
        return None
    unix = -(-deadline_ms // 1000)
    if left > MINUTES_AFTER_S:  # rounded up, as the seconds are: never sooner than said
        inside = t(lang, "time-in-minutes", minutes=-(-left // 60))
    else:
        inside = t(lang, "time-in", seconds=left)
    return f'<tg-time unix="{unix}" format="r">{inside}</tg-time>'


def lasted(seconds: int, lang: str, rounded_down: bool = False) -> str:
    """How long something lasted, as a time left reads: "45 s"; past two minutes, the nearest whole ones
    (`rounded_down`: the whole ones it lasted, for "at least")."""
    if seconds > MINUTES_AFTER_S:
        return t(lang, "time-minutes", minutes=(seconds + (0 if rounded_down else 30)) // 60)
    return t(lang, "time-seconds", seconds=seconds)


def with_time_left(
    line: str, deadline_ms: int | None, now_ms: int, lang: str, longest_s: int, step_s: int = TIME_STEP_S
) -> str:
    left = time_left(deadline_ms, now_ms, lang, longest_s, step_s)
    return line if left is None else f"{line} · {t(lang, 'time-left', left=left)}"


def unbroken(figures: str) -> str:
    """`figures` held on one line (_NO_BREAK)."""
    return figures.replace(" ", _NO_BREAK)


def fit(build: Callable[[int], str], levels: int) -> str:
    """The most detailed text (level 0 first) that fits Telegram's limit (`telegram_length`); the last level
    must always fit."""
    for level in range(levels):
        text = build(level)
        if telegram_length(text) <= TEXT_LIMIT:
            return text
    raise ValueError("even the shortest render is longer than Telegram allows")


def packed(texts: Sequence[str]) -> list[str]:
    """The texts in order, joined by a blank line into as few messages as Telegram's limit allows."""
    messages: list[str] = []
    for text in texts:
        if messages and telegram_length(messages[-1]) + 2 + telegram_length(text) <= TEXT_LIMIT:
            messages[-1] = f"{messages[-1]}\n\n{text}"
        else:
            messages.append(text)
    return messages


def button(label: str, action: Action, game_id: int, counter: int, *args: int) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=encode(action, game_id, counter, *args))


def blocked_share(seats: Iterable[Seat]) -> str:
    """How many of those of `seats` who can't get their cards blocked the bot: "all", "some" or "none", which
    tells the lobby's and the table's 🔇 line which button the chat with the bot offers them ("Restart" to
    one who blocked it, else "Start")."""
    blocked = [seat.blocked for seat in seats if not seat.reachable]
    return "all" if blocked and all(blocked) else "some" if any(blocked) else "none"
