"""The settings menu's topics, each setting's, and the order the menu lists settings in (topics as `Group`
lists them, settings in a topic as GROUP_OF does): lists of settings elsewhere (/rules, the lobby's line, the
next match's note) follow it too, so this is apart from the menu's layout (bot.tg.settings_layout)."""

from __future__ import annotations

from enum import StrEnum

from bot.engine.rules import SettingSpec


class Group(StrEnum):
    DECK = "deck"
    PLAY = "play"
    UNO = "uno"
    TIMING = "timing"
    MATCH = "match"
    EXTREME = "extreme"
    OTHER = "other"


GROUP_OF: dict[str, Group] = {
    "deck": Group.DECK,
    "blank_effect": Group.DECK,
    "stacking": Group.PLAY,
    "jump_in": Group.PLAY,
    "seven_zero": Group.PLAY,
    "multi_play": Group.PLAY,
    "draw_rule": Group.PLAY,
    "force_play": Group.PLAY,
    "wd4_challenge": Group.PLAY,
    "black_on_black": Group.PLAY,
    "uno_window_seconds": Group.UNO,
    "uno_penalty": Group.UNO,
    "false_catch_penalty": Group.UNO,
    "turn_seconds": Group.TIMING,
    "afk_limit": Group.TIMING,
    "hand_size": Group.MATCH,
    "scoring": Group.MATCH,
    "target_score": Group.MATCH,
    "extreme_draw_chain": Group.EXTREME,
    "skip_chain": Group.EXTREME,
    "eight_cover": Group.EXTREME,
    "zero_slap": Group.EXTREME,
    "slap_seconds": Group.EXTREME,
    "seven_silence": Group.EXTREME,
    "extreme_wild_restriction": Group.EXTREME,
    "extreme_challenge": Group.EXTREME,
    "extreme_start": Group.EXTREME,
    "lone_zero_100": Group.EXTREME,
}


def group_of(spec: SettingSpec) -> Group:
    return GROUP_OF.get(spec.name, Group.OTHER)


_MENU_ORDER = {name: position for position, name in enumerate(GROUP_OF)}
_GROUP_ORDER = {group: position for position, group in enumerate(Group)}


def menu_position(name: str) -> tuple[int, int]:
    """Where the menu shows a setting: its topic's place, then its place in the topic as GROUP_OF lists it
    (a setting it does not list comes last). Lists of settings elsewhere (/rules) follow it too."""
    return _GROUP_ORDER[GROUP_OF.get(name, Group.OTHER)], _MENU_ORDER.get(name, len(_MENU_ORDER))
