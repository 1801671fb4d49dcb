"""Shared pieces of every render: catalogue text, safe player names, mentions, coarse time, length fitting."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TypeVar

from telegram import InlineKeyboardButton

from bot.i18n import LANGUAGES, escape_html
from bot.i18n.shared import translator
from bot.stand_in_names import DELETED_ACCOUNT, UNNAMED_PLAYER, deleted_account, twin_keys, unnamed_number
from bot.tg.callback_data import Action, encode
from bot.tg.render.unlinked import unlinked
from bot.tg.render.views import Seat
from bot.visible_text import (
    NAME_LIMIT,
    NAMES_KEPT,
    clean_name,
    clean_text,
    folded,
    shown_width,
    utf16_length,
    visible,
)

TEXT_LIMIT = 4096
SHORT_NAME_LIMIT = 12
# A name's width on the group's table, as its lines go on a narrow phone (tests.narrow_phone): a seat line of
# a name this wide, its host's key and its figures wraps after the name, never inside its figures; a
# shorter name never wraps. Hands, results and notices keep NAME_LIMIT.
TABLE_NAME_LIMIT = 16
TITLE_LIMIT = 48  # letters' width of a chat's title, as NAME_LIMIT of a name
TOPIC_LIMIT = 24  # width of a forum topic's name that a long chat title leaves in a game's title
TOPIC_SEPARATOR = " \N{MIDDLE DOT} "
LISTED_NAMES = 3  # a list of players names this many and counts the rest: ten names ran to ~200 characters
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
_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


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


def _left_to_right(text: str) -> str:
    """A name with right-to-left letters between left-to-right marks: in an English or Russian line it
    would otherwise turn the line's direction (a row starting with it reads mirrored) or carry the
    numbers after it to its side."""
    if any(unicodedata.bidirectional(char) in ("R", "AL") for char in text):
        return f"{LRM}{text}{LRM}"
    return text


def same_names(players: Sequence[tuple[int, str]], computers: Sequence[int] = ()) -> list[int]:
    """For each (user id, name), 0, or 2, 3, ... for the second, third player whose name would read the same
    as an earlier one (cleaned, in any case; a name with nothing visible reads "Player N") or as one of the
    `computers` ("Computer 1" in any language: the bot named it first): their `Seat.twin`."""
    shown = {_computer_name(computer, lang).casefold() for computer in computers for lang in LANGUAGES}
    twins = []
    for user_id, raw in players:
        keys = twin_keys(user_id, raw)
        # The first mark that makes a name not shown yet: the third Alex reads "Alex ³" (no member's own name
        # ends in one: clean_name).
        twin = 0
        while any(key + _twin_mark(twin) in shown for key in keys):
            twin = max(twin, 1) + 1
        shown.update(key + _twin_mark(twin) for key in keys)
        twins.append(twin)
    return twins


def _computer_name(user_id: int, lang: str) -> str:
    """A computer player's name, without its robot: -1 is "Computer 1"."""
    return t(lang, "gameplay-computer-name", number=-user_id)


def named(typed: str, seats: Sequence[Seat], usernames: Mapping[int, str], lang: str) -> list[Seat]:
    """The seats `typed` names ("/kick Bob"): "@bob" by username; else by name as the lobby shows it
    ("Alex ²", "Player 1234", shortened with "…") or in full, cleaned, in any case. Several when names read
    the same; but a seated computer's name is the computer's alone (a person who took it is marked:
    "Computer 1 ²", as in `same_names`)."""
    wanted = _key(typed)
    if not wanted:
        return []
    if wanted.startswith("@"):  # usernames are case-insensitive too
        username = wanted[1:]
        return [seat for seat in seats if username and usernames.get(seat.user_id, "").casefold() == username]
    found = [seat for seat in seats if wanted in _keys(seat, lang)]
    if not found:  # "Alex 2" for "Alex ²": no phone's keyboard has the mark (but a member named so wins)
        found = [seat for seat in seats if wanted in _twin_typed(seat, lang)]
    return [seat for seat in found if seat.is_computer] or found


def named_by_start(typed: str, seats: Sequence[Seat], lang: str) -> list[Seat]:
    """The seats whose name (as in `named`) or a word of it begins with `typed` ("/kick алекс" for Александра,
    "/kick smi" for Bob Smith): for when `named` finds nobody. A username is matched whole, never by start."""
    wanted = _key(typed)
    if not wanted or wanted.startswith("@"):
        return []
    return [seat for seat in seats if any(_begins(key, wanted) for key in _keys(seat, lang))]


def _begins(key: str, wanted: str) -> bool:
    """Whether `key` (a name's key: single spaces) has a word from which on it reads `wanted` first."""
    words = key.split(" ")
    return any(" ".join(words[first:]).startswith(wanted) for first in range(len(words)))


