"""Which screen each group's settings menu shows, so that a setting typed while it is open
(`/settings turn_seconds 60`, `/lang ru`) redraws it where its admin left it, with the new values.

In memory: after a restart, which screen a menu posted before shows is not known (the menu itself is: its
deletion is written down, bot.tg.fleeting); a typed change draws it where a press of the changed rule would
have left it (bot.tg.settings_context.redraw_menu), and every press draws the values saved by then."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.tg.fleeting import MENU_SECONDS
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
    """The chat's menu (a new one replaces the one before: bot.tg.settings_context MENU_KIND). One nobody
    pressed for MENU_SECONDS is deleted (bot.tg.fleeting), and forgotten here: a bot running for months kept
    one for every group that ever opened /settings without pressing Done."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock  # seconds
        self._by_chat: dict[int, tuple[OpenMenu, float]] = {}  # and when it was last drawn
        self._swept_at = 0.0

    def shows(self, chat_id: int, menu: OpenMenu) -> None:
        now = self._clock()
        self._forget_gone(now)
        self._by_chat[chat_id] = (menu, now)

    def of(self, chat_id: int) -> OpenMenu | None:
        found = self._by_chat.get(chat_id)
        if found is None or found[1] <= self._clock() - MENU_SECONDS:
            return None
        return found[0]

    def closed(self, chat_id: int, message_id: int) -> None:
        """The chat's menu `message_id` is gone (Done, or deleted after its time)."""
        found = self._by_chat.get(chat_id)
        if found is not None and found[0].message_id == message_id:
            del self._by_chat[chat_id]

    def _forget_gone(self, now: float) -> None:
        """The menus unpressed for MENU_SECONDS, at most once every MENU_SECONDS."""
        if now - self._swept_at < MENU_SECONDS:
            return
        self._swept_at = now
        self._by_chat = {chat: kept for chat, kept in self._by_chat.items() if kept[1] > now - MENU_SECONDS}

    def __len__(self) -> int:
        return len(self._by_chat)
