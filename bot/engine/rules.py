"""Per-chat rules: every setting of RULES.md with its default, allowed values and presets.

`SETTINGS` describes each setting (name, type, allowed values or range, default) so a settings menu can be
generated from it. `Rules.from_dict` refuses unknown settings and bad values with a `RulesError` naming them;
so does `Rules(...)` itself, so a `Rules` object always holds allowed values.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, cast

from bot.engine.decks import DeckName


class BlankEffect(StrEnum):
    WILD = "wild"
    DRAW_TEN = "draw_ten"


class DrawRule(StrEnum):
    SINGLE = "single"
    UNTIL_PLAYABLE = "until_playable"


class Stacking(StrEnum):
    OFF = "off"
    SAME = "same"
    MIXED = "mixed"


class JumpIn(StrEnum):
    OFF = "off"
    ON = "on"
    EXTREME = "extreme"


class Scoring(StrEnum):
    WINNER_TAKES = "winner_takes"
    OWN_HAND = "own_hand"
    SINGLE_ROUND = "single_round"


class SettingType(StrEnum):
    BOOL = "bool"
    INT = "int"
    CHOICE = "choice"


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """What a settings menu needs to know about one setting."""

    name: str
    type: SettingType
    default: bool | int | str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    off_value: int | None = None  # an int setting that may also be switched off with this value

    def allows(self, value: object) -> bool:
        if self.type is SettingType.BOOL:
            return isinstance(value, bool)
        if self.type is SettingType.CHOICE:
            return isinstance(value, str) and value in self.choices
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if self.off_value is not None and value == self.off_value:
            return True
        assert self.minimum is not None and self.maximum is not None
        return self.minimum <= value <= self.maximum


class RulesError(ValueError):
    """A setting is unknown or its value is not allowed; `setting` names it."""

    def __init__(self, setting: str, message: str) -> None:
        super().__init__(f"{setting}: {message}")
        self.setting = setting


def _int(default: int, minimum: int, maximum: int, off: int | None = None) -> Any:
    return field(default=default, metadata={"range": (minimum, maximum), "off": off})


@dataclass(frozen=True, slots=True)
class Rules:
    deck: DeckName = DeckName.CLASSIC
    hand_size: int = _int(7, 5, 10)
    blank_effect: BlankEffect = BlankEffect.DRAW_TEN
    draw_rule: DrawRule = DrawRule.SINGLE
    force_play: bool = False
    black_on_black: bool = True
    wd4_challenge: bool = True
    stacking: Stacking = Stacking.OFF
    jump_in: JumpIn = JumpIn.OFF
    seven_zero: bool = False
    multi_play: bool = False
    extreme_draw_chain: bool = False
    skip_chain: bool = False
    eight_cover: bool = False
    zero_slap: bool = False
    slap_seconds: int = _int(5, 2, 30)
    seven_silence: bool = False
    extreme_wild_restriction: bool = False
    extreme_challenge: bool = False
    extreme_start: bool = False
    uno_penalty: int = _int(2, 1, 10)
    uno_window_seconds: int = _int(10, 3, 60)
    false_catch_penalty: int = _int(0, 0, 4)
    scoring: Scoring = Scoring.WINNER_TAKES
    target_score: int = _int(500, 100, 2000)
    lone_zero_100: bool = False
    turn_seconds: int = _int(60, 15, 600, off=0)
    afk_limit: int = _int(3, 1, 10)

    def __post_init__(self) -> None:
        for spec in SETTINGS:
            value = getattr(self, spec.name)
            enum = _ENUMS.get(spec.name)
            if not spec.allows(_plain(value)) or (enum is not None and not isinstance(value, enum)):
                raise RulesError(spec.name, f"value {value!r} is not allowed")

    def to_dict(self) -> dict[str, bool | int | str]:
        return {spec.name: cast(bool | int | str, _plain(getattr(self, spec.name))) for spec in SETTINGS}

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: Rules | None = None) -> Rules:
        """Validated rules from a (possibly partial) mapping; missing settings come from `base`/defaults."""
        if not isinstance(data, dict):
            raise RulesError("rules", f"expected a mapping of settings, got {type(data).__name__}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            spec = SETTINGS_BY_NAME.get(name)
            if spec is None:
                raise RulesError(name, "unknown setting")
            if not spec.allows(value):
                raise RulesError(name, f"value {value!r} is not allowed")
            values[name] = _ENUMS[name](value) if name in _ENUMS else value
        return dataclasses.replace(base or cls(), **values)

    def changed(self, **changes: Any) -> Rules:
        """A validated copy with some settings changed (plain JSON values or enum members)."""
        return Rules.from_dict({name: _plain(value) for name, value in changes.items()}, base=self)


def _plain(value: object) -> object:
    """An enum member as its JSON value; any other value as it is, for validation to judge."""
    return str(value.value) if isinstance(value, Enum) else value


def _build_specs() -> tuple[tuple[SettingSpec, ...], dict[str, type[Enum]]]:
    specs: list[SettingSpec] = []
    enums: dict[str, type[Enum]] = {}
    for f in dataclasses.fields(Rules):
        default = f.default
        if isinstance(default, Enum):
            enums[f.name] = type(default)
            choices = tuple(str(member.value) for member in type(default))
            specs.append(SettingSpec(f.name, SettingType.CHOICE, str(default.value), choices=choices))
        elif isinstance(default, bool):
            specs.append(SettingSpec(f.name, SettingType.BOOL, default))
        else:
            minimum, maximum = f.metadata["range"]
            specs.append(
                SettingSpec(
                    f.name,
                    SettingType.INT,
                    default,
                    minimum=minimum,
                    maximum=maximum,
                    off_value=f.metadata["off"],
                )
            )
    return tuple(specs), enums


SETTINGS, _ENUMS = _build_specs()
SETTINGS_BY_NAME: dict[str, SettingSpec] = {spec.name: spec for spec in SETTINGS}

PRESETS: dict[str, Rules] = {
    "official": Rules(),
    "house": Rules(stacking=Stacking.SAME, jump_in=JumpIn.ON, seven_zero=True),
    "extreme": Rules(
        stacking=Stacking.OFF,
        extreme_draw_chain=True,
        skip_chain=True,
        eight_cover=True,
        zero_slap=True,
        seven_silence=True,
        extreme_wild_restriction=True,
        extreme_challenge=True,
        extreme_start=True,
        jump_in=JumpIn.EXTREME,
        scoring=Scoring.OWN_HAND,
        lone_zero_100=True,
        false_catch_penalty=1,
    ),
    "h2o": Rules(deck=DeckName.H2O),
    "minecraft": Rules(deck=DeckName.MINECRAFT),
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("preset", f"unknown preset {name!r}") from None
