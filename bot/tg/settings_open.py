"""Which screen each group's settings menu shows, so that a setting typed while it is open
(`/settings turn_seconds 60`, `/lang ru`) redraws it where its admin left it, with the new values.

In memory: after a restart a menu posted before is not redrawn by a typed change (which screen it shows is
not known; nor is it pulled back home) until it is pressed; every press draws the values saved by then."""

from __future__ import annotations

from dataclasses import dataclass

from bot.tg.settings_changes import ChatPlace
from bot.tg.settings_layout import Item


@dataclass(frozen=True, slots=True)
class OpenMenu:
    """A group's menu message, where it is (its topic tells whether a match runs elsewhere), and its
    screen."""

    message_id: int
    place: ChatPlace
    screen: Item


class OpenMenus:
    """The chat's menu (a new one replaces the one before: bot.tg.settings_context MENU_KIND)."""

    def __init__(self) -> None:
        self._by_chat: dict[int, OpenMenu] = {}

    def shows(self, chat_id: int, menu: OpenMenu) -> None:
        self._by_chat[chat_id] = menu

    def of(self, chat_id: int) -> OpenMenu | None:
        return self._by_chat.get(chat_id)

    def closed(self, chat_id: int, message_id: int) -> None:
        """The chat's menu `message_id` is gone (Done, or deleted after its time)."""
        menu = self._by_chat.get(chat_id)
        if menu is not None and menu.message_id == message_id:
            del self._by_chat[chat_id]