def _keys(seat: Seat, lang: str) -> tuple[str, ...]:
    """What a seat is called when typed: a person as shown or in full; a computer with or without its robot,
    in any language (a person is marked for its name in any: `same_names`)."""
    if seat.is_computer:
        return tuple(
            _key(name)
            for other in LANGUAGES
            for name in (plain_name(seat, other), _computer_name(seat.user_id, other))
        )
    return (_key(plain_name(seat, lang)), _key(seat.name))


def _twin_typed(seat: Seat, lang: str) -> tuple[str, ...]:
    """A second player's name (as shown or in full) typed with its mark as a plain digit, after a space or
    not: "alex 2", "alex2" for "Alex ²"."""
    if not seat.twin:
        return ()
    shown = plain_name(seat, lang).removesuffix(_twin_mark(seat.twin))
    return tuple(f"{_key(name)}{gap}{seat.twin}" for name in (shown, seat.name) for gap in (" ", ""))


def _key(text: str) -> str:
    # cleaned (no bidi marks added or typed) but not shortened; Russian yo read as ye, as most type it
    return folded(clean_text(text, len(text))).replace("\u0451", "\u0435")


def seat_of(seats: Mapping[int, Seat], user_id: int) -> Seat:
    return seats.get(user_id) or Seat(user_id, "")


def plain_name(seat: Seat, lang: str, limit: int = NAME_LIMIT) -> str:
    """The player's name as plain text (for button labels, alerts, and texts once escaped): cleaned and
    shortened to `limit` letters' width, never read as a link or command; computers get a robot; a second
    player of the same name a mark that tells them apart."""
    twin = "" if seat.is_computer else _twin_mark(seat.twin)
    return _unmarked_name(seat, lang, limit - shown_width(twin)) + twin


def _unmarked_name(seat: Seat, lang: str, limit: int) -> str:
    """`plain_name` without a mark: a member's own name within `limit`, else what stands in for it."""
    if seat.is_computer:  # named by its number, in the reader's language (-1 is "Computer 1")
        return "🤖 " + _computer_name(seat.user_id, lang)
    if deleted_account(seat.user_id, seat.name):  # as the boards name them
        return t(lang, DELETED_ACCOUNT)
    return _person_name(seat.name, limit) or t(lang, UNNAMED_PLAYER, number=unnamed_number(seat.user_id))


@lru_cache(maxsize=NAMES_KEPT)  # every screen of a match names its players again
def _person_name(raw: str, limit: int) -> str:
    """A member's name as `plain_name` shows it within `limit`, without a mark ("": nothing of it shows)."""
    text = clean_name(raw, limit)
    return _left_to_right(unlinked(text)) if visible(text) else ""


def plain_names_apart(seats: Sequence[tuple[Seat, int]], lang: str) -> list[str]:
    """Each seat's `plain_name` within its limit, where one that would read as an earlier one (two names
    that differ only past where they are cut) gets the first mark no other reads: "Alexandra Konstanti… ²".
    A mark of its own (a second player of one name) gives way to it: one mark, never "… ² ³". A limit is at
    most NAME_LIMIT: names read apart as `read_as` reads them, cut there, so two cut past it read alike
    whatever their marks."""
    assert all(limit <= NAME_LIMIT for _, limit in seats), "names are read apart within NAME_LIMIT"
    names = [plain_name(seat, lang, limit) for seat, limit in seats]
    again = same_names([(seat.user_id, shown) for (seat, _), shown in zip(seats, names, strict=True)])
    # How the names shown unmarked read (`twin_keys`), and the marked ones after them: a name marked must read
    # as none of them, as `same_names` would have it (of names none of which reads as another, none is marked)
    taken = {
        key
        for (seat, _), shown, twin in zip(seats, names, again, strict=True)
        if not twin
        for key in twin_keys(seat.user_id, shown)
    }
    for at, ((seat, limit), twin) in enumerate(zip(seats, again, strict=True)):
        if twin:  # of len(seats) marks, each a different label, one reads as none of the others
            marked = (
                _unmarked_name(seat, lang, limit - shown_width(mark)) + mark
                for mark in map(_twin_mark, range(2, len(seats) + 2))
            )
            read = ((shown, twin_keys(seat.user_id, shown)) for shown in marked)
            names[at], keys = next((shown, keys) for shown, keys in read if taken.isdisjoint(keys))
            taken.update(keys)
    return names


def _twin_mark(twin: int) -> str:
    return f" {str(twin).translate(_SUPERSCRIPTS)}" if twin else ""


def told_apart(titles: Sequence[str]) -> list[str]:
    """The titles, each one that repeats an earlier one marked with its count, as a second player of one name
    is ("Friends ²"): two chats of one title are two places."""
    seen: dict[str, int] = {}
    marked = []
    for shown in titles:
        seen[shown] = seen.get(shown, 0) + 1
        marked.append(shown + _twin_mark(seen[shown] if seen[shown] > 1 else 0))
    return marked


