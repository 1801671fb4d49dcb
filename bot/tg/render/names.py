"""A player's name as the texts show it: cleaned, cut to a width, a computer's in the reader's language, and
a mark ("Alex ²") on one that would read as another's, told apart once a move for all of its screens (cached);
and the seats a typed name means (/kick)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from bot.i18n import LANGUAGES, escape_html
from bot.service import Person
from bot.stand_in_names import DELETED_ACCOUNT, UNNAMED_PLAYER, deleted_account, twin_keys, unnamed_number
from bot.tg.render.text import left_to_right, names_and_more, seat_of, t, twin_mark, unbroken
from bot.tg.render.unlinked import unlinked
from bot.tg.render.views import Seat
from bot.visible_text import (
    NAME_LIMIT,
    NAMES_KEPT,
    clean_name,
    clean_text,
    cut_to,
    folded,
    shown_width,
    utf16_length,
    visible,
)

# How wide a player's name reads. One cut for every screen of a game and every group message that names its
# players (lobby, table, hands, dealer draw, results, notices, /kick's and /stop's answers), so one person
# reads one way all evening (until session 58 the table said "Alexandra Konst…", the results "Alexandra
# Konstantinov…" and /kick's answer the whole name): the table's, as its rows go on a narrow phone
# (tests.narrow_phone, ~35 characters), "▶️ Alexandra Konst… 🔑: 7 cards · 120" wrapping after the name,
# never inside its figures. A sentence could take a longer name, but would then name them otherwise than
# the list above it, and "/kick <name>" takes a name as the lists show it (`named`). Two names that read
# alike once cut are told apart by a mark where the seats are known (`names_apart`, `game_name`).
PLAYER_NAME_LIMIT = 16
# UTF-16 units (Telegram's count of a text, `utf16_length`) a name shows at most, unlinked, whatever its
# width: what a phone draws as nothing (runs of joiners, a flag's tags) takes no width, so a name of any
# length can fit one, and a screen naming ten could run past Telegram's 4096 or a list of three past the 2,500
# characters Fluent takes as one argument. Ten names of this many fit every screen (tests.tg.render
# .test_any_name; the table by dropping its recent moves, table._RECENT_LEVELS), three a list
# (text.LISTED_NAMES). It is the longest name Telegram gives (64 characters a first name and a last one, and
# a space) as it counts a text: one of letters and common emoji is cut for its width alone, as before. Until
# session 59 a screen too long cut every name to 12 letters' width instead (and a hand named them as its
# table did): only a name long for its width reached it, which a narrower width hardly shortens.
NAME_UNITS = 129
# The shorter cut of an alert that lists people (refusals), where at PLAYER_NAME_LIMIT it ran past ALERT_LIMIT
# (cut there, it lost its end: what to press).
ALERT_NAME_LIMIT = 12
# NAME_LIMIT (bot.visible_text, 24) stays the boards' and /stats' (`display_name`), a name on a line of its
# own with no game's list beside it, and the width at which two names read alike (`read_as`, twin marks).

_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_MARKED = re.compile(f"(.+) ([{_SUPERSCRIPT_DIGITS}]+)")  # a name shown with its mark (`twin_mark`)
_PLAIN_DIGITS = str.maketrans(_SUPERSCRIPT_DIGITS, "0123456789")


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
        while any(key + twin_mark(twin) in shown for key in keys):
            twin = max(twin, 1) + 1
        shown.update(key + twin_mark(twin) for key in keys)
        twins.append(twin)
    return twins


def _computer_name(user_id: int, lang: str) -> str:
    """A computer player's name, without its robot: -1 is "Computer 1"."""
    return t(lang, "gameplay-computer-name", number=-user_id)


def named(typed: str, seats: Sequence[Seat], usernames: Mapping[int, str], lang: str) -> list[Seat]:
    """The seats `typed` names ("/kick Bob"): "@bob" by username, and as a name when it is none; by name as a
    game's screens show it (at PLAYER_NAME_LIMIT: "Alex ²", "Player 1234", "Alexandra Kon… ²") or in full,
    cleaned, in any case. Several when names read the same; but a seated computer's name is the computer's
    alone (a person who took it is marked: "Computer 1 ²", as in `same_names`). `seats`: all of a game's, as
    its screens tell them apart."""
    wanted = _key(typed)
    if not wanted:
        return []
    if wanted.startswith("@"):  # usernames are case-insensitive too
        username = wanted[1:]
        by_username = [s for s in seats if username and usernames.get(s.user_id, "").casefold() == username]
        if by_username:
            return by_username
        # else a name shown beginning with "@" ("@lex"), which a notice's "/kick <name>" names so
    shown = _plain_apart(tuple(seats), lang)
    found = [seat for seat, cut in zip(seats, shown, strict=True) if wanted in _keys(seat, lang, cut)]
    if not found:  # "Alex 2" for "Alex ²": no phone's keyboard has the mark (but a member named so wins)
        found = [
            seat for seat, cut in zip(seats, shown, strict=True) if wanted in _twin_typed(seat, lang, cut)
        ]
    return [seat for seat in found if seat.is_computer] or found


