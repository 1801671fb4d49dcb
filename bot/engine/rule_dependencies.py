"""Settings that have no effect, or only part of it, while another setting is as it is (RULES.md, and what
the engine plays).

One table, so /rules, the lobby's rules line and the answers to a change never promise a rule the game does
not play. No combination is refused: the engine plays every one of them, as described here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine.decks import DeckName
from bot.engine.rules import SETTINGS_BY_NAME, Rules, Scoring, Stacking


@dataclass(frozen=True, slots=True)
class Dependency:
    """`setting` has no effect (`whole`), or loses part of it, while `applies(rules)` because of `cause`."""

    setting: str
    cause: str
    applies: Callable[[Rules], bool]
    whole: bool = True


DEPENDENCIES: tuple[Dependency, ...] = (
    Dependency("blank_effect", "deck", lambda rules: rules.deck is not DeckName.CLASSIC_BLANK),
    Dependency("slap_seconds", "zero_slap", lambda rules: not rules.zero_slap),
    Dependency("afk_limit", "turn_seconds", lambda rules: rules.turn_seconds == 0),
    Dependency("target_score", "scoring", lambda rules: rules.scoring is Scoring.SINGLE_ROUND),
    Dependency("lone_zero_100", "scoring", lambda rules: rules.scoring is Scoring.SINGLE_ROUND),
    Dependency("extreme_challenge", "wd4_challenge", lambda rules: not rules.wd4_challenge),
    # Without challenges a plain Wild is still refused where a +4 would be; only the challenge goes.
    Dependency(
        "extreme_wild_restriction", "wd4_challenge", lambda rules: not rules.wd4_challenge, whole=False
    ),
    # A +2 follows the chain (only an identical card passes it on); a +4 still stacks on a +4.
    Dependency("stacking", "extreme_draw_chain", lambda rules: rules.extreme_draw_chain, whole=False),
    # No black card on a black one "without stacking" (RULES.md section 3): a +4 still stacks on a +4.
    Dependency("black_on_black", "stacking", lambda rules: rules.stacking is not Stacking.OFF, whole=False),
)


def overridden(rules: Rules) -> tuple[Dependency, ...]:
    """The dependencies these rules run into: settings changed from their default that have no effect here,
    or only part of it. (A setting at its default changes nothing either way.)"""
    return tuple(
        dependency
        for dependency in DEPENDENCIES
        if dependency.applies(rules)
        and getattr(rules, dependency.setting) != SETTINGS_BY_NAME[dependency.setting].default
    )


def inactive(rules: Rules, setting: str) -> bool:
    """Whether `setting` has no effect at all under these rules, whatever its value."""
    return bool(idle_because(rules, setting))


def idle_because(rules: Rules, setting: str) -> tuple[Dependency, ...]:
    """The dependencies that leave `setting` without any effect under these rules (none: it has one)."""
    return tuple(d for d in DEPENDENCIES if d.whole and d.setting == setting and d.applies(rules))


def in_effect(rules: Rules) -> Rules:
    """The rules as they play: every setting without effect back at its default (the same game)."""
    idle = {d.setting for d in overridden(rules) if d.whole}
    return rules.changed(**{name: SETTINGS_BY_NAME[name].default for name in idle}) if idle else rules
