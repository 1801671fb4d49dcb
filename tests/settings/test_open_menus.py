"""What the bot remembers of each group's open settings menu: nothing of a menu gone after its time."""

from __future__ import annotations

from bot.tg.fleeting import MENU_SECONDS
from bot.tg.settings_changes import ChatPlace
from bot.tg.settings_layout import ItemKind, item_for
from bot.tg.settings_open import OpenMenu, OpenMenus


def _menu(chat_id: int, message_id: int) -> OpenMenu:
    return OpenMenu(message_id, ChatPlace(chat_id, "Group", 0), item_for(ItemKind.HOME))


def test_a_menu_nobody_pressed_for_its_time_is_forgotten() -> None:
    """Deleted after MENU_SECONDS unpressed, it is not kept for a typed change that may never come: a bot
    running for months kept one for every group that ever opened /settings without pressing Done."""
    now = [0.0]
    menus = OpenMenus(lambda: now[0])
    for chat_id in range(-1, -101, -1):
        menus.shows(chat_id, _menu(chat_id, 7))
    now[0] = MENU_SECONDS - 1
    menus.shows(-1, _menu(-1, 7))  # pressed: still up
    assert menus.of(-2) is not None
    now[0] = MENU_SECONDS + 1
    menus.shows(-500, _menu(-500, 8))
    assert len(menus) == 2
    assert menus.of(-1) is not None and menus.of(-2) is None


def test_a_menu_is_open_until_its_time_runs_out_to_the_second() -> None:
    """Deleted MENU_SECONDS after it was last drawn (bot.tg.fleeting): from that second on it is not open."""
    now = [0.0]
    menus = OpenMenus(lambda: now[0])
    menus.shows(-1, _menu(-1, 7))
    now[0] = MENU_SECONDS - 0.001
    assert menus.of(-1) is not None
    now[0] = MENU_SECONDS
    assert menus.of(-1) is None


def test_an_older_menu_closed_leaves_the_chats_newer_one_open() -> None:
    """A menu replaced by a newer one (another /settings) and closed after: the newer one stays open, to be
    redrawn by a typed change."""
    menus = OpenMenus(lambda: 0.0)
    menus.shows(-1, _menu(-1, 7))
    menus.shows(-1, _menu(-1, 8))
    menus.closed(-1, 7)
    found = menus.of(-1)
    assert found is not None and found.message_id == 8
    menus.closed(-1, 8)
    assert menus.of(-1) is None
