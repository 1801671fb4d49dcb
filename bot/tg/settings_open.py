"""Which screen the group's settings menu shows, where, and who drew it last: a setting typed while it is
open (`/settings turn_seconds 60`, `/lang ru`) redraws it where its admin left it, with the new values, and
so does a match starting or ending; another admin's /settings closes it saying who opened the new one.

Written down with the menu's deletion (bot.tg.fleeting `shows`), so all this holds after a restart too: a
menu the bot forgot there read "no match" through the match begun after it, until someone pressed it. The
menu is known for as long as it is up: deleted after MENU_SECONDS unpressed, closed with Done, or replaced by
a newer one (MENU_KIND)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from bot.service.locks import GameLocks
from bot.tg.replies import PacedReplies
from bot.tg.settings_layout import FINGERPRINT, ITEMS, Item, index_of

# A group's settings menu (/settings, /lang): the rules are the whole chat's, so a new one, in any of its
# topics, replaces the one before, and two admins never change them from two menus.
MENU_KIND = "settings-menu"


@dataclass(frozen=True, slots=True)
class OpenMenu:
    """A group's menu message, the forum topic it is in (0: none; whether a match runs elsewhere), its
    screen, and whom it was drawn for last (bot.tg.replies asker_of: who opened it or pressed it last; a
    change typed redraws it for nobody in particular: its admin is still the one at it)."""

    message_id: int
    topic_id: int
    screen: Item
    drawn_for: int


class OpenMenus:
    def __init__(self, replies: PacedReplies) -> None:
        self._replies = replies
        self._drawing = GameLocks()  # by chat

    def drawing(self, chat_id: int) -> asyncio.Lock:
        """Held from reading the chat's settings to asking for its menu's edit drawn from them: the menu is
        drawn in the order they were read (of two changes pressed at once, the one answered last drew the
        menu from the settings before the other's, which it showed undone)."""
        return self._drawing(chat_id)

    def shows(self, chat_id: int, menu: OpenMenu) -> None:
        """The chat's menu shows `menu` now."""
        screen = index_of(menu.screen.kind, menu.screen.key)
        # The layout's fingerprint: a screen's number written down by a bot whose menu had other screens
        # names none here.
        shows = f"{menu.topic_id}:{screen}:{menu.drawn_for}:{FINGERPRINT}"
        self._replies.shows(chat_id, menu.message_id, shows)

    def of(self, chat_id: int) -> OpenMenu | None:
        """The chat's menu while it is up, unless what it shows is not known: one posted by a bot before
        menus were written down so, or by one with other screens (pressed, it is drawn anew)."""
        found = self._replies.shown_by_newest(chat_id, MENU_KIND)
        if found is None:
            return None
        message_id, shows = found
        fields = shows.split(":")
        if len(fields) != 4 or not all(field.lstrip("-").isdigit() for field in fields):
            return None
        topic_id, screen, drawn_for, fingerprint = map(int, fields)
        if fingerprint != FINGERPRINT or not 0 <= screen < len(ITEMS):
            return None
        return OpenMenu(message_id, topic_id, ITEMS[screen], drawn_for)
