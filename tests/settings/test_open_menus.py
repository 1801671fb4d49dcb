"""What the bot writes down of a group's open settings menu (its topic, screen and whom it was drawn for), and
reads back, a restart between: nothing of one written by a bot whose menu had other screens, or none."""

from __future__ import annotations

from typing import cast

import pytest

from bot.tg.replies import PacedReplies
from bot.tg.settings_layout import FINGERPRINT, ITEMS, ItemKind, item_for
from bot.tg.settings_open import MENU_KIND, OpenMenu, OpenMenus


class _Written:
    """The group's newest menu and what it shows, as bot.tg.fleeting keeps them (and writes them down)."""

    def __init__(self) -> None:
        self.shown: dict[int, tuple[int, str]] = {}

    def shows(self, chat_id: int, message_id: int, what: str) -> None:
        self.shown[chat_id] = (message_id, what)

    def shown_by_newest(self, chat_id: int, kind: str) -> tuple[int, str] | None:
        assert kind == MENU_KIND
        return self.shown.get(chat_id)


def _menus() -> tuple[OpenMenus, _Written]:
    written = _Written()
    return OpenMenus(cast(PacedReplies, written)), written


def test_a_menu_reads_back_as_it_was_written() -> None:
    """In a forum's topic, on a rule's screen, drawn for an anonymous admin (the group's id)."""
    menus, _ = _menus()
    menu = OpenMenu(7, 1234567890, item_for(ItemKind.SETTING, "turn_seconds"), -1001234567890)
    menus.shows(-1001234567890, menu)
    assert menus.of(-1001234567890) == menu
    assert menus.of(-1) is None


@pytest.mark.parametrize(
    "shows",
    [
        "",
        "0:1:42",
        f"0:1:42:{FINGERPRINT + 1}",
        f"0:{len(ITEMS)}:42:{FINGERPRINT}",  # (a layout whose 16-bit fingerprint is this one's)
        f"0:-1:42:{FINGERPRINT}",
        "0:x:42:1",
    ],
)
def test_a_menu_written_by_another_bot_is_not_known(shows: str) -> None:
    """Written by a bot before menus were written down so, or by one whose menu had other screens: its
    screen is not known (a press draws it anew), rather than a wrong one."""
    menus, written = _menus()
    written.shows(-1, 7, shows)
    assert menus.of(-1) is None