def named_by_start(typed: str, seats: Sequence[Seat], lang: str) -> list[Seat]:
    """The seats whose name (as in `named`) or a word of it begins with `typed` ("/kick алекс" for Александра,
    "/kick smi" for Bob Smith): for when `named` finds nobody. A username is matched whole, never by start."""
    wanted = _key(typed)
    if not wanted or wanted.startswith("@"):
        return []
    shown = _plain_apart(tuple(seats), lang)
    return [
        seat
        for seat, cut in zip(seats, shown, strict=True)
        if any(_begins(key, wanted) for key in _keys(seat, lang, cut))
    ]


def _begins(key: str, wanted: str) -> bool:
    """Whether `key` (a name's key: single spaces) has a word from which on it reads `wanted` first."""
    words = key.split(" ")
    return any(" ".join(words[first:]).startswith(wanted) for first in range(len(words)))


def _keys(seat: Seat, lang: str, shown: str) -> tuple[str, ...]:
    """What a seat is called when typed: a person as `shown` (a game's screens), at its widest or in full; a
    computer with or without its robot, in any language (a person is marked for its name in any:
    `same_names`)."""
    if seat.is_computer:
        return tuple(
            _key(name)
            for other in LANGUAGES
            for name in (plain_name(seat, other), _computer_name(seat.user_id, other))
        )
    return (_key(shown), _key(plain_name(seat, lang)), _key(seat.name))


def _twin_typed(seat: Seat, lang: str, shown: str) -> tuple[str, ...]:
    """A name shown with a mark ("Alex ²", "Alexandra Kon… ²"), or a second player's in full, typed with its
    mark as a plain digit, after a space or not: "alex 2", "alex2" for "Alex ²"."""
    typed = [(seat.name, str(seat.twin))] if seat.twin else []
    for label in (shown, plain_name(seat, lang)):
        marked = _MARKED.fullmatch(label)
        if marked is not None:
            typed.append((marked[1], marked[2].translate(_PLAIN_DIGITS)))
    return tuple(f"{_key(name)}{gap}{digit}" for name, digit in typed for gap in (" ", ""))


def _key(text: str) -> str:
    # cleaned (no bidi marks added or typed) but not shortened; Russian yo read as ye, as most type it
    return folded(clean_text(text, len(text))).replace("\u0451", "\u0435")


def plain_name(seat: Seat, lang: str, limit: int = NAME_LIMIT) -> str:
    """The player's name as plain text (for button labels, alerts, and texts once escaped): cleaned and
    shortened to `limit` letters' width, never read as a link or command; computers get a robot; a second
    player of the same name a mark that tells them apart."""
    twin = "" if seat.is_computer else twin_mark(seat.twin)
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
    """A member's name as `plain_name` shows it within `limit` and NAME_UNITS, without a mark ("": nothing of
    it shows): cut once unlinked (a word joiner after an "@" or "." counts), before its bidi marks."""
    text = clean_name(raw, limit)
    return left_to_right(cut_to(unlinked(text), NAME_UNITS, utf16_length)) if visible(text) else ""


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
                for mark in map(twin_mark, range(2, len(seats) + 2))
            )
            read = ((shown, twin_keys(seat.user_id, shown)) for shown in marked)
            names[at], keys = next((shown, keys) for shown, keys in read if taken.isdisjoint(keys))
            taken.update(keys)
    return names


def people_listed(
    people: Mapping[str, Sequence[Person]],
    lang: str,
    limit: int = PLAYER_NAME_LIMIT,
    seated: Sequence[Person] = (),
) -> dict[str, str]:
    """Each argument's people, who hold no seat (on their way to a game, say), as a sentence lists them
    (`names_and_more`), plain: each as `newcomers_apart` names them, told apart from the game's `seated`."""
    return {
        arg: names_and_more(newcomers_apart(seated, listed, lang, limit), lang)
        for arg, listed in people.items()
    }