def chat_titles(raw: Iterable[str], lang: str) -> list[str]:
    """Games' chats named in a text: each title plain (`plain_title`), two of one title told apart."""
    return told_apart([plain_title(title, lang) for title in raw])


def renamed(seat: Seat) -> bool:
    """Whether the texts show the player under a name they may not know for theirs: "Alex ²" (a second
    player of the same name) or "Player 1234" (a name with nothing visible)."""
    return not seat.is_computer and (seat.twin > 0 or not _person_name(seat.name, NAME_LIMIT))


def name(seat: Seat, lang: str, limit: int = NAME_LIMIT) -> str:
    """The player's name as safe HTML (for texts)."""
    return escape_html(plain_name(seat, lang, limit))


def names_apart(seats: Mapping[int, Seat], lang: str, limit: int) -> dict[int, str]:
    """Each seat's `name` within `limit`, by user id, two cut alike told apart (`plain_names_apart`)."""
    return dict(zip(seats, _names_apart(tuple(seats.values()), lang, limit), strict=True))


# A move's table and each of its hands (their news, hints, the name it heads) name the same seats alike: told
# apart once for all of them, until a seat changes (a rename, a twin mark: another key).
@lru_cache(maxsize=NAMES_KEPT)
def _names_apart(seats: tuple[Seat, ...], lang: str, limit: int) -> tuple[str, ...]:
    return tuple(escape_html(plain) for plain in plain_names_apart([(seat, limit) for seat in seats], lang))


def names_and_more(names: Sequence[str], lang: str) -> str:
    """The names as a sentence lists them ("A, B and C"), or the first LISTED_NAMES and how many more ("A, B,
    C and 2 more")."""
    # "and 1 more" would take the room of the one name it hides: the count starts at two.
    kept = names if len(names) <= LISTED_NAMES + 1 else names[:LISTED_NAMES]
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


def mention(seat: Seat, lang: str) -> str:
    """A link to the user (Telegram shows it as a mention); computer players have no account to link."""
    return linked(seat, name(seat, lang))


def linked(seat: Seat, shown: str) -> str:
    """The player's name as `shown` (safe HTML), as a link to them where they have an account (`mention`)."""
    if seat.is_computer or seat.user_id <= 0:
        return shown
    return f'<a href="tg://user?id={seat.user_id}">{shown}</a>'


@lru_cache(maxsize=NAMES_KEPT)  # every hand of a match heads it with its chat's title again
def plain_title(raw: str, lang: str) -> str:
    """A chat's title as plain text, cleaned and shortened, never read as a link or command, as a name; a
    title of invisible characters (some groups have one) is named as such, not left a gap: "You're in the
    game in .". A right-to-left title is kept from turning its line as a name is (a hand begins with it:
    Telegram Web turns the whole message)."""
    text = clean_text(raw, TITLE_LIMIT, shown_width)
    return _left_to_right(unlinked(text)) if visible(text) else t(lang, "render-unnamed-group")


def title(raw: str, lang: str) -> str:
    """A chat's title as safe HTML (for texts)."""
    return escape_html(plain_title(raw, lang))


def place_title(chat: str, topic: str | None) -> str:
    """How a game is named: its chat, and in a forum its topic too ("Chat · Topic"), within TITLE_LIMIT. The
    topic is what tells two games of one forum apart: it takes the room the chat's title leaves, and a long
    chat title gives way to at least TOPIC_LIMIT letters' width of it."""
    topic = clean_text(topic or "", TITLE_LIMIT, shown_width)
    if not topic:
        return chat
    chat = clean_text(chat, TITLE_LIMIT, shown_width)
    room = TITLE_LIMIT - shown_width(TOPIC_SEPARATOR)
    topic = clean_text(topic, max(TOPIC_LIMIT, room - shown_width(chat)), shown_width)
    return f"{clean_text(chat, room - shown_width(topic), shown_width)}{TOPIC_SEPARATOR}{topic}"


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
    """The most detailed text (level 0 first) that fits Telegram's limit; the last level must always fit.
    Measured on the HTML, tags and entities included: never less than what is left after parsing."""
    return fitted(build, levels)[1]


def fitted(build: Callable[[int], str], levels: int) -> tuple[int, str]:
    """`fit`'s text and its level."""
    for level in range(levels):
        text = build(level)
        if utf16_length(text) <= TEXT_LIMIT:
            return level, text
    raise ValueError("even the shortest render is longer than Telegram allows")


def packed(texts: Sequence[str]) -> list[str]:
    """The texts in order, joined by a blank line into as few messages as Telegram's limit allows."""
    messages: list[str] = []
    for text in texts:
        if messages and utf16_length(messages[-1]) + 2 + utf16_length(text) <= TEXT_LIMIT:
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
