"""How a player with no name to show reads, in every language: "Player N" for a name of nothing visible,
"Deleted account" for a deleted account's. The renders tell them apart from each other and from a member who
took that reading (their twin marks); the boards look up their namesakes by it (bot.service.leaderboards)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.i18n import LANGUAGES
from bot.i18n.shared import translator
from bot.visible_text import read_as

DELETED_ACCOUNT = "stats-deleted-account"  # a deleted account's name, in the games as on the boards
UNNAMED_PLAYER = "render-unnamed-player"

# "player 7", "игрок 7": what a member's name reads as when it reads as a nameless player's stand-in
_UNNAMED = [
    re.compile(
        r"\d+".join(map(re.escape, translator.t(lang, UNNAMED_PLAYER, number="#").casefold().split("#")))
    )
    for lang in LANGUAGES
]
_DELETED = frozenset(translator.t(lang, DELETED_ACCOUNT).casefold() for lang in LANGUAGES)


def deleted_account(user_id: int, raw: str) -> bool:
    """Whether a player's stored name is a deleted Telegram account's: only that blanks a person's name and
    keeps their id (`forget_name_in_games`; /forgetme is refused while they are in a game, and an ended game
    keeps a stand-in of a negative id for them). Not one of nothing visible: that reads "Player N"."""
    return not raw and user_id > 0


def unnamed_number(user_id: int) -> str:
    """The N of a nameless player's "Player N"."""
    return str(abs(user_id) % 10000)


def twin_keys(user_id: int, raw: str) -> tuple[str, ...]:
    """How a player's name reads, cleaned, in any case: a name with nothing visible as "Player N" in every
    language, a deleted account's as "Deleted account" (two of them are told apart as well, and from a member
    who took that name)."""
    if deleted_account(user_id, raw):
        return tuple(_DELETED)
    key = read_as(raw)
    if key:
        return (key,)
    number = unnamed_number(user_id)
    return tuple(translator.t(lang, UNNAMED_PLAYER, number=number).casefold() for lang in LANGUAGES)


def namesake_keys(players: Iterable[tuple[int, str]]) -> set[str]:
    """The keys (`read_as`, kept as `User.twin_key`) that find the namesakes of these players (user id,
    name): each name's own; a stand-in's (key "") readings too, and "" for a name that reads as a stand-in in
    any language: a member named "Deleted account" or "Player 7" is told apart from the stand-in alike."""
    keys = set()
    for user_id, raw in players:
        key = read_as(raw)
        keys.add(key)
        if not key:
            keys.update(twin_keys(user_id, raw))
        elif key in _DELETED or any(unnamed.fullmatch(key) for unnamed in _UNNAMED):
            keys.add("")
    return keys