def newcomers_apart(
    seated: Sequence[Person], coming: Sequence[Person], lang: str, limit: int = PLAYER_NAME_LIMIT
) -> list[str]:
    """Those who hold no seat in a game yet (on their way to it), plain, each as its screens will show them
    once seated after its people `seated` (in seat order): within `limit`, one whose name reads as a seated
    one's or another's of them marked ("Alexandra Kon… ²"), where unmarked a host waiting for the one on
    their way read the name of one seated. Each held on one line (`held_plain`)."""
    everyone = [(Seat(who.user_id, who.name), limit) for who in (*seated, *coming)]
    return [held_plain(shown) for shown in plain_names_apart(everyone, lang)[len(seated) :]]


def renamed(seat: Seat) -> bool:
    """Whether the texts show the player under a name they may not know for theirs: "Alex ²" (a second
    player of the same name) or "Player 1234" (a name with nothing visible)."""
    return not seat.is_computer and (seat.twin > 0 or not _person_name(seat.name, NAME_LIMIT))


def name(seat: Seat, lang: str, limit: int = NAME_LIMIT) -> str:
    """The player's name as safe HTML (for texts), held on one line (`held`)."""
    return held(plain_name(seat, lang, limit))


def names_apart(seats: Mapping[int, Seat], lang: str) -> dict[int, str]:
    """Each seat's `name` at PLAYER_NAME_LIMIT, by user id, two cut alike told apart (`plain_names_apart`)."""
    return dict(zip(seats, _names_apart(tuple(seats.values()), lang), strict=True))


def game_label(seats: Mapping[int, Seat], player: int, lang: str) -> str:
    """`player`'s name on a button (a swap target's, /kick's), as a game's screens name them: at
    PLAYER_NAME_LIMIT, told apart from the other seats' (`plain_names_apart`); one with no seat (`seat_of`)
    alone. Plain spaces: a phone cuts a label to its share of the row (tests.narrow_phone), never wraps it."""
    if player not in seats:
        return plain_name(seat_of(seats, player), lang, PLAYER_NAME_LIMIT)
    return _plain_apart(tuple(seats.values()), lang)[list(seats).index(player)]


def plain_game_name(seats: Mapping[int, Seat], player: int, lang: str) -> str:
    """`player`'s name as a game's screens name them (`game_label`), as plain text held on one line (an
    alert; an answer translator.html escapes: `held_plain`)."""
    return held_plain(game_label(seats, player, lang))


def players_listed(seats: Mapping[int, Seat], players: Sequence[int], lang: str, reader: str) -> str:
    """`players` as a sentence in `reader`'s language lists them (`names_and_more`: three names of any
    length fit an argument of a text), plain, each as `plain_game_name` names them in `lang`."""
    return names_and_more([plain_game_name(seats, player, lang) for player in players], reader)


def game_name(seats: Mapping[int, Seat], player: int, lang: str) -> str:
    """`plain_game_name` as safe HTML (for texts), held on one line as it is."""
    return escape_html(plain_game_name(seats, player, lang))


# A move's table and each of its hands (their news, hints, the name it heads) name the same seats alike: told
# apart once for all of them, until a seat changes (a rename, a twin mark: another key).
@lru_cache(maxsize=NAMES_KEPT)
def _plain_apart(seats: tuple[Seat, ...], lang: str) -> tuple[str, ...]:
    return tuple(plain_names_apart([(seat, PLAYER_NAME_LIMIT) for seat in seats], lang))


@lru_cache(maxsize=NAMES_KEPT)
def _names_apart(seats: tuple[Seat, ...], lang: str) -> tuple[str, ...]:
    return tuple(map(held, _plain_apart(seats, lang)))


def held(plain: str) -> str:
    """A name as safe HTML that a narrow phone never wraps inside (`held_plain`)."""
    return escape_html(held_plain(plain))


def held_plain(plain: str) -> str:
    """A name a narrow phone never wraps inside, still plain text (an alert's, or an answer's argument that
    translator.html escapes: no-break spaces are no markup): a line-end "Sasha" of "Sasha K." read as another
    player's. Cut to a width (PLAYER_NAME_LIMIT, NAME_LIMIT) and NAME_UNITS, one always fits a line
    (tests.narrow_phone), so a line wraps before it instead."""
    return unbroken(plain)


def linked(seat: Seat, shown: str) -> str:
    """The player's name as `shown` (safe HTML), as a link to them where they have an account (Telegram shows
    it as a mention); computer players have no account to link."""
    if seat.is_computer or seat.user_id <= 0:
        return shown
    return f'<a href="tg://user?id={seat.user_id}">{shown}</a>'
